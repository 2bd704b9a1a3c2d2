package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"lectern/app"
	"lectern/internal/words"
)

var cmdAssist = &command{
	name:    "assist",
	args:    "MESSAGE [--file FILE]... [--workspace WS] [--continue] [--json]",
	summary: "ask the assistant, which picks tools itself and reads attached files",
	help: `
The message goes to the service's assistant (POST /chat), which picks its tools by itself and
reads the files attached to the message. Its answer (Markdown) is printed once it is whole. Words
after the flags make up the message; MESSAGE "-" reads it from stdin.

  --file FILE        attach a file; repeat for more. Audio (WAV, MP3, M4A, OGG, FLAC) and video
                     (MP4, MOV, M4V, MKV, AVI, WebM; one per message, at most 100 MB) have their
                     speech turned into text; PDF, Word (.docx), Excel (.xlsx), PowerPoint
                     (.pptx), text (.txt, .md, .csv, .json) and email (.eml, .msg) files are read.
                     Old .doc, .xls and .ppt files must be saved as .docx, .xlsx or .pptx first.
                     At most 50 MB a file and 150 MB a message; the server reads at most 48,000
                     characters of a file and 72,000 of a message
  --workspace WS     pin a new conversation to a workspace the assistant may use, by id or name
                     (on its first message; a continued conversation keeps its own)
  --continue         send the message in the last assistant conversation
  --json             print the service's reply as JSON (messages go to stderr)

Unlike every other command, the assistant's conversations are also saved on the server, in the
key owner's chat history. Lectern keeps its own copy too (see "lectern history"), naming the
files each message sent; the files themselves stay where they are. The service allows 10
requests a minute for the assistant, pdf and generate together; Lectern waits when it is told to.`,
	run: runAssist,
}

// parseAssist reads the arguments of assist. The words that are not flags make up the message.
func parseAssist(e *env, args []string) (app.AssistantMessage, bool, error) {
	fs := newFlagSet(e, "assist")
	var m app.AssistantMessage
	fs.Func("file", "file to attach", func(path string) error { m.Files = append(m.Files, path); return nil })
	fs.StringVar(&m.Workspace, "workspace", "", "workspace id or name")
	fs.BoolVar(&m.Continue, "continue", false, "the last assistant conversation")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseArgs(fs, args, 1, -1, "MESSAGE")
	if err != nil {
		return m, false, err
	}
	m.Text, err = textArg(e, pos)
	return m, *asJSON, err
}

// runAssist is `lectern assist MESSAGE`: the app checks the message and its files (a failed check
// sends nothing: exit 2), saves the message and sends it, then saves the answer.
func runAssist(e *env, args []string) error {
	m, asJSON, err := parseAssist(e, args)
	if err != nil {
		return err
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	p := newAnswerPrinter(e, !asJSON && e.isTerminal())
	turn, err := a.Assist(e.ctx, m, app.ChatOptions{OnUpdate: p.follow, OnNotice: e.notice})
	if err != nil {
		p.failed("", asJSON)
		return err
	}
	if asJSON {
		return e.printJSON(json.RawMessage(turn.Reply))
	}
	p.finish(turn.Answer)
	w := e.stderr
	if e.isTerminal() {
		w = e.stdout
	}
	printAssistDetails(e, w, a, turn)
	return nil
}

// printAssistDetails prints what comes with the assistant's answer: a note, the files sent, the
// conversation (for "lectern export" and --continue) and where it is saved.
func printAssistDetails(e *env, w io.Writer, a *app.App, t app.Turn) {
	fmt.Fprintln(w)
	if t.Notice != "" {
		fmt.Fprintf(w, "Note: %s\n", app.OneLine(t.Notice))
	}
	if len(t.Attachments) > 0 {
		names := make([]string, len(t.Attachments))
		for i, f := range t.Attachments {
			names[i] = fmt.Sprintf("%s (%s)", app.OneLine(f.Name), words.Bytes(f.Size))
		}
		fmt.Fprintf(w, "Files: %s\n", strings.Join(names, ", "))
	}
	line := fmt.Sprintf("Conversation: %d", t.ConversationID)
	if conv, err := a.Conversations().Get(e.ctx, t.ConversationID); err == nil && conv.WorkspaceID != "" {
		line += "   Workspace: " + app.OneLine(assistWorkspaceName(e, a, conv))
	}
	fmt.Fprintln(w, line)
	fmt.Fprintln(w, "Also saved on the server, in the key owner's chat history.")
}

// assistWorkspaceName is the name of the workspace of assistant conversation conv
// (workspaceNames); its id when it is not known.
func assistWorkspaceName(e *env, a *app.App, conv app.Conversation) string {
	if n, ok := workspaceNames(e.ctx, a, []app.Conversation{conv})[conv.WorkspaceID]; ok {
		return n
	}
	return conv.WorkspaceID
}
