package cli

import (
	"encoding/json"
	"fmt"
	"strconv"
	"text/tabwriter"

	"lectern/client"
	"lectern/internal/safetext"
)

var cmdModels = &command{
	name:    "models",
	args:    "[--json]",
	summary: "list the model tiers the key may use, with what each can do",
	help: `
Prints one line per tier the key may use (GET /v1/models): its name (give it to "lectern chat
--model"), whether it can call functions (tools) and read images (vision), its context window
and its longest answer, in tokens ("-" when the server does not say).

  --json   print the tiers as a JSON array instead, with every field the server sent`,
	run: runModels,
}

// runModels is `lectern models`.
func runModels(e *env, args []string) error {
	asJSON, a, err := e.jsonOnlyOn("models", args)
	if err != nil {
		return err
	}
	tiers, err := a.Models().All(e.ctx)
	if err != nil {
		return err
	}
	if asJSON {
		out := make([]any, 0, len(tiers))
		for _, m := range tiers {
			out = append(out, modelObject(m))
		}
		return e.printJSON(out)
	}
	printModels(e, tiers)
	return nil
}

// printModels writes the tier table.
func printModels(e *env, tiers []client.Model) {
	if len(tiers) == 0 {
		fmt.Fprintln(e.stdout, "No model tiers: this key may not use the model endpoints.")
		return
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TIER\tTOOLS\tVISION\tCONTEXT WINDOW\tMAX OUTPUT")
	for _, m := range tiers {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", safetext.OneLine(m.ID), yesNo(m.Capabilities.Tools),
			yesNo(m.Capabilities.Vision), tokens(m.ContextWindow), tokens(m.MaxOutputTokens))
	}
	tw.Flush()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// tokens writes a token count with thousands separators, "-" when not reported.
func tokens(n int) string {
	if n <= 0 {
		return "-"
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// modelObject is a tier as the server sent it: its entry as received, or (a tier not read from
// JSON) the fields Lectern reads under their names in model-api.md §2 and every other field as it
// came.
func modelObject(m client.Model) any {
	if len(m.Raw) > 0 {
		return m.Raw
	}
	out := map[string]any{}
	for k, v := range m.Extra {
		out[k] = json.RawMessage(v)
	}
	out["id"] = m.ID
	out["capabilities"] = map[string]bool{"tools": m.Capabilities.Tools, "vision": m.Capabilities.Vision}
	for name, n := range map[string]int{"context_window": m.ContextWindow, "max_output_tokens": m.MaxOutputTokens,
		"max_output_tokens_with_tools": m.MaxOutputTokensWithTools} {
		if n > 0 {
			out[name] = n
		}
	}
	return out
}
