package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

const overviewHead = `Lectern: ask questions of your workspaces on the Workspace Question-Answering Service, or talk
to its model tiers directly (models, chat).

Usage:
  lectern                      open the desktop app (it needs a display; these commands do not)
  lectern FILE...              open files with the desktop app: add them to a workspace, or ask about them
  lectern [--server URL] COMMAND [ARGUMENTS] [FLAGS]

Commands:
`

const overviewTail = `
Flags may come before or after the arguments; "--" ends the flags (for a question that starts
with "-"). WORKSPACE is a workspace id or its whole name, in any case ("my documents" finds
"My documents").

Server and key: --server URL, else LECTERN_SERVER, else the server saved by the desktop app.
The key comes from LECTERN_API_KEY, else from the system keychain entry the app saved.
LECTERN_HOME moves all local data (settings, conversations). LECTERN_DEBUG=1 lets the desktop
app print its toolkit's messages and the details of a failed start.

Exit codes: 0 success; 1 the service answered with an error (code, sentence and request id
on stderr) or could not be reached; 2 wrong usage or a local check failed before anything
was sent; 130 cancelled with Ctrl-C.

Try it without a server: run "lectern demo" in one terminal and follow what it prints.
Run "lectern help COMMAND" for the details of one command.
`

// printOverview writes the top-level help.
func printOverview(w io.Writer) {
	fmt.Fprint(w, overviewHead)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range commands() {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
	}
	fmt.Fprintf(tw, "  help\tthis text, or the details of one command\n")
	tw.Flush()
	fmt.Fprint(w, overviewTail)
}

// printCommandHelp writes the help of one command.
func printCommandHelp(w io.Writer, c *command) {
	fmt.Fprintf(w, "Usage: lectern %s %s\n\n%s\n", c.name, c.args, c.summary)
	if c.help != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.help))
	}
}

// runHelp is `lectern help [COMMAND]`; `lectern help --help` is the overview too.
func runHelp(e *env, args []string) error {
	if len(args) == 0 || isHelpFlag(args[0]) {
		printOverview(e.stdout)
		return nil
	}
	c := findCommand(args[0])
	if c == nil {
		return usagef("", "no command %q; the commands are: %s", args[0], commandNames())
	}
	printCommandHelp(e.stdout, c)
	return nil
}

// isHelpFlag reports the flags that ask for help.
func isHelpFlag(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

// commandNames lists the command names for error messages.
func commandNames() string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return strings.Join(names, ", ")
}
