package main

import (
	"fmt"
	"os"
)

// runDesktop opens the desktop app. It is replaced by the Fyne front-end (package ui).
func runDesktop() int {
	fmt.Fprintln(os.Stderr, "lectern: the desktop window is not built yet; run `lectern help` for the command line")
	return 2
}
