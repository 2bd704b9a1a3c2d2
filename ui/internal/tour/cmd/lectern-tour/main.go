// Command lectern-tour is the desktop app driven by the test harness under Xvfb, a binary apart
// from lectern so that the product carries none of it:
//
//	lectern-tour smoke         the smoke driver (scripts/smoke.sh)
//	lectern-tour screenshots   the screenshot tour (scripts/screenshots.sh)
//	lectern-tour probe         the real-window tests' probe (ui/internal/realwin, make realwindow)
//
// Each opens the data folder as lectern does (LECTERN_HOME) and trace the start-up timings, and is
// the one app of that data folder as lectern is (package instance): a `lectern quick` or
// `lectern FILE` started on the same data folder is handed to it.
package main

import (
	"context"
	"fmt"
	"os"
	"runtime"

	"lectern/app"
	"lectern/app/settings"
	"lectern/internal/instance"
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
	// Settings shows AI apps the command an installed Lectern has, not this harness binary's path,
	// and a person's data folder, not the temporary one the tour runs on.
	opts := ui.RunOptions{Trace: true, Driver: driver, Command: installedProgram(runtime.GOOS), HomeShown: defaultHome(runtime.GOOS)}
	if home, err := settings.DefaultHome(); err == nil {
		l, forwarded, err := instance.Claim(home, instance.Request{})
		if forwarded || err != nil {
			fmt.Fprintf(os.Stderr, "lectern-tour: another Lectern runs on %s, or its socket cannot be made (%v)\n", home, err)
			os.Exit(1)
		}
		opts.Instance = l
	}
	open := func() (*app.App, error) { return app.Open(context.Background(), app.Options{}) }
	code := ui.Run(open, opts)
	if opts.Instance != nil {
		_ = opts.Instance.Close()
	}
	os.Exit(code)
}

// installedProgram is where an installed lectern program is on the system goos: the Mac app's
// bundle, else where the Linux package's `sudo make install` puts it.
func installedProgram(goos string) string {
	if goos == "darwin" {
		return "/Applications/Lectern.app/Contents/MacOS/lectern"
	}
	return "/usr/local/bin/lectern"
}

// defaultHome is a person's data folder on the system goos: settings.DefaultHome's, the user's
// configuration folder (os.UserConfigDir) and lectern in it, as a person writes it.
func defaultHome(goos string) string {
	switch goos {
	case "darwin":
		return "~/Library/Application Support/lectern"
	case "windows":
		return `%AppData%\lectern`
	}
	return "~/.config/lectern"
}
