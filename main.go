// Command lectern is a desktop client for the Workspace Question-Answering Service.
//
// With no arguments it opens the desktop app; with `quick` its Quick ask window; with files (a
// file manager's Open with) the desktop app asks what to do with them. With a sub-command it runs
// the command line (`lectern help` lists the commands).
package main

import (
	"os"
	"path/filepath"

	"lectern/cli"
	"lectern/internal/instance"
	"lectern/internal/winconsole"
)

func main() {
	winconsole.Start(os.Args) // on Windows, before anything is printed: see the package
	cli.Version = appVersion()
	if req, ok := desktopRequest(os.Args[1:], os.Stat); ok {
		os.Exit(runDesktop(req))
	}
	if len(os.Args) > 1 {
		os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(runDesktop(instance.Request{}))
}

// desktopRequest reads the arguments that go to the desktop app rather than to the command line:
// `quick`, or files to open (every argument an existing file, the first not a command's name, so
// that a file called "workspaces" never hides the command). stat is os.Stat (tests replace it).
func desktopRequest(args []string, stat func(string) (os.FileInfo, error)) (instance.Request, bool) {
	if len(args) == 1 && args[0] == "quick" {
		return instance.Request{Quick: true}, true
	}
	if len(args) == 0 || cli.IsCommand(args[0]) {
		return instance.Request{}, false
	}
	files := make([]string, 0, len(args))
	for _, a := range args {
		abs, err := filepath.Abs(a)
		if err != nil {
			return instance.Request{}, false
		}
		if st, err := stat(abs); err != nil || !st.Mode().IsRegular() {
			return instance.Request{}, false
		}
		files = append(files, abs)
	}
	return instance.Request{Files: files}, true
}
