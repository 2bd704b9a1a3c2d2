package cli

import (
	"fmt"
	"text/tabwriter"

	"lectern/client"
)

var cmdWorkspaces = &command{
	name:    "workspaces",
	args:    "[--json]",
	summary: "list every workspace the key can open (all pages)",
	help: `
Prints one line per workspace: its id (give it, or the exact name, as WORKSPACE to the other
commands), name, scope, your access and its document counts.

  --json   print the workspaces as a JSON array instead`,
	run: runWorkspaces,
}

// runWorkspaces is `lectern workspaces`.
func runWorkspaces(e *env, args []string) error {
	fs := newFlagSet(e, "workspaces")
	asJSON := fs.Bool("json", false, "print JSON")
	if _, err := parseArgs(fs, args, 0, 0, ""); err != nil {
		return err
	}
	c, _, err := e.connect()
	if err != nil {
		return err
	}
	list := []client.Workspace{}
	for w, err := range c.AllWorkspaces(e.ctx, client.ListOptions{Include: "none"}) {
		if err != nil {
			return err
		}
		list = append(list, w)
	}
	if *asJSON {
		return e.printJSON(list)
	}
	printWorkspaces(e, list)
	return nil
}

// printWorkspaces writes the workspace table.
func printWorkspaces(e *env, list []client.Workspace) {
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "No workspaces: this key's owner cannot open any workspace yet.")
		return
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tSCOPE\tACCESS\tDOCUMENTS\tREADY\tNOT READY\tFAILED")
	for _, w := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\n", w.WorkspaceID, oneLine(w.Name), w.Scope,
			w.Access, w.Counts.Documents, w.Counts.Ready, w.Counts.NotReady, w.Counts.Failed)
	}
	tw.Flush()
}
