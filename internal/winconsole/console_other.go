//go:build !windows

package winconsole

// Start does nothing outside Windows, where a program started from a terminal has its standard
// handles.
func Start(args []string) {}
