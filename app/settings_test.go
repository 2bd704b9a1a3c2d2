package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lectern/app/events"
	"lectern/app/settings"
)

func TestValidateServerURL(t *testing.T) {
	good := map[string]string{
		"https://qa.example.com/":       "https://qa.example.com",
		" HTTPS://QA.Example.com/api/ ": "https://qa.example.com/api",
		"http://127.0.0.1:8080":         "http://127.0.0.1:8080",
		"http://localhost:1234/":        "http://localhost:1234",
		"http://[::1]:99":               "http://[::1]:99",
	}
	for in, want := range good {
		got, err := settings.ValidateServerURL(in)
		if err != nil || got != want {
			t.Errorf("ValidateServerURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := map[string]string{
		"http://qa.example.com":       "unencrypted",
		"qa.example.com":              "does not start with https://",
		"":                            "empty",
		"ftp://x.org":                 "not a web address",
		"https://user:pw@x.org":       "user name",
		"https://x.org/?a=b":          "must not contain ?",
		"http://127.0.0.1.evil.com:1": "unencrypted",
	}
	for in, want := range bad {
		_, err := settings.ValidateServerURL(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ValidateServerURL(%q) error = %v; want it to say %q", in, err, want)
		}
	}
}

func TestSettingsSavedAtomicallyAndReloaded(t *testing.T) {
	home := t.TempDir()
	a, err := Open(context.Background(), Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	ev := record(t, a)
	if got := a.Settings(); got.Theme != "system" || got.Server != "" {
		t.Fatalf("defaults = %+v", got)
	}
	err = a.UpdateSettings(func(s *settings.Settings) {
		s.Theme, s.DefaultTier, s.Thinking = "dark", "smart", true
		s.LastWorkspace = map[string]string{"https://a.example": "ws_1"}
		s.WindowWidth, s.WindowHeight = 800, 600
		s.SplitOffset, s.DocSplitOffset, s.DocSort, s.DocSortDesc = 0.25, 0.4, "status", true
	})
	if err != nil {
		t.Fatal(err)
	}
	ev.waitFor(t, timeoutShort, func(e events.Event) bool { _, ok := e.(events.SettingsChanged); return ok })
	if err := a.UpdateSettings(func(s *settings.Settings) { s.Server = "http://example.com" }); err == nil {
		t.Fatal("an http server address was accepted")
	}
	if err := a.UpdateSettings(func(s *settings.Settings) { s.SplitOffset = 1.5 }); err == nil {
		t.Fatal("a split position over 1 was accepted")
	}
	if err := a.UpdateSettings(func(s *settings.Settings) { s.Theme = "pink" }); err == nil {
		t.Fatal("an unknown theme was accepted")
	}
	for _, name := range []string{"system", "light", "high-contrast", "dark"} { // the Settings window's choices
		if err := a.UpdateSettings(func(s *settings.Settings) { s.Theme = name }); err != nil {
			t.Fatalf("the theme %q was refused: %v", name, err)
		}
	}
	s := a.Settings()
	s.LastWorkspace["x"] = "y" // a copy: must not change the app's settings
	a.Close()
	entries, _ := os.ReadDir(home)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
	b, err := Open(context.Background(), Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got := b.Settings()
	if got.Theme != "dark" || got.DefaultTier != "smart" || !got.Thinking || got.WindowWidth != 800 ||
		got.LastWorkspace["https://a.example"] != "ws_1" || got.LastWorkspace["x"] != "" ||
		got.SplitOffset != 0.25 || got.DocSplitOffset != 0.4 || got.DocSort != "status" || !got.DocSortDesc {
		t.Fatalf("reloaded settings = %+v", got)
	}
	info, err := os.Stat(filepath.Join(home, settings.File))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("settings file mode = %v, %v", info, err)
	}
}

func TestDamagedSettingsReportedAndKept(t *testing.T) {
	home := t.TempDir()
	p := filepath.Join(home, settings.File)
	os.WriteFile(p, []byte("{not json"), 0o600)
	_, err := Open(context.Background(), Options{Home: home})
	if err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("Open = %v; want a damaged-settings error", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "{not json" {
		t.Fatal("the damaged settings file was changed")
	}
}

func TestDefaultHome(t *testing.T) {
	t.Setenv("LECTERN_HOME", "/tmp/x-lectern")
	if h, _ := settings.DefaultHome(); h != "/tmp/x-lectern" {
		t.Fatalf("DefaultHome = %q", h)
	}
	t.Setenv("LECTERN_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "/tmp/cfg")
	if h, _ := settings.DefaultHome(); h != "/tmp/cfg/lectern" {
		t.Fatalf("DefaultHome = %q", h)
	}
}
