package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"

	"lectern/app"
	"lectern/ui/internal/doclist"
)

// tourStep is one stop of the screenshot tour: do brings the app there (from the tour goroutine,
// touching widgets only through onUI), then the window it returns is captured as name.png.
// New features add their stops to tourSteps.
type tourStep struct {
	name   string
	do     func(t *tour) (fyne.Window, error)
	window string // title of the window to grab; "" for the whole screen
}

// tour is LECTERN_TOUR mode's state: the app and the large demo server.
type tour struct {
	u     *UI
	large *largeServer
}

// tourSteps are the tour's stops, in order: first run, the demo's workspace browser, a website
// import, a large workspace with a filter typed, Settings, the dark theme, and the offline state.
var tourSteps = []tourStep{
	{"01-first-run", (*tour).firstRun, ""},
	{"02-workspaces", (*tour).demoBrowser, ""},
	{"03-website-import", (*tour).websiteImport, ""},
	{"04-large-workspace-filter", (*tour).largeWorkspace, ""},
	{"05-settings", (*tour).settings, "Lectern Settings"},
	{"06-dark-theme", (*tour).dark, ""},
	{"07-offline", (*tour).offline, ""},
}

// runTour is LECTERN_TOUR mode (scripts/screenshots.sh): it walks tourSteps, asking the script
// for a screenshot of the screen at each (see shoot), then quits and returns the exit code.
func runTour(u *UI, painted <-chan struct{}) int {
	t := &tour{u: u}
	defer t.cleanup()
	<-painted
	for _, s := range tourSteps {
		if _, err := s.do(t); err != nil {
			fmt.Printf("tour: FAIL %s: %v\n", s.name, err)
			onUI(u.quit)
			return 1
		}
		shoot(s.name, s.window)
	}
	onUI(u.quit)
	return 0
}

func (t *tour) cleanup() {
	if t.large != nil {
		t.large.stop()
		_ = t.u.b.SignOut(context.Background()) // forget the tour's key
	}
}

func (t *tour) firstRun() (fyne.Window, error) {
	ok := waitFor(10*time.Second, func() bool { _, ok := t.u.active.(*firstRun); return ok })
	if !ok {
		return nil, errors.New("the first-run page is not shown: use an empty LECTERN_HOME")
	}
	// The tour is shot in the light theme (Xvfb's "system" is dark), and in the dark theme later.
	if err := t.u.b.UpdateSettings(func(s *app.Settings) { s.Theme = ThemeLight }); err != nil {
		return nil, err
	}
	onUI(func() {
		t.u.applyTheme()
		f := t.u.active.(*firstRun)
		f.server.SetText("https://lectern.example.com")
	})
	return t.u.win, nil
}

func (t *tour) demoBrowser() (fyne.Window, error) {
	onUI(func() { t.u.active.(*firstRun).doDemo() })
	if !waitFor(60*time.Second, t.u.settled) {
		return nil, errors.New("the demo workspaces did not show")
	}
	return t.u.win, t.selectWorkspace("My documents", "")
}

func (t *tour) websiteImport() (fyne.Window, error) {
	return t.u.win, t.selectWorkspace("Operations", "")
}

// selectWorkspace selects the workspace named name, types filter, and waits for its documents.
func (t *tour) selectWorkspace(name, filter string) error {
	found := false
	onUI(func() {
		for _, w := range t.u.main.list.all {
			if w.Workspace.Name == name {
				found = t.u.main.list.Select(w.WorkspaceID)
			}
		}
	})
	if !found {
		return fmt.Errorf("no workspace %q", name)
	}
	if !waitFor(60*time.Second, t.u.settled) {
		return fmt.Errorf("workspace %q did not load", name)
	}
	for i := 1; i <= len(filter); i++ { // as typed, one keystroke at a time
		onUI(func() { t.u.main.docs.filter.SetText(filter[:i]) })
	}
	return nil
}

func (t *tour) largeWorkspace() (fyne.Window, error) {
	ls, err := startLargeServer(10000)
	if err != nil {
		return nil, err
	}
	t.large = ls
	if err := t.u.b.Connect(t.u.ctx, ls.url, ls.key); err != nil {
		return nil, fmt.Errorf("connect to the large server: %w", err)
	}
	onUI(t.u.showMain)
	if !waitFor(120*time.Second, t.u.settled) {
		return nil, errors.New("the large server's workspaces did not show")
	}
	if err := t.selectWorkspace(largeWorkspaceName, "report q3"); err != nil {
		return nil, err
	}
	onUI(func() { t.u.main.docs.table.sortBy(doclist.ColUpdated) })
	return t.u.win, nil
}

func (t *tour) settings() (fyne.Window, error) {
	onUI(t.u.ShowSettings)
	time.Sleep(500 * time.Millisecond) // the key is read in the background
	var w fyne.Window
	onUI(func() { w = t.u.SettingsWindow() })
	return w, nil
}

func (t *tour) dark() (fyne.Window, error) {
	onUI(func() {
		if w := t.u.SettingsWindow(); w != nil {
			w.Close()
		}
	})
	if err := t.u.b.UpdateSettings(func(s *app.Settings) { s.Theme = ThemeDark }); err != nil {
		return nil, err
	}
	onUI(t.u.applyTheme)
	return t.u.win, nil
}

func (t *tour) offline() (fyne.Window, error) {
	if err := t.u.b.UpdateSettings(func(s *app.Settings) { s.Theme = ThemeLight }); err != nil {
		return nil, err
	}
	onUI(t.u.applyTheme)
	t.large.stop()
	onUI(t.u.Refresh)
	offline := waitFor(60*time.Second, func() bool {
		return t.u.main != nil && !t.u.main.busy && t.u.b.Connection().State == app.ConnOffline
	})
	if !offline {
		return nil, errors.New("the app did not go offline after its server stopped")
	}
	return t.u.win, nil
}
