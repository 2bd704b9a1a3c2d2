// Command lectern-realwin is the desktop app with the real-window tests' probe (package realwin):
// the binary that `make realwindow` starts under Xvfb.
package main

import (
	"context"
	"os"

	"lectern/app"
	"lectern/ui"
	"lectern/ui/internal/realwin"
)

func main() {
	open := func() (*app.App, error) { return app.Open(context.Background(), app.Options{}) }
	os.Exit(ui.Run(open, ui.RunOptions{Driver: realwin.Probe}))
}
