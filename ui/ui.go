// Package ui is Lectern's desktop front-end in Fyne: the first-run window, the workspace browser
// and Settings. The smoke driver and the screenshot tour live apart, in ui/internal/tour (test
// harness, not product), and drive the window through RunOptions.Driver and harness.go's hooks.
//
// Views are thin: they call the application core (package app) from a goroutine of their own and
// come back to the UI goroutine with fyne.Do. The window subscribes once to the core's events and
// forwards each to the view on screen. Package ui never talks to the service directly.
package ui

import (
	"context"

	"fyne.io/fyne/v2"

	"lectern/app"
	"lectern/client"
)

// Backend is the part of the application core the views use. *app.App implements it; tests pass
// a fake or an app.App connected to the emulator.
type Backend interface {
	Settings() app.Settings
	UpdateSettings(func(*app.Settings)) error
	Home() string
	Server() string
	DemoMode() bool
	APIKey(server string) (string, app.KeySource, error)
	KeychainAvailable() bool
	TestConnection(ctx context.Context, server, key string) ([]client.Workspace, error)
	Connect(ctx context.Context, server, key string) error
	EnterKey(ctx context.Context, key string) error
	SetServerKey(ctx context.Context, server, key string) error
	KnownServers(ctx context.Context) ([]app.KnownServer, error)
	SwitchServer(ctx context.Context, server string) error
	SetKeyFile(ctx context.Context, on bool) error
	KeyFile(server string) string
	SignOut(ctx context.Context) error
	StartDemo(ctx context.Context) error
	Connection() app.Connection
	CachedWorkspaces(ctx context.Context) ([]app.CachedWorkspace, error)
	CachedWorkspaceContent(ctx context.Context, id string) ([]client.Document, []client.Source, error)
	Refresh(ctx context.Context) error
	RefreshWorkspace(ctx context.Context, id string) error
	WorkspaceLimits(id string) (client.Limits, bool)
	UploadLimits(ctx context.Context, id string) (client.Limits, bool)
	Uploads() *app.Uploads
	AddFiles(ctx context.Context, workspaceID string, paths ...string) ([]app.EnqueueResult, error)
	CanAddFiles(ctx context.Context, workspaceID string) (bool, string)
	Subscribe(fn func(app.Event)) (unsubscribe func())
	Explain(err error) app.Explanation
	Conversations() *app.Conversations
	Ask(ctx context.Context, q app.Question, opts app.AskOptions) (app.Turn, error)
}

var _ Backend = (*app.App)(nil)

// uiDo runs fn on the UI goroutine: fyne.Do. Every view comes back from its goroutines through it.
// The package's tests replace it, once, with a queue that the test goroutine drains, so that the
// race detector sees the test goroutine as the only UI goroutine.
var uiDo = fyne.Do

// view is what the window shows: the first-run page or the workspace browser.
type view interface {
	content() fyne.CanvasObject
	handle(ev app.Event) // on the UI goroutine
}

// UI is the desktop front-end: one main window whose content is the current view, and a
// Settings window opened on demand.
type UI struct {
	fa       fyne.App
	b        Backend
	win      fyne.Window
	active   view
	main     *mainView
	settings *settingsWindow
	unsub    func()
	ctx      context.Context
	cancel   context.CancelFunc
	theme    string
	themeSet bool
	probe    fyne.CanvasObject            // first-frame probe, laid over every view
	trace    func(what string, count int) // RunOptions.Trace: "workspaces-shown", "documents-shown"

	// OnViewShown, when set, is called on the UI goroutine after the window's view changes.
	OnViewShown func(name string)
}

// New makes the front-end over b inside the Fyne app fa; Show opens its window.
func New(fa fyne.App, b Backend) *UI {
	ctx, cancel := context.WithCancel(context.Background())
	return &UI{fa: fa, b: b, ctx: ctx, cancel: cancel}
}

// Window returns the main window (nil before Show).
func (u *UI) Window() fyne.Window { return u.win }

// Show applies the saved theme, opens the main window on the first-run page when no server is
// saved and on the workspace browser otherwise, and subscribes to the core's events.
func (u *UI) Show() {
	u.applyTheme()
	if u.win == nil {
		u.win = u.fa.NewWindow("Lectern")
	}
	u.win.SetMaster()
	u.win.Resize(savedSize(u.b.Settings()))
	u.win.SetCloseIntercept(u.Quit)
	u.win.SetOnDropped(u.dropped)
	u.watchFocus()
	u.unsub = u.b.Subscribe(func(ev app.Event) { uiDo(func() { u.dispatch(ev) }) })
	u.installShortcuts()
	s := u.b.Settings()
	if s.Server == "" && !s.DemoMode {
		u.showFirstRun()
	} else {
		u.showMain()
	}
	u.win.Show()
}

// Close stops background work and the event subscription; the window is closed by Fyne.
func (u *UI) Close() {
	u.cancel()
	if u.unsub != nil {
		u.unsub()
	}
}

func (u *UI) dispatch(ev app.Event) {
	if _, ok := ev.(app.SettingsChanged); ok {
		u.applyTheme()
		if u.settings != nil {
			u.settings.refresh()
		}
	}
	if u.active != nil {
		u.active.handle(ev)
	}
}

func (u *UI) setView(v view, name string) {
	u.active = v
	u.win.SetContent(u.wrap(v.content()))
	u.win.SetMainMenu(u.menu())
	if u.OnViewShown != nil {
		u.OnViewShown(name)
	}
}

func (u *UI) showFirstRun() {
	u.main = nil
	f := newFirstRun(u.b, u.ctx, u.win)
	f.onConnected = u.showMain
	u.setView(f, "first-run")
	u.win.Canvas().Focus(f.server)
}

func (u *UI) showMain() {
	u.main = newMainView(u.b, u.ctx, u.win)
	u.main.onSettings = u.ShowSettings
	if u.trace != nil {
		u.main.docs.onShown = func(n int) { u.trace("documents-shown", n) }
		u.main.onLoaded = func(n int) { u.trace("workspaces-shown", n) }
		u.main.chat.onShown = func(n int) { u.trace("conversation-shown", n) }
	}
	u.setView(u.main, "main")
	u.main.start()
}

// Quit asks first when uploads are running (they resume at the next start), then saves the
// window size and closes the app, as closing its main window does.
func (u *UI) Quit() { u.confirmQuit(u.quitNow) }

func (u *UI) quitNow() {
	u.saveWindow()
	u.Close()
	if u.settings != nil {
		u.settings.win.Close()
	}
	u.win.Close()
	u.fa.Quit()
}

// saveWindow keeps the window size and the split positions for the next start (the sort order and
// the workspace are saved when they change).
func (u *UI) saveWindow() {
	size := u.win.Canvas().Size()
	_ = u.b.UpdateSettings(func(s *app.Settings) {
		s.WindowWidth, s.WindowHeight = size.Width, size.Height
		if u.main != nil {
			u.main.saveLayout(s)
		}
	})
}

func savedSize(s app.Settings) fyne.Size {
	if s.WindowWidth >= 600 && s.WindowHeight >= 400 {
		return fyne.NewSize(s.WindowWidth, s.WindowHeight)
	}
	return fyne.NewSize(1100, 700)
}
