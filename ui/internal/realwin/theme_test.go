//go:build realwindow

package realwin

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Lightness bounds of a window's mean grey level (0 black, 1 white): the light theme's window is
// mostly its near-white background, the dark theme's its near-black one.
const (
	lightAtLeast = 0.6
	darkAtMost   = 0.4
)

// checkSettingsTheme checks that the Settings window follows the theme (issue 20: it was seen to
// stay dark in the light theme): opened after the light theme is chosen, it is light; with it
// open, the dark theme and then the light theme again show in it at once. It closes Settings
// with Ctrl+W (and checks that it is gone) and leaves the light theme on.
func (s *session) checkSettingsTheme() {
	if err := s.ask("theme light", nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	s.key("ctrl+comma")
	found := strings.Fields(s.xdotool("search", "--sync", "--onlyvisible", "--name", "^Lectern Settings$"))
	settings := found[len(found)-1]
	time.Sleep(500 * time.Millisecond) // its first frames
	opened := s.lightness(settings, "settings-opened")
	s.check("settings-light-when-opened", opened >= lightAtLeast,
		"Settings opened in the light theme has a mean lightness of %.2f (light is ≥ %.2f)", opened, lightAtLeast)
	for _, step := range []struct {
		theme string
		ok    func(float64) bool
		want  string
	}{
		{"dark", func(l float64) bool { return l <= darkAtMost }, "dark is ≤ 0.4"},
		{"light", func(l float64) bool { return l >= lightAtLeast }, "light is ≥ 0.6"},
	} {
		if err := s.ask("theme "+step.theme, nil, 10*time.Second); err != nil {
			s.t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		l := s.lightness(settings, "settings-"+step.theme)
		s.check("settings-follows-"+step.theme, step.ok(l),
			"with Settings open, the %s theme chosen: its mean lightness is %.2f (%s)", step.theme, l, step.want)
	}
	s.keyClosing(settings, "ctrl+w")
	time.Sleep(300 * time.Millisecond)
	left := strings.TrimSpace(s.xdotoolMay("search", "--onlyvisible", "--name", "^Lectern Settings$"))
	s.check("settings-ctrl-w", left == "", "after Ctrl+W in Settings its window is %s", map[bool]string{true: "gone", false: "still shown"}[left == ""])
}

// xdotoolMay runs xdotool on the session's display and returns its output, whatever its exit.
func (s *session) xdotoolMay(args ...string) string {
	cmd := exec.Command("xdotool", args...)
	cmd.Env = s.env()
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// lightness grabs window win as name.png in the screenshots folder and returns its mean grey level.
func (s *session) lightness(win, name string) float64 {
	path := filepath.Join(s.out, name+".png")
	grab := exec.Command("import", "-window", win, path)
	grab.Env = s.env()
	if out, err := grab.CombinedOutput(); err != nil {
		s.t.Fatalf("import -window %s: %v\n%s", win, err, out)
	}
	out, err := exec.Command("convert", path, "-colorspace", "Gray", "-format", "%[fx:mean]", "info:").Output()
	if err != nil {
		s.t.Fatalf("convert %s: %v", path, err)
	}
	l, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil {
		s.t.Fatalf("mean lightness of %s: %q", path, out)
	}
	return l
}
