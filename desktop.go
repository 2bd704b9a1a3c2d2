package main

import (
	"context"
	"os"

	"lectern/app"
	"lectern/ui"
)

// runDesktop opens the desktop app (package ui) over the application core and returns the exit code.
// The data folder is opened while the window is being made; a failure is shown in the window.
// LECTERN_TRACE=1 prints the start-up timings (ui.RunOptions.Trace) that ui.BenchmarkStartup reads
// from this binary: a few lines on stdout, so it stays in the product.
func runDesktop() int {
	open := func() (*app.App, error) { return app.Open(context.Background(), app.Options{}) }
	return ui.Run(open, ui.RunOptions{Trace: os.Getenv("LECTERN_TRACE") != ""})
}
