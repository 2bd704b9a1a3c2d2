// Package ui is the shell of Lectern's desktop front-end in Fyne: start and run, the menus and
// shortcuts, the main window (the panes laid out, banner, status bar), the first-run page. The
// views of one concern live in packages of their own (ui/conversation, ui/documents, ui/settings,
// ui/uploads, ui/workspaces) over the leaves ui/widgets and ui/theme. The smoke driver and the
// screenshot tour live apart, in ui/internal/tour (test harness, not product), and drive the window
// through RunOptions.Driver and ui/internal/harness.
//
// Views are thin: they call the application core (package app) from a goroutine of their own and
// come back to the UI goroutine through the life.Life the window gives them (fyne.Do). The window
// subscribes once to the core's events and forwards each to the view on screen. Package ui never
// talks to the service directly.
package ui

import (
	"context"
	"os"
	"strconv"
	"time"

	"fyne.io/fyne/v2"

	"lectern/app"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/modelchat"
	appsettings "lectern/app/settings"
	appuploads "lectern/app/uploads"
	"lectern/app/workspaces"
	"lectern/ui/banner"
	"lectern/ui/conversation"
	"lectern/ui/dialogs"
	"lectern/ui/documents"
	"lectern/ui/internal/life"
	"lectern/ui/internal/parts"
	"lectern/ui/internal/work"
	"lectern/ui/quick"
	"lectern/ui/settings"
	ltheme "lectern/ui/theme"
	"lectern/ui/uploads"
	"lectern/ui/widgets"
)

// core is the application core as the window uses it: the core itself, and the parts a test may
// replace, each behind the small interface of what uses it. coreOf fills every part from one app.
type core struct {
	app  *app.App
	docs documents.Backend // the documents pane
	sync syncer            // the toolbar's refresh and the background refresh of a workspace
}

func coreOf(a *app.App) core { return core{app: a, docs: parts.Of(a), sync: a.Workspaces()} }

// syncer refreshes the cache from the server.
type syncer interface {
	Refresh(ctx context.Context) error
	RefreshWorkspace(ctx context.Context, id string) error
}

// view is what the window shows: the first-run page or the workspace browser.
type view interface {
	content() fyne.CanvasObject
	handle(ev events.Event) // on the UI goroutine
}

// UI is the desktop front-end: one main window whose content is the current view, and a
// Settings window opened on demand.
type UI struct {
	fa       fyne.App
	b        *app.App
	core     core // b and the parts tests may replace
	win      fyne.Window
	active   view
	main     *mainView
	settings *settings.Window
	palette  *dialogs.Palette // the command palette opened last
	unsub    func()
	lf       life.Life
	cancel   context.CancelFunc
	theme    string
	themeSet bool
	probe    fyne.CanvasObject  // first-frame probe, laid over every view
	ring     *widgets.FocusRing // the ring around the control that has the keyboard, over every view
	// ringFrames are the frames the focus rings are watched in (the window's; none in tests, which
	// call Follow: a watch in every frame would keep their queue from ever going quiet)
	ringFrames func(fn func() bool)
	trace      func(what string, count int) // RunOptions.Trace: "workspaces-shown", "documents-shown"
	quitting   func()                       // called once the app quits (run: arms the exit guard)
	quick      *quick.Window                // the Quick ask window, when open
	tray       *tray                        // the tray entry, nil where the app has none (tests)
	work       *work.Board                  // the answers and OCR jobs running, for the tray and notifications
	// pendingOpen are files opened with Lectern on the first-run page: asked about once the
	// workspace browser shows; openForm is the question asked last.
	pendingOpen []string
	openForm    *openForm
	version     string // the version line Help → About Lectern says (RunOptions.Version)
	command     string // the lectern program AI apps start, as Settings shows it (RunOptions.Command)
	homeShown   string // the data folder as Settings shows it (RunOptions.HomeShown)

	// OnViewShown, when set, is called on the UI goroutine after the window's view changes.
	OnViewShown func(name string)
}

// New makes the front-end over the application core a inside the Fyne app fa; Show opens its window.
func New(fa fyne.App, a *app.App) *UI { return newUI(fa, coreOf(a)) }

func newUI(fa fyne.App, c core) *UI {
	ctx, cancel := context.WithCancel(context.Background())
	u := &UI{fa: fa, b: c.app, core: c, lf: life.Life{Ctx: ctx, Do: fyne.Do, Now: time.Now, Frame: life.Animate},
		ringFrames: life.Animate, cancel: cancel, quitting: func() {}}
	u.work = u.newWork()
	return u
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
	u.win.Resize(savedSize(u.b.Settings(), userScale(u.fa)))
	u.win.SetCloseIntercept(u.closeWindow)
	u.win.SetOnDropped(u.dropped)
	u.watchFocus()
	u.unsub = u.b.Subscribe(func(ev events.Event) { u.lf.Do(func() { u.dispatch(ev) }) })
	go u.b.Conversations().Sync().Auto(u.lf.Ctx) // idle until a sync target is set
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

func (u *UI) dispatch(ev events.Event) {
	if _, ok := ev.(events.SettingsChanged); ok {
		u.applyTheme()
		if u.settings != nil {
			u.settings.Refresh()
		}
	}
	if _, ok := ev.(events.SyncEnded); ok && u.settings != nil {
		u.settings.SyncEnded()
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

// leaveMain closes what the workspace browser shown lays over the window (the uploads' popover),
// before another view replaces it.
func (u *UI) leaveMain() {
	if u.main != nil {
		u.main.uploads.SetOpen(false)
	}
}

func (u *UI) showFirstRun() {
	u.leaveMain()
	u.main = nil
	f := newFirstRun(u.lf, u.b, u.win)
	f.OnConnected = u.showMain
	u.setView(f, "first-run")
	u.win.Canvas().Focus(f.Server)
}

func (u *UI) showMain() {
	u.leaveMain()
	u.main = newMainView(u.lf, u.core, u.win)
	u.main.onSettings = u.ShowSettings
	u.main.chat.Work, u.main.notify = u.work, u.notify
	u.main.chat.SetNotify(func(title, body string) { u.notify(notifyOCR, title, body, u.bringForward) })
	u.main.uploads.OnChanged = u.trayChanged
	if u.trace != nil {
		u.main.docs.OnShown = func(n int) { u.trace("documents-shown", n) }
		u.main.onLoaded = func(n int) { u.trace("workspaces-shown", n) }
		u.main.chat.OnShown = func(n int) { u.trace("conversation-shown", n) }
	}
	u.setView(u.main, "main")
	u.main.start()
	if paths := u.pendingOpen; len(paths) > 0 {
		u.pendingOpen = nil
		u.askOpen(paths)
	}
}

// savedSize is the window's size saved for the next start, in units at the person's scale
// (userScale); the default window when none is saved, or one too small.
func savedSize(s appsettings.Settings, scale float32) fyne.Size {
	if s.WindowWidth >= 600 && s.WindowHeight >= 400 {
		return fyne.NewSize(s.WindowWidth/scale, s.WindowHeight/scale)
	}
	return fyne.NewSize(1100, 700)
}

// userScale is the scale the person chose, as Fyne's driver reads it: FYNE_SCALE, else Fyne's
// settings, else 1. The window's size is saved at scale 1 (saveWindow), so that a start at another
// scale opens it as large on the screen (issue 35: after FYNE_SCALE=1.5, a start without it opened
// at two thirds of the size). The scale Fyne detects from the screen is left in units, as Fyne does.
func userScale(fa fyne.App) float32 {
	if env := os.Getenv("FYNE_SCALE"); env != "" && env != "auto" {
		if s, err := strconv.ParseFloat(env, 32); err == nil && s > 0 {
			return float32(s)
		}
	}
	if s := fa.Settings().Scale(); s > 0 {
		return s
	}
	return 1
}

// applyTheme switches the whole app to the theme named in the settings, when it changed.
func (u *UI) applyTheme() {
	name := u.b.Settings().Theme
	if name == u.theme && u.themeSet {
		return
	}
	u.theme, u.themeSet = name, true
	u.fa.Settings().SetTheme(ltheme.For(name))
}

// The application core implements what each view package uses of it.
var (
	_ syncer                    = (*workspaces.Sync)(nil)
	_ documents.Backend         = parts.Core{}
	_ conversation.Core         = parts.Core{}
	_ settings.Backend          = parts.Core{}
	_ banner.Core               = parts.Core{}
	_ settings.Keys             = parts.Core{}
	_ settings.Servers          = parts.Core{}
	_ settings.ConnectBackend   = parts.Core{}
	_ settings.Keeping          = (*conversations.Conversations)(nil)
	_ settings.Trash            = (*conversations.Conversations)(nil)
	_ uploads.Queue             = (*appuploads.Queue)(nil)
	_ conversation.Answers      = (*conversations.Conversations)(nil)
	_ conversation.Lists        = (*conversations.Conversations)(nil)
	_ conversation.ModelChats   = (*modelchat.Models)(nil)
	_ conversation.Library      = (*modelchat.Models)(nil)
	_ conversation.Projects     = (*conversations.Conversations)(nil)
	_ conversation.ProjectChats = (*modelchat.Models)(nil)
)

// ShowSettings opens the Settings window, or brings it to the front when already open.
func (u *UI) ShowSettings() {
	if u.settings != nil {
		u.settings.Win().RequestFocus()
		return
	}
	hooks := settings.Hooks{ApplyTheme: u.applyTheme, SignedOut: u.showFirstRun, KeyChanged: u.Refresh, Switched: u.showMain}
	lf := u.lf
	lf.Frame = u.ringFrames // Settings uses its frames for its focus ring only
	s := settings.New(u.fa, lf, settings.Core{App: parts.Of(u.b), Keys: parts.Of(u.b), Servers: parts.Of(u.b), Connect: parts.Of(u.b), Keeping: u.b.Conversations(),
		Trash: u.b.Conversations(), MCP: u.b.Models().MCPServers(), Command: u.command, HomeShown: u.homeShown, Sync: u.b.Conversations().Sync()}, hooks)
	u.settings = s
	s.Win().SetOnClosed(func() { u.settings = nil; s.Closed() })
	s.Win().Show()
}

// SettingsWindow returns the open Settings window, or nil.
func (u *UI) SettingsWindow() fyne.Window {
	if u.settings == nil {
		return nil
	}
	return u.settings.Win()
}
