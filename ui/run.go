package ui

import (
	"fmt"
	"os"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"lectern/app"
	"lectern/ui/internal/probe"
)

// AppID is Lectern's application id (also in FyneApp.toml).
const AppID = "io.lectern.app"

// Run opens the desktop app over a and returns when its last window closes, with the process exit
// code. The caller opens and closes a. Three environment variables serve testing under Xvfb:
//
//   - LECTERN_SMOKE=1: start the demo when nothing is configured, wait for the main window to show
//     the workspaces, print "smoke: ok ...", ask for a screenshot (see shoot) and quit with 0
//     (1 when it fails within 60 s). Used by scripts/smoke.sh.
//
//   - LECTERN_TOUR=1: the screenshot tour of scripts/screenshots.sh; see tourSteps.
//
//   - LECTERN_TRACE=1: print "first-frame <ms>" when the first frame is painted and
//     "documents-shown <count> <ms>" each time a workspace's documents are shown (milliseconds
//     since start), for the start-up benchmarks. Smoke and tour modes trace too.
func Run(a *app.App) int {
	start := time.Now()
	fa := fyneapp.NewWithID(AppID)
	fa.SetIcon(iconPNG)
	u := New(fa, a)
	code := 0
	painted := make(chan struct{})
	trace := os.Getenv("LECTERN_TRACE") != "" || os.Getenv("LECTERN_SMOKE") != "" || os.Getenv("LECTERN_TOUR") != ""
	u.probe = probe.New(func() {
		if trace {
			fmt.Printf("first-frame %d\n", time.Since(start).Milliseconds())
		}
		close(painted)
	})
	if trace {
		u.trace = func(n int) { fmt.Printf("documents-shown %d %d\n", n, time.Since(start).Milliseconds()) }
	}
	switch {
	case os.Getenv("LECTERN_TOUR") != "":
		u.Show()
		go func() { code = runTour(u, painted) }()
	case os.Getenv("LECTERN_SMOKE") != "":
		u.Show()
		go func() { code = runSmoke(u, painted) }()
	default:
		u.Show()
	}
	fa.Run()
	u.Close()
	return code
}

// wrap lays the first-frame probe over a view's content, when there is a probe.
func (u *UI) wrap(content fyne.CanvasObject) fyne.CanvasObject {
	if u.probe == nil {
		return content
	}
	return probe.Wrap(content, u.probe)
}
