package modelchat

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/client"
)

// The files of a model chat (issue 22): the text of a PDF (POST /pdf, or an OCR job) goes with a
// message as context, and a file made by POST /generate is a turn of the chat. Both are kept in
// the turn's parts, so that they are shown again after a restart and the texts are sent again with
// the conversation (the service keeps none).

// fileContext is the file's text as the model reads it, before the message.
func fileContext(f records.FileText) string {
	head := fmt.Sprintf("[The text of the file %q (%s, %d of %d pages", f.Name, f.SourceText(), f.PagesRead, f.Pages)
	if f.Truncated {
		head += ", cut short by the service"
	}
	return head + ")]\n" + strings.TrimSpace(f.Text) + "\n[End of " + f.Name + "]"
}

// withFiles is a message as the model reads it: the texts of its files, then its text.
func withFiles(text string, files []records.FileText) string {
	if len(files) == 0 {
		return text
	}
	parts := make([]string, 0, len(files)+1)
	for _, f := range files {
		parts = append(parts, fileContext(f))
	}
	return strings.Join(append(parts, text), "\n\n")
}

// fileParts are files as the parts of a turn.
func fileParts(files []records.FileText) []records.TurnPart {
	var parts []records.TurnPart
	for _, f := range files {
		parts = append(parts, records.TurnPart{Kind: records.PartFileText, File: &f})
	}
	return parts
}

// keptParts are the parts of a turn that belong to its message (its files and a request to
// generate), which its answer keeps.
func keptParts(parts []records.TurnPart) []records.TurnPart {
	var out []records.TurnPart
	for _, p := range parts {
		if p.Kind == records.PartFileText || p.Kind == records.PartGeneratedFile {
			out = append(out, p)
		}
	}
	return out
}

// sentText is what a turn's message sends: its files' texts, then its text.
func sentText(t records.Turn) string { return withFiles(t.Question, t.Files()) }

// Generate asks POST /generate for a file in the model chat conversationID and blocks until it
// ends: the prompt is saved as a pending turn, then the service's text is saved as its answer
// and the file it made (if any) as a part. Stop(turn.ID) stops waiting; Retry asks again.
func (c *Models) Generate(ctx context.Context, conversationID int64, prompt string, opts conversations.AskOptions) (records.Turn, error) {
	conv, err := c.conv.Get(ctx, conversationID)
	if err != nil {
		return records.Turn{}, err
	}
	if conv.Kind != records.KindModel {
		return records.Turn{}, explain.Checkf("A file is generated in a model chat; open one first.")
	}
	a := &generateAnswerer{c: c}
	turn, err := a.Send(ctx, conv, conversations.Message{Text: prompt})
	if err != nil {
		return turn, err
	}
	return c.conv.Run(ctx, a, conv, turn, opts.OnUpdate)
}

// generateAnswerer answers a turn of a model chat with POST /generate (not streamed).
type generateAnswerer struct {
	c      *Models
	prompt string
}

func (g *generateAnswerer) Send(ctx context.Context, conv records.Conversation, m conversations.Message) (records.Turn, error) {
	head, err := g.c.store.Head(ctx, conv.ID)
	if err != nil {
		return records.Turn{}, err
	}
	return g.save(ctx, conv, head, m.Text)
}

// save saves prompt as a new pending turn after parent.
func (g *generateAnswerer) save(ctx context.Context, conv records.Conversation, parent int64, prompt string) (records.Turn, error) {
	if err := conversations.CheckMessage(prompt); err != nil {
		return records.Turn{}, err
	}
	g.prompt = prompt
	turn, err := g.c.store.AddTurn(ctx, records.Turn{ConversationID: conv.ID, ParentID: parent, Question: prompt, Tier: conv.Model,
		System: conv.System, Parts: []records.TurnPart{{Kind: records.PartGeneratedFile}}})
	if err == nil {
		g.c.bus.Emit(events.ConversationsChanged{})
	}
	return turn, err
}

func (g *generateAnswerer) Retry(ctx context.Context, conv records.Conversation, turn records.Turn, _ []records.Turn) (records.Turn, error) {
	return g.save(ctx, conv, turn.ParentID, turn.Question)
}

func (g *generateAnswerer) Resend(ctx context.Context, conv records.Conversation, old records.Turn, _ []records.Turn, text string) (records.Turn, error) {
	return g.save(ctx, conv, old.ParentID, text)
}

// answer asks for the file and saves the text and the file the service made.
func (g *generateAnswerer) Answer(ctx context.Context, turn *records.Turn, _ func(events.TurnChanged)) error {
	cl, _, err := g.c.conn.Current()
	var res *client.GenerateResult
	if err == nil {
		res, err = cl.Generate(ctx, client.GenerateRequest{Prompt: g.prompt})
	}
	save := context.WithoutCancel(ctx)
	if err != nil {
		err = g.c.conv.Failed(ctx, turn, "", err)
		if turn.Status == records.TurnFailed {
			turn.Error = tools.ErrorText(err, g.c.conn.Describe)
		}
		return conversations.JoinSave(err, g.c.store.SaveTurn(save, turn))
	}
	turn.Status, turn.Error, turn.ErrorCode = records.TurnCompleted, "", ""
	turn.Answer = cmp.Or(strings.TrimSpace(res.Response), "The service made no text.")
	turn.Parts = []records.TurnPart{{Kind: records.PartGeneratedFile, Artifact: res.Artifact}}
	return g.c.store.SaveTurn(save, turn)
}
