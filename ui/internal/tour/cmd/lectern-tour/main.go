// Command lectern-tour is the desktop app driven by the test harness under Xvfb, a binary apart
// from lectern so that the product carries none of it:
//
//	lectern-tour smoke         the smoke driver (scripts/smoke.sh)
//	lectern-tour screenshots   the screenshot tour (scripts/screenshots.sh)
//	lectern-tour probe         the real-window tests' probe (ui/internal/realwin, make realwindow)
//
// Each opens the data folder as lectern does (LECTERN_HOME) and trace the start-up timings.
package main

import (
	"context"
	"fmt"
	"os"

	"lectern/app"
	"lectern/ui"
	"lectern/ui/internal/harness"
	"lectern/ui/internal/realwin"
	"lectern/ui/internal/tour"
)

func main() {
	drivers := map[string]func(*harness.Window, <-chan struct{}) int{"smoke": tour.Smoke, "screenshots": tour.Tour,
		"probe": realwin.Probe}
	var driver func(*harness.Window, <-chan struct{}) int
	if len(os.Args) == 2 {
		driver = drivers[os.Args[1]]
	}
	if driver == nil {
		fmt.Fprintln(os.Stderr, "usage: lectern-tour smoke|screenshots|probe")
		os.Exit(2)
	}
	open := func() (*app.App, error) { return app.Open(context.Background(), app.Options{}) }
	os.Exit(ui.Run(open, ui.RunOptions{Trace: true, Driver: driver}))
}
