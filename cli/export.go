package cli

import (
	"fmt"
	"strings"
)

var cmdExport = &command{
	name:    "export",
	args:    "CONVERSATION FILE",
	summary: "save a conversation as Markdown",
	help: `
CONVERSATION is an id from "lectern history". FILE gets the questions, the answers, their
sources, the model and the dates, as Markdown; an existing FILE is replaced.`,
	run: runExport,
}

// runExport is `lectern export CONVERSATION FILE`.
func runExport(e *env, args []string) error {
	fs := newFlagSet(e, "export")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := wantArgs("export", pos, 2, 2, "CONVERSATION and FILE"); err != nil {
		return err
	}
	for _, store := range e.historyStores() {
		ok, err := store.Export(e.ctx, pos[0], pos[1])
		if err != nil {
			return localf("cannot export conversation %s to %s: %v", pos[0], pos[1], err)
		}
		if ok {
			fmt.Fprintf(e.stdout, "Conversation %s saved to %s.\n", pos[0], pos[1])
			return nil
		}
	}
	return localf("no conversation %q; \"lectern history\" lists them with their ids", pos[0])
}

// markdown renders a conversation for export.
func markdown(title, workspace string, turns []savedTurn) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\nWorkspace: %s\n", title, workspace)
	for i, t := range turns {
		fmt.Fprintf(&b, "\n## Question %d\n\n%s\n\n### Answer\n\n", i+1, t.Question)
		if t.Answer != "" {
			fmt.Fprintf(&b, "%s\n\n", strings.TrimRight(t.Answer, "\n"))
		}
		if t.Status != turnCompleted {
			fmt.Fprintf(&b, "_Status: %s. %s_\n\n", t.Status, t.Error)
		}
		if len(t.Sources) > 0 {
			b.WriteString("Sources:\n\n")
			for _, s := range t.Sources {
				used := ""
				if s.Used {
					used = " (used)"
				}
				fmt.Fprintf(&b, "%d. %s%s\n", s.Index, s.Name, used)
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "_Model: %s · %s · request id %s_\n", orDash(t.Model), t.Time.Local().Format("2006-01-02 15:04"), orDash(t.RequestID))
	}
	return b.String()
}

// orDash returns s, or "-" when it is empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
