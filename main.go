// Command lectern is a desktop client for the Workspace Question-Answering Service.
//
// With no arguments it opens the desktop app; with a sub-command it runs the command line
// (`lectern help` lists the commands).
package main

import (
	"os"

	"lectern/cli"
	"lectern/internal/winconsole"
)

func main() {
	winconsole.Start(os.Args) // on Windows, before anything is printed: see the package
	cli.Version = appVersion()
	if len(os.Args) > 1 {
		os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(runDesktop())
}
