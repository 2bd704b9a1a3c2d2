package main

import (
	"context"

	"lectern/app"
	"lectern/ui"
)

// runDesktop opens the desktop app (package ui) over the application core and returns the exit code.
// The data folder is opened while the window is being made; a failure is shown in the window.
func runDesktop() int {
	return ui.Run(func() (*app.App, error) {
		a, err := app.Open(context.Background(), app.Options{})
		if err == nil {
			a.Uploads().Start() // the desktop app works the whole upload queue
		}
		return a, err
	})
}
