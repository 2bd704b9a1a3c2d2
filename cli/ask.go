package cli

import (
	"io"
	"strings"

	"lectern/app/ask"
)

var cmdAsk = &command{
	name:    "ask",
	args:    "WORKSPACE QUESTION [--doc ID] [--model fast|smart|genius] [--thinking] [--no-stream] [--continue] [--json]",
	summary: "ask a question of a workspace, or of one document in it",
	help: `
The answer comes only from the workspace's documents and is streamed as it is written, then
its sources are listed with the request id. When stdout is not a terminal (a pipe or a file),
only the final answer goes to stdout and the sources go to stderr. Words after WORKSPACE make
up the question; QUESTION "-" reads it from stdin.

  --doc ID         ask one document (an id from "lectern documents") instead of the workspace
  --model TIER     fast (the server's default), smart or genius
  --thinking       let the model reason first: slower, sometimes better
  --no-stream      wait for the whole answer instead of streaming it
  --continue       a follow-up: send the earlier turns of the last conversation in this
                   workspace as history (see "lectern history")
  --json           print the final answer object as JSON

Every question and answer is kept on this computer (see "lectern history").`,
	run: runAsk,
}

// askOptions are the parsed arguments of ask.
type askOptions struct {
	question ask.Question
	tier     string
	thinking *bool
	noStream bool
	asJSON   bool
}

// parseAsk reads the arguments of ask. Words after WORKSPACE make up the question.
func parseAsk(e *env, args []string) (*askOptions, error) {
	fs := newFlagSet(e, "ask")
	o := &askOptions{}
	var model string
	var thinking bool
	fs.StringVar(&o.question.DocumentID, "doc", "", "document id")
	fs.StringVar(&model, "model", "", "tier")
	fs.BoolVar(&thinking, "thinking", false, "reason first")
	fs.BoolVar(&o.noStream, "no-stream", false, "do not stream")
	fs.BoolVar(&o.question.Continue, "continue", false, "follow-up")
	fs.BoolVar(&o.asJSON, "json", false, "print JSON")
	pos, err := parseArgs(fs, args, 2, -1, "WORKSPACE and QUESTION")
	if err != nil {
		return nil, err
	}
	o.question.Workspace = pos[0]
	if o.question.Text, err = textArg(e, pos[1:]); err != nil {
		return nil, err
	}
	o.tier = strings.ToLower(model)
	if thinking {
		o.thinking = &thinking
	}
	return o, nil
}

// textArg joins the words of a question or message; a lone "-" reads it from stdin instead.
func textArg(e *env, words []string) (string, error) {
	text := strings.Join(words, " ")
	if text != "-" {
		return text, nil
	}
	b, err := io.ReadAll(io.LimitReader(e.stdin, 1<<20))
	if err != nil {
		return "", localf("cannot read the text from stdin: %v", err)
	}
	return strings.TrimSpace(string(b)), nil
}

// runAsk is `lectern ask WORKSPACE QUESTION`: the app checks the question (a failed check sends
// nothing: exit 2), resolves the workspace, asks and saves the turn.
func runAsk(e *env, args []string) error {
	o, err := parseAsk(e, args)
	if err != nil {
		return err
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	return e.askInApp(a.Questions(), o)
}
