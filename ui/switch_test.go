package ui

import (
	"context"
	"testing"

	"lectern/client/emulator"
)

// switchServer switches the app with do, as Settings does, then shows the new server's browser
// (the Switched hook) and waits until it settled on a workspace.
func (f *fixture) switchServer(t *testing.T, do func() error) *mainView {
	t.Helper()
	old := f.u.main
	go func() {
		err := do()
		f.u.lf.Do(func() {
			if err != nil {
				t.Error(err)
			}
			f.u.showMain()
		})
	}()
	until(t, "the browser of "+f.app.SignIn().Server(), func() bool { return f.u.main != old && driver{f.u}.settled() })
	m := f.u.main
	until(t, "the last conversation looked up", func() bool { return m.lookups.Load() == 0 })
	drain()
	return m
}

// After a switch of server the window selects the workspace last used there, else the person's
// own workspace that takes files. A workspace the window chose by itself is not remembered as
// used: on a server first seen, the published handbook (own and personal, so not known to
// refuse files before the server said so) was chosen, saved as the last one used, and selected
// on every later switch to that server, even once the server had refused files for it.
func TestServerSwitchSelectsLastOrOwnWorkspace(t *testing.T) {
	f := newFixture(t, uploadConfig())
	a := f.browser()
	a.selectNamed(t, "Finance") // the person's choice on server A
	until(t, "the choice saved", func() bool { return f.app.Settings().LastWorkspace[f.emu.URL()] == "org_demo_finance" })

	emuB, infoB := emulator.NewDemo(uploadConfig())
	emuB.Serve()
	t.Cleanup(emuB.Close)
	b := f.switchServer(t, func() error {
		if err := f.app.SignIn().Connect(context.Background(), emuB.URL(), infoB.Key); err != nil {
			return err
		}
		return f.app.Workspaces().Refresh(context.Background())
	})
	if got := b.docs.Workspace().WorkspaceID; got != infoB.Published {
		t.Fatalf("server B, first seen: the window chose %s; this test wants the published handbook, the first of the own personal workspaces", got)
	}
	if id, ok := f.app.Settings().LastWorkspace[emuB.URL()]; ok {
		t.Errorf("server B: the window's own choice was saved as the workspace last used (%s)", id)
	}
	// A file dropped on it is refused: the core now knows the handbook is published.
	driver{f.u}.addFiles(writeTestFile(t, t.TempDir(), "notes.txt", []byte("notes")))
	until(t, "the handbook known to refuse files", func() bool {
		ok, _ := f.app.Uploads().CanAddFiles(context.Background(), infoB.Published)
		return !ok
	})
	switchTo := func(server string) *mainView {
		return f.switchServer(t, func() error { return f.app.SignIn().SwitchServer(context.Background(), server) })
	}
	if got := switchTo(f.emu.URL()).docs.Workspace(); got.WorkspaceID != "org_demo_finance" {
		t.Errorf("back on server A the window selected %q, want Finance (the last one used there)", got.Workspace.Name)
	}
	if got := switchTo(emuB.URL()).docs.Workspace(); got.WorkspaceID != infoB.Personal {
		t.Errorf("back on server B the window selected %q, want My documents (the person's own that takes files)", got.Workspace.Name)
	}
}
