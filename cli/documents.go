package cli

import (
	"cmp"
	"fmt"
	"text/tabwriter"

	"lectern/client"
	"lectern/internal/safetext"
)

var cmdDocuments = &command{
	name:    "documents",
	args:    "WORKSPACE [--json]",
	summary: "list every document of one workspace (all pages)",
	help: `
Prints one line per document: its id (for "ask --doc" and "status"), name, status (ready,
not_ready while being prepared, failed) and when it last changed, in local time.

  --json   print the documents as a JSON array instead`,
	run: runDocuments,
}

// runDocuments is `lectern documents WORKSPACE`.
func runDocuments(e *env, args []string) error {
	fs := newFlagSet(e, "documents")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseArgs(fs, args, 1, 1, "WORKSPACE (a workspace id or name)")
	if err != nil {
		return err
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	ws, cached, err := a.Workspaces().FetchDocuments(e.ctx, pos[0])
	if err != nil && !listingCut(err, ws != nil) {
		return err
	}
	e.noteCached(cached, "documents of "+safetext.OneLine(ws.Name))
	docs := ws.Documents
	if docs == nil {
		docs = []client.Document{}
	}
	if *asJSON {
		return cmp.Or(e.printJSON(docs), err)
	}
	printDocuments(e, ws, docs)
	return err // a listing cut short: what came is printed, then why it stopped
}

// printDocuments writes the document table of ws.
func printDocuments(e *env, ws *client.Workspace, docs []client.Document) {
	if len(docs) == 0 {
		fmt.Fprintf(e.stdout, "%s has no documents yet.\n", safetext.OneLine(ws.Name))
		return
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tSTATUS\tUPDATED")
	for _, d := range docs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", safetext.OneLine(d.DocumentID), safetext.OneLine(d.Name), safetext.OneLine(d.Status),
			safetext.OneLine(localTime(d.UpdatedAt, d.Updated)))
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "%d documents in %s.\n", len(docs), safetext.OneLine(ws.Name))
}

// timeLayout is how the command line writes a time: local, to the minute.
const timeLayout = "2006-01-02 15:04"

// localTime shows a server time (ISO 8601 first, else the IST form) in local time.
func localTime(iso, ist string) string {
	if iso == "" && ist == "" {
		return "-"
	}
	t, err := client.ParseServerTime(iso, ist)
	if err != nil {
		if ist != "" {
			return ist + " IST"
		}
		return iso
	}
	return t.Local().Format(timeLayout)
}
