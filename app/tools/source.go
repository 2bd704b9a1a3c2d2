package tools

import (
	"context"

	"lectern/app/records"
	"lectern/client"
)

// Source is a source of tools for a model chat: the app's own tools (Builtin) are one, and any
// other (an MCP server's tools, issue 30) is another beside it. The loop (Answer) offers the
// functions of every source, finds the source of each call by its function's name, checks the
// arguments against that function's schema, asks consent, and runs the call there.
type Source interface {
	// Functions are the definitions of the tools the source offers, as the model gets them.
	Functions() []client.FunctionTool
	// Describe fills run (its Tool set) with what the call of function name asks, from its
	// arguments (checked against the function's schema already), for the call's card to show
	// before it runs; it returns what the call would do, in a sentence for the consent question.
	Describe(name, arguments string, run *records.ToolRun) string
	// Run runs the call of function name with its arguments, described in run already, and fills
	// run's result; it returns the output the model gets. An error is the call's failure, told to
	// the model and on the card in words (ErrorText). A source that learns how far the call is
	// while it runs (an MCP server's progress) writes it into run and calls progressed, which
	// shows the change; it never calls progressed once Run has returned.
	Run(ctx context.Context, name, arguments string, run *records.ToolRun, progressed func()) (string, error)
}

// functionOf finds the function called name among the sources' and the source that offers it.
func functionOf(sources []Source, name string) (Source, client.FunctionTool, bool) {
	for _, s := range sources {
		for _, f := range s.Functions() {
			if f.Name == name {
				return s, f, true
			}
		}
	}
	return nil, client.FunctionTool{}, false
}

// Functions are the functions every source offers, in the sources' order.
func Functions(sources []Source) []client.FunctionTool {
	var out []client.FunctionTool
	for _, s := range sources {
		out = append(out, s.Functions()...)
	}
	return out
}
