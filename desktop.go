package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"lectern/app"
	"lectern/ui"
)

// runDesktop opens the desktop app (package ui) over the application core and returns the exit code.
func runDesktop() int {
	a, err := app.Open(context.Background(), app.Options{})
	if err != nil {
		var de *app.DatabaseError
		if errors.As(err, &de) {
			fmt.Fprintln(os.Stderr, "lectern:", de.Error())
			return 1
		}
		fmt.Fprintln(os.Stderr, "lectern: cannot open the data folder:", err)
		return 1
	}
	code := ui.Run(a)
	if err := a.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "lectern:", err)
	}
	return code
}
