// Package cli is Lectern's command-line front-end: the same binary as the desktop app, run with a
// sub-command.
package cli

import (
	"fmt"
	"io"
)

// Main runs the command line with args (without the program name) and returns the exit code:
// 0 on success, 1 on a service error, 2 on wrong usage or a local check that failed.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "lectern: the command line is not built yet")
	return 2
}
