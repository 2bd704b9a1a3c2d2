package cli

import (
	"errors"
	"fmt"
	"strings"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
)

var cmdSearch = &command{
	name:    "search",
	args:    "QUERY... [--max N] [--depth N] [--json]",
	summary: "search the web through the service (results only, no answer written)",
	help: `
Each QUERY is one search (quote a query of several words); up to 5 are merged into one list.
Prints each result's rank, title, address and snippet, and the text read from the top pages.
Web search may be turned off for your account by an administrator.

  --max N     how many results, 1 to 10 (default: the service's, 5)
  --depth N   how many of the top results get their page text read, 0 (links only) to 10
              (default: the service's, 2)
  --json      print the service's answer as JSON`,
	run: runSearch,
}

// runSearch is `lectern search QUERY...`.
func runSearch(e *env, args []string) error {
	fs := newFlagSet(e, "search")
	maxResults := fs.Int("max", 0, "how many results")
	depth := fs.Int("depth", -1, "how many pages to read")
	asJSON := fs.Bool("json", false, "print JSON")
	queries, err := parseArgs(fs, args, 1, -1, "QUERY") // more than 5: Validate says so
	if err != nil {
		return err
	}
	r := client.SearchRequest{Queries: queries, MaxResults: *maxResults}
	if *depth >= 0 {
		r.Depth = depth
	}
	var ve *client.ValidationError
	if err := r.Validate(); errors.As(err, &ve) {
		return usagef("search", "%s: %s", searchArgNames[ve.Field], explain.ExplainLocal(ve).Sentence)
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	res, err := a.Tools().WebSearch(e.ctx, r)
	if err != nil {
		return e.toolError(a.Tools(), err)
	}
	if *asJSON {
		return e.printJSON(res.Raw)
	}
	printSearch(e, res)
	return nil
}

// searchArgNames names the request's fields as the command line's arguments.
var searchArgNames = map[string]string{"query": "QUERY", "queries": "QUERY", "max_results": "--max",
	"depth": "--depth", "max_words": "max_words"}

// printSearch prints the results, then the status and warnings on stderr.
func printSearch(e *env, res *client.SearchResult) {
	for _, h := range res.Results {
		fmt.Fprintf(e.stdout, "%d. %s\n   %s\n", h.Rank, safetext.OneLine(h.Title), safetext.OneLine(h.URL))
		if s := strings.TrimSpace(h.Snippet); s != "" {
			fmt.Fprintf(e.stdout, "   %s\n", safetext.OneLine(s))
		}
		if c := strings.TrimSpace(h.Content); c != "" && c != strings.TrimSpace(h.Snippet) {
			fmt.Fprintf(e.stdout, "   Page text: %s\n", safetext.OneLine(c))
		}
	}
	if s := records.SearchStatusText(res.Status, res.ProviderDegraded); s != "" {
		fmt.Fprintf(e.stderr, "lectern: %s\n", s)
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(e.stderr, "lectern: warning: %s\n", safetext.OneLine(w.String()))
	}
}
