package cli

import (
	"cmp"
	"errors"
	"fmt"
	"text/tabwriter"

	"lectern/app/workspaces"
	"lectern/client"
	"lectern/internal/safetext"
)

var cmdWorkspaces = &command{
	name:    "workspaces",
	args:    "[--json]",
	summary: "list every workspace the key can open (all pages)",
	help: `
Prints one line per workspace: its id (give it, or the name in any case, as WORKSPACE to the other
commands), name, scope, your access and its document counts.

  --json   print the workspaces as a JSON array instead`,
	run: runWorkspaces,
}

// runWorkspaces is `lectern workspaces`.
func runWorkspaces(e *env, args []string) error {
	asJSON, a, err := e.jsonOnlyOn("workspaces", args)
	if err != nil {
		return err
	}
	list, cached, err := a.Workspaces().FetchWorkspaces(e.ctx)
	if err != nil && !listingCut(err, list != nil) {
		return err
	}
	e.noteCached(cached, "workspace list")
	if asJSON {
		return cmp.Or(e.printJSON(list), err)
	}
	printWorkspaces(e, list)
	return err // a listing cut short: what came is printed, then why it stopped
}

// listingCut reports a listing that the server would not let end, when what arrived came with it.
func listingCut(err error, arrived bool) bool {
	var pe *client.PagingError
	return arrived && errors.As(err, &pe)
}

// noteCached says on stderr that what follows came from the cache, and why, when it did.
func (e *env) noteCached(c *workspaces.Cached, what string) {
	if c == nil {
		return
	}
	when := "never synced"
	if !c.Synced.IsZero() {
		when = "last updated " + c.Synced.Local().Format(timeLayout)
	}
	fmt.Fprintf(e.stderr, "lectern: offline, showing the cached %s (%s). %s\n", what, when, e.explain(c.Err).Sentence)
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
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\n", safetext.OneLine(w.WorkspaceID), safetext.OneLine(w.Name),
			safetext.OneLine(w.Scope), safetext.OneLine(w.Access), w.Counts.Documents, w.Counts.Ready, w.Counts.NotReady, w.Counts.Failed)
	}
	tw.Flush()
}
