package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"lectern/app/conversations"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
)

var cmdChat = &command{
	name: "chat",
	args: "MESSAGE [--model TIER] [--system TEXT] [--image FILE]... [--continue] [--json] [--api responses|chat]\n" +
		"             [--web] [--workspace WS]... [--files DIR] [--mcp NAME]... [--yes]",
	summary: "send a message to a model tier, without a workspace",
	help: `
The message goes to a model tier of the service's model endpoints (/v1), with no workspace, and
the answer is streamed as it is written. When stdout is not a terminal, only the final answer
goes to stdout and its details to stderr. Words after the flags make up the message; MESSAGE "-"
reads it from stdin.

  --model TIER     Instant, Fast, Smart or Genius, in any case ("lectern models" lists the ones
                   the key may use); default: the desktop app's default tier, else Fast
  --system TEXT    the system prompt of a new conversation
  --image FILE     send an image with the message (PNG, JPEG, WebP, GIF or BMP, known by its
                   content; at most 10 MiB each, 8 and 20 MiB in all); only tiers with vision
                   read images ("lectern models" says which); repeat for more
  --continue       send the message in the last model conversation (with --model, the last one
                   with that tier), with its earlier turns; it keeps its own system prompt and API
  --api FAMILY     responses (POST /v1/responses, the default) or chat (POST /v1/chat/completions)
  --json           print the final response (or chat completion) object as JSON

Tools (a tier with tools calls them as functions; "lectern models" says which tiers have tools):
  --web            let the model search the web; on a tier without tools the search runs on
                   the message first and its results go with it
  --workspace WS   a workspace the model may ask a question (an id or a name); repeat for more
  --files DIR      let the model generate a Word or Excel file; it is saved in DIR
  --mcp NAME       offer the tools of the MCP server NAME ("lectern mcp servers" lists them,
                   "lectern mcp add FILE" adds them); repeat for more
  --yes            allow every tool call; without it each call is asked on the terminal (y: this
                   call, a: always in this conversation) and refused when stdin is not a terminal

Each tool call prints a line to stderr. A call's output goes back to the model cut to 16 KiB, for
at most 5 rounds of calls; when the service's tools limit is reached, the call waits as long as it
is told to and runs once more. The tools are kept with the conversation: --continue without tool
flags uses them again.

Exit code 1 when the model refused to answer: the refusal is printed to stderr (with --json, the
response object holding it is printed and the exit code is 0). The refused turn is kept and sent
back, as received, with the next --continue.

The service keeps nothing: each message sends the whole conversation again, its images included,
leaving out the oldest turns when it would not fit the tier's context window (the system prompt
and the new message always go). Every message and answer is kept on this computer with its images
and token counts (see "lectern history").`,
	run: runChat,
}

// chatOptions are the parsed arguments of chat.
type chatOptions struct {
	msg    modelchat.ModelMessage
	images []string // the files of --image, in order
	asJSON bool
	tools  toolFlags
}

// parseChat reads the arguments of chat. The words that are not flags make up the message.
func parseChat(e *env, args []string) (*chatOptions, error) {
	fs := newFlagSet(e, "chat")
	o := &chatOptions{}
	var api string
	fs.StringVar(&o.msg.Tier, "model", "", "tier")
	fs.StringVar(&o.msg.System, "system", "", "system prompt")
	fs.Func("image", "image file", func(path string) error { o.images = append(o.images, path); return nil })
	fs.BoolVar(&o.msg.Continue, "continue", false, "the last conversation")
	fs.BoolVar(&o.asJSON, "json", false, "print JSON")
	fs.StringVar(&api, "api", "", "responses or chat")
	o.tools.add(fs)
	pos, err := parseArgs(fs, args, 1, -1, "MESSAGE")
	if err != nil {
		return nil, err
	}
	o.msg.API = records.ModelAPI(strings.ToLower(api))
	o.msg.Text, err = textArg(e, pos)
	return o, err
}

// runChat is `lectern chat MESSAGE`: the images are read and checked, then the app checks the
// message against the tier and sends it (a failed check sends nothing: exit 2), saving the turn.
func runChat(e *env, args []string) error {
	o, err := parseChat(e, args)
	if err != nil {
		return err
	}
	for _, path := range o.images {
		img, err := modelchat.LoadImage(path)
		if err != nil {
			return err
		}
		o.msg.Images = append(o.msg.Images, img)
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	if err := o.tools.checkMCP(a.Models().MCPServers()); err != nil {
		return err
	}
	p := newAnswerPrinter(e, !o.asJSON && e.isTerminal())
	turn, err := a.Models().Chat(e.ctx, o.msg, conversations.ChatOptions{OnUpdate: toolLines(e, p, p.follow), OnNotice: e.notice,
		Tools: o.tools.settings(), Consent: o.tools.consent(e)})
	if err != nil {
		p.failed(turn.Answer, o.asJSON)
		return err
	}
	if o.asJSON {
		if err := e.printJSON(finalObject(turn)); err != nil {
			return err
		}
		return saveFiles(e, a.Tools(), turn, o.tools.filesDir)
	}
	if turn.Status == records.TurnRefused { // its Answer is the refusal, not an answer
		p.abort()
		e.printTurnDetails(turn, e.isTerminal())
		fmt.Fprintf(e.stderr, "lectern: the model refused to answer: %s\n", safetext.OneLine(turn.Answer))
		return exitStatus(exitService)
	}
	p.finish(turn.Answer)
	e.printTurnDetails(turn, e.isTerminal())
	return saveFiles(e, a.Tools(), turn, o.tools.filesDir)
}

// printTurnDetails prints what comes with a model's answer: a note, the tier, the tokens, the
// conversation (for "lectern export") and the request id; to stdout on a terminal, else stderr.
func (e *env) printTurnDetails(t records.Turn, toStdout bool) {
	w := e.stderr
	if toStdout {
		w = e.stdout
	}
	fmt.Fprintln(w)
	if t.Notice != "" {
		fmt.Fprintf(w, "Note: %s\n", safetext.OneLine(t.Notice))
	}
	line := "Model: " + safetext.OneLine(t.Model)
	if u := t.Usage; u != nil {
		line += fmt.Sprintf("   Tokens: %d in, %d out", u.InputTokens, u.OutputTokens)
	}
	fmt.Fprintf(w, "%s   Conversation: %d   Request id: %s\n", line, t.ConversationID, safetext.OneLine(t.RequestID))
}

// finalObject is the answer's final object as the server sent it: the response object, or the
// chat completion (assembled from its chunks when streamed, so written out from its fields).
func finalObject(t records.Turn) any {
	switch {
	case t.Response != nil && len(t.Response.Raw) > 0:
		return json.RawMessage(t.Response.Raw)
	case t.Response != nil:
		return responseObject(t.Response)
	case t.Completion != nil && len(t.Completion.Raw) > 0:
		return json.RawMessage(t.Completion.Raw)
	case t.Completion != nil:
		return completionObject(t.Completion)
	}
	return nil // an answer always has one of them
}

// responseObject writes a response whose JSON was not kept with the field names of model-api.md
// §2: its items as received when they were kept, else their text.
func responseObject(r *client.Response) map[string]any {
	output := make([]any, 0, len(r.Output))
	for _, item := range r.Output {
		if len(item.Raw) > 0 {
			output = append(output, json.RawMessage(item.Raw))
			continue
		}
		var parts []map[string]string
		for _, p := range item.Content {
			parts = append(parts, map[string]string{"type": p.Type, "text": p.Text})
		}
		output = append(output, map[string]any{"type": item.Type, "id": item.ID, "status": item.Status, "role": item.Role,
			"content": parts})
	}
	out := map[string]any{"id": r.ID, "object": r.Object, "created_at": r.CreatedAt, "status": r.Status, "model": r.Model,
		"output": output}
	if u := r.Usage; u != nil {
		out["usage"] = map[string]int{"input_tokens": u.InputTokens, "output_tokens": u.OutputTokens, "total_tokens": u.TotalTokens}
	}
	return out
}

// completionObject writes a chat completion with the field names of model-api.md §2.
func completionObject(c *client.ChatCompletion) map[string]any {
	choices := make([]map[string]any, 0, len(c.Choices))
	for _, ch := range c.Choices {
		msg := map[string]any{"role": ch.Message.Role, "content": ch.Message.Content}
		if len(ch.Message.ToolCalls) > 0 {
			var calls []map[string]any
			for _, tc := range ch.Message.ToolCalls {
				calls = append(calls, map[string]any{"id": tc.ID, "type": tc.Type,
					"function": map[string]string{"name": tc.Name, "arguments": tc.Arguments}})
			}
			msg["tool_calls"] = calls
		}
		choices = append(choices, map[string]any{"index": ch.Index, "message": msg, "finish_reason": ch.FinishReason})
	}
	out := map[string]any{"id": c.ID, "object": c.Object, "created": c.Created, "model": c.Model, "choices": choices}
	if u := c.Usage; u != nil {
		out["usage"] = map[string]int{"prompt_tokens": u.PromptTokens, "completion_tokens": u.CompletionTokens,
			"total_tokens": u.TotalTokens}
	}
	return out
}
