package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"runtime"
	"strings"

	"lectern/app"
	"lectern/cli"
	"lectern/internal/instance"
	"lectern/ui"
)

// runDesktop opens the desktop app (package ui) over the application core with req (the Quick ask
// window, files to open) and returns the exit code. When the app already runs on the same data
// folder, req goes to it (package instance), which brings its window forward, and this start ends
// at once. The data folder is opened while the window is being made; a failure is shown in the
// window.
// LECTERN_TRACE=1 prints the start-up timings (ui.RunOptions.Trace) that ui.BenchmarkStartup reads
// from this binary: a few lines on stdout, so it stays in the product.
//
// Without a display (over SSH) it says so in one sentence and returns 2 before Fyne starts. Fyne's
// own log lines (no D-Bus for the theme watcher, no cache folder...) change nothing for the user
// and stay out of a normal start; LECTERN_DEBUG=1 shows them, and the Go trace of a failure.
func runDesktop(req instance.Request) (code int) {
	if !hasDisplay(os.Getenv) {
		fmt.Fprintln(os.Stderr, "lectern: the desktop app needs a display, and none is set here (DISPLAY and WAYLAND_DISPLAY are empty, as over SSH); \"lectern help\" lists the commands that work without one.")
		return 2
	}
	debug := os.Getenv("LECTERN_DEBUG") != ""
	if !debug {
		log.SetOutput(io.Discard)
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(os.Stderr, "lectern: the desktop app could not start or stopped on an internal error (%s); LECTERN_DEBUG=1 lectern shows the details, and \"lectern help\" lists the commands that need no display.\n",
					app.OneLine(fmt.Sprint(r)))
				code = 2
			}
		}()
	}
	opts := ui.RunOptions{Trace: os.Getenv("LECTERN_TRACE") != "", Start: req}
	if home, err := app.DefaultHome(); err == nil {
		l, forwarded, err := instance.Claim(home, req)
		switch {
		case forwarded:
			return 0
		case err != nil: // the app runs alone, as a second copy would have before
			log.Printf("lectern: no single-instance socket: %v", err)
		default:
			defer l.Close()
			opts.Instance = l
		}
	}
	preferX11WithoutWayland(os.Getenv, os.Setenv)
	open := func() (*app.App, error) { return app.Open(context.Background(), app.Options{}) }
	opts.Version = cli.VersionLine()
	return ui.Run(open, opts)
}

// hasDisplay reports whether a desktop window can be opened: on Linux and the BSDs, DISPLAY (X11)
// or WAYLAND_DISPLAY must be set; other systems always have one.
func hasDisplay(getenv func(string) string) bool {
	if runtime.GOOS != "linux" && runtime.GOOS != "dragonfly" && !strings.HasSuffix(runtime.GOOS, "bsd") {
		return true
	}
	return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
}

// preferX11WithoutWayland tells Fyne to use X11 when there is no Wayland display: GLFW would
// otherwise try Wayland first, and libwayland prints "XDG_RUNTIME_DIR is invalid" to stderr when
// that variable is unset. FYNE_PLATFORM set by the user is kept.
func preferX11WithoutWayland(getenv func(string) string, setenv func(string, string) error) {
	if runtime.GOOS == "linux" && getenv("FYNE_PLATFORM") == "" && getenv("WAYLAND_DISPLAY") == "" && getenv("DISPLAY") != "" {
		_ = setenv("FYNE_PLATFORM", "x11")
	}
}
