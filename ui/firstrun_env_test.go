package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// Issue 20: the first-run page ignored LECTERN_SERVER and LECTERN_API_KEY, which the command line
// uses. When they are set it is filled with them (trimmed, as the command line trims them), and
// Connect needs no typing.
func TestFirstRunPrefillsFromTheEnvironment(t *testing.T) {
	f := newFixture(t, fastConfig())
	t.Setenv("LECTERN_SERVER", " "+f.emu.URL()+"\n")
	t.Setenv("LECTERN_API_KEY", f.info.Key+" ")
	p := firstRunPage(t, f)
	if p.Server.Text != f.emu.URL() || p.Key.Text != f.info.Key {
		t.Fatalf("the first-run page shows server %q and a key of %d characters, want %q and the %d of LECTERN_API_KEY",
			p.Server.Text, len(p.Key.Text), f.emu.URL(), len(f.info.Key))
	}
	if !p.Key.Password {
		t.Fatal("the key field shows the key")
	}
	test.Tap(p.ConnectButton)
	until(t, "the browser", driver{f.u}.settled)
}

// Without the variables the fields stay empty, showing their hints.
func TestFirstRunEmptyWithoutEnvironment(t *testing.T) {
	t.Setenv("LECTERN_SERVER", "")
	t.Setenv("LECTERN_API_KEY", "")
	p := firstRunPage(t, newFixture(t, fastConfig()))
	if p.Server.Text != "" || p.Key.Text != "" {
		t.Fatalf("server %q, key of %d characters, want both empty", p.Server.Text, len(p.Key.Text))
	}
}
