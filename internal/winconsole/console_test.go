package winconsole

import (
	"errors"
	"slices"
	"testing"
)

// fakeSystem records what Attach asked of it.
type fakeSystem struct {
	usable      [3]bool
	noConsole   bool    // AttachParent fails: the parent has no console
	reopenFails [3]bool // Reopen of these handles fails
	attached    bool
	reopenCalls []int
}

func (f *fakeSystem) Usable(std int) bool { return f.usable[std] }

func (f *fakeSystem) AttachParent() error {
	if f.noConsole {
		return errors.New("the parent has no console")
	}
	f.attached = true
	return nil
}

func (f *fakeSystem) Reopen(std int) error {
	if !f.attached {
		panic("Reopen before AttachParent")
	}
	f.reopenCalls = append(f.reopenCalls, std)
	if f.reopenFails[std] {
		return errors.New("cannot open the console")
	}
	return nil
}

func TestAttach(t *testing.T) {
	none, all := [3]bool{}, [3]bool{true, true, true}
	for _, c := range []struct {
		name        string
		args        []string
		sys         fakeSystem
		wantAttach  bool
		wantCalls   []int
		wantReopens []int
	}{
		{name: "no arguments: the desktop app, no console",
			args: []string{"Lectern.exe"}, sys: fakeSystem{usable: none}},
		{name: "typed in a console: all three reopened on it",
			args: []string{"Lectern.exe", "workspaces"}, sys: fakeSystem{usable: none},
			wantAttach: true, wantCalls: []int{Stdin, Stdout, Stderr}, wantReopens: []int{Stdin, Stdout, Stderr}},
		{name: "all redirected: nothing to attach",
			args: []string{"Lectern.exe", "workspaces"}, sys: fakeSystem{usable: all}},
		{name: "output piped: the pipe is kept, stdin and stderr go to the console",
			args: []string{"Lectern.exe", "workspaces"}, sys: fakeSystem{usable: [3]bool{false, true, false}},
			wantAttach: true, wantCalls: []int{Stdin, Stderr}, wantReopens: []int{Stdin, Stderr}},
		{name: "input from a file: kept",
			args: []string{"Lectern.exe", "connect"}, sys: fakeSystem{usable: [3]bool{true, false, false}},
			wantAttach: true, wantCalls: []int{Stdout, Stderr}, wantReopens: []int{Stdout, Stderr}},
		{name: "no parent console (Explorer): keep going, nothing reopened",
			args: []string{"Lectern.exe", "help"}, sys: fakeSystem{usable: [3]bool{false, true, false}, noConsole: true}},
		{name: "one reopen fails: the others still done",
			args: []string{"Lectern.exe", "help"}, sys: fakeSystem{usable: none, reopenFails: [3]bool{Stdin: true}},
			wantAttach: true, wantCalls: []int{Stdin, Stdout, Stderr}, wantReopens: []int{Stdout, Stderr}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sys := c.sys
			got := Attach(&sys, c.args)
			if sys.attached != c.wantAttach {
				t.Errorf("attached = %v, want %v", sys.attached, c.wantAttach)
			}
			if !slices.Equal(sys.reopenCalls, c.wantCalls) {
				t.Errorf("Reopen called for %v, want %v", sys.reopenCalls, c.wantCalls)
			}
			if !slices.Equal(got, c.wantReopens) {
				t.Errorf("Attach returned %v, want %v", got, c.wantReopens)
			}
		})
	}
}
