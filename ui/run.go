package ui

import (
	"fmt"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/internal/instance"
	"lectern/internal/probe"
	"lectern/internal/words"
	"lectern/ui/internal/exitguard"
	"lectern/ui/internal/harness"
	"lectern/ui/internal/startgc"
	ltheme "lectern/ui/theme"
	"lectern/ui/widgets"
)

// AppID is Lectern's application id (also in FyneApp.toml).
const AppID = "io.lectern.app"

// RunOptions are Run's choices beyond the product's defaults.
type RunOptions struct {
	// Trace prints "first-frame <ms>" when the first frame is painted,
	// "workspaces-shown <count> <ms>" each time the workspace list is shown and
	// "documents-shown <count> <ms>" each time a workspace's documents are (milliseconds since Run
	// started), for the start-up benchmarks (LECTERN_TRACE=1, see the main package) and the harness.
	Trace bool
	// Driver, when set, runs on a goroutine of its own once the window is shown; painted is closed
	// when the first frame is painted, and its result is Run's exit code. It is the hook of the
	// test harness (ui/internal/tour: smoke driver, screenshot tour), which drives the window through
	// w; the product never sets it.
	Driver func(w *harness.Window, painted <-chan struct{}) int
	// Start is what this start was asked beyond opening the window: the Quick ask window, files to
	// open. Instance, when set, takes the requests of later starts (the one app of its data folder).
	Start    instance.Request
	Instance *instance.Listener
	// Version is the version line Help → About Lectern says, as lectern --version prints it.
	Version string
	// Command is the lectern program Settings tells AI apps to start (settings.Core.Command);
	// empty: this program. The harness binary sets the installed path, which it is not.
	Command string
	// HomeShown is the data folder as Settings shows it (settings.Core.HomeShown); empty: the
	// app's own. The harness binary, on a temporary folder, sets the platform's default.
	HomeShown string
}

// Run opens the desktop app and returns the process exit code when its last window closes. open
// opens the application core (the data folder); it runs on a goroutine of its own while Fyne makes
// the window, and Run closes what it returns. When it fails, the window says why and Run returns 1.
func Run(open func() (*app.App, error), opts RunOptions) int {
	start := time.Now()
	startgc.Bound(startgc.Window)
	type opened struct {
		a   *app.App
		err error
	}
	ch := make(chan opened, 1)
	go func() { a, err := open(); ch <- opened{a, err} }()
	go ltheme.WarmSystemFonts()
	fa := fyneapp.NewWithID(AppID)
	warmed := make(chan struct{})
	go func() { ltheme.WarmFonts(); close(warmed) }()
	// The window's icon is set after the first frame (see run): decoding the 512-pixel PNG and
	// handing it to X11 costs the UI thread several milliseconds before its first paint otherwise.
	win := fa.NewWindow("Lectern") // made while the data folder opens and the fonts load
	o := <-ch
	<-warmed // from here on only the UI goroutine measures text
	if o.err != nil {
		fa.SetIcon(ltheme.IconPNG)
		win.SetIcon(ltheme.IconPNG)
		showOpenError(fa, win, o.err)
		return 1
	}
	defer func() { _ = o.a.Close() }()
	o.a.Uploads().Start() // the desktop app works the whole upload queue, whoever queued the files
	u := New(fa, o.a)
	u.win, u.version, u.command, u.homeShown = win, opts.Version, opts.Command, opts.HomeShown
	return u.run(start, opts, o.a)
}

// run shows the window, starts the driver when there is one (over a), and runs the Fyne loop.
func (u *UI) run(start time.Time, opts RunOptions, a *app.App) int {
	var code atomic.Int32
	painted := make(chan struct{})
	u.probe = probe.New(func() {
		if opts.Trace {
			fmt.Printf("first-frame %d\n", time.Since(start).Milliseconds())
		}
		close(painted)
		// From a goroutine of its own, so that the icon is queued for the UI goroutine's loop: the
		// first frame can be painted inside Show, before the loop runs, where fyne.Do would set
		// the icon at once, before the frame reaches the screen.
		go fyne.Do(u.setIcon)
	})
	if opts.Trace {
		u.trace = func(what string, n int) { fmt.Printf("%s %d %d\n", what, n, time.Since(start).Milliseconds()) }
	}
	u.Show()
	u.startTray() // before the loop: Fyne starts the tray once, when its loop starts
	if opts.Instance != nil {
		go u.serveRequests(opts.Instance)
	}
	if opts.Start.Quick || len(opts.Start.Files) > 0 {
		u.handleRequest(opts.Start)
	}
	if opts.Driver != nil {
		w := u.harness(a)
		go func() { code.Store(int32(opts.Driver(w, painted))) }()
	}
	guard := exitguard.New(exitguard.Grace, func() { u.Close(); _ = a.Close() }, func() int { return int(code.Load()) })
	u.quitting = guard.Arm
	u.fa.Run()
	guard.Disarm()
	u.Close()
	return int(code.Load())
}

// setIcon gives the app and its main window their icon, once the first frame is painted.
func (u *UI) setIcon() {
	u.fa.SetIcon(ltheme.IconPNG)
	u.win.SetIcon(ltheme.IconPNG)
}

// showOpenError fills win with why the data folder could not be opened, and runs until it closes.
func showOpenError(fa fyne.App, win fyne.Window, err error) {
	msg := widget.NewLabel(openErrorText(err))
	msg.Wrapping = fyne.TextWrapWord
	msg.Selectable = true
	quit := widget.NewButton("Quit", fa.Quit)
	quit.Importance = widget.HighImportance
	title := widget.NewLabelWithStyle("Lectern cannot open its data folder", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	win.SetContent(container.NewPadded(container.NewBorder(title, container.NewHBox(layout.NewSpacer(), quit), nil, nil, msg)))
	win.Resize(fyne.NewSize(560, 240))
	win.SetMaster()
	win.ShowAndRun()
}

// openErrorText explains an app.Open failure. The core's errors already say what to do (a damaged
// or foreign database is reported and left untouched).
func openErrorText(err error) string { return words.Sentence(err.Error()) }

// wrap lays the ring around the focused control (widgets.FocusRing, watched from the first view
// on), the window's tips (widgets.Tips) and the first-frame probe, if any, over a view.
func (u *UI) wrap(content fyne.CanvasObject) fyne.CanvasObject {
	if u.ring == nil {
		u.ring = widgets.NewFocusRing(u.win.Canvas(), content)
		u.ring.OnFocus = u.keyboardMoved
		u.ring.Watch(u.lf.Ctx, u.ringFrames)
	} else {
		u.ring.SetContent(content)
	}
	content = widgets.NewTips(u.ring.Root()).Root()
	if u.probe != nil {
		return probe.Wrap(content, u.probe)
	}
	return content
}
