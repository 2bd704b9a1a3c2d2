package conversations

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"lectern/app/records"
	"lectern/internal/atomicfile"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

// Markdown renders conversation id as Markdown: its title (the whole first question unless it was
// renamed) and scope (a workspace, or a model conversation's tier, API and system prompt), then
// each turn's question with its images, answer, sources, model, tokens, status, warnings in words
// and date. Text from the server goes through SafeText: a file read in a terminal later
// carries no escape sequences.
func (c *Conversations) Markdown(ctx context.Context, id int64) (string, error) {
	return c.markdown(ctx, id, nil)
}

// imageLinker writes the images of turn n (1-based) somewhere and returns their links, in order.
type imageLinker func(n int, t records.Turn) ([]string, error)

// markdown renders conversation id; link, when set, gives each turn's images a link (an image
// shown in the file) instead of a line naming it.
func (c *Conversations) markdown(ctx context.Context, id int64, link imageLinker) (string, error) {
	conv, err := c.Get(ctx, id)
	if err != nil {
		return "", err
	}
	turns, err := c.store.Turns(ctx, id)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", exportTitle(conv, turns))
	switch {
	case conv.Kind == records.KindModel:
		writeModelScope(&b, conv)
	case conv.Kind == records.KindAssistant:
		writeAssistantScope(&b, conv, c.workspaceName(ctx, conv.WorkspaceID))
	default:
		if conv.Kind == records.KindHost {
			fmt.Fprintf(&b, "- Asked from: %s\n", safetext.OneLine(conv.Host))
		}
		fmt.Fprintf(&b, "- Workspace: %s\n", c.workspaceName(ctx, conv.WorkspaceID))
		if conv.DocumentID != "" {
			fmt.Fprintf(&b, "- Document: %s\n", conv.DocumentID)
		}
	}
	fmt.Fprintf(&b, "- Started: %s\n\n", stamp(conv.Created))
	if conv.System != "" {
		fmt.Fprintf(&b, "**System prompt**:\n\n%s\n\n", quote(safetext.Text(conv.System)))
	}
	others, err := c.otherBranches(ctx, id, turns)
	if err != nil {
		return "", err
	}
	if len(others) > 0 {
		fmt.Fprintf(&b, "This conversation has other versions of some questions: the branch shown in Lectern comes first, "+
			"then each other branch from where it starts.\n\n")
	}
	w := turnWriter{b: &b, link: link, now: c.store.Now(), workspace: func(id string) string { return c.workspaceName(ctx, id) }}
	if err := w.write(turns, 1); err != nil {
		return "", err
	}
	for _, br := range others {
		first := br.turns[0]
		fmt.Fprintf(&b, "---\n\n## Branch %d of %d at question %d\n\n", first.Branch.Index, first.Branch.Count, br.at)
		if err := w.write(br.turns, br.at); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// turnWriter writes turns into b, numbered by question; link, when set, writes each turn's
// images (numbered by the turns written so far, so that two branches' files do not meet).
type turnWriter struct {
	b       *strings.Builder
	link    imageLinker
	now     time.Time
	written int
	// workspace names a workspace by its id, for an answer from another than the conversation's.
	workspace func(id string) string
}

// write writes turns, the first numbered question at.
func (w *turnWriter) write(turns []records.Turn, at int) error {
	var prev *records.Turn
	for i, t := range turns {
		w.written++
		var links []string
		if w.link != nil && len(t.Images) > 0 {
			var err error
			if links, err = w.link(w.written, t); err != nil {
				return err
			}
		}
		if prev != nil && t.System != prev.System {
			fmt.Fprintf(w.b, "**System prompt changed** (from this message on):\n\n%s\n\n", quote(cmp.Or(safetext.Text(t.System), "(none)")))
		}
		from := ""
		if t.WorkspaceID != "" {
			from = w.workspace(t.WorkspaceID)
		}
		writeTurn(w.b, at+i, t, from, links, w.now)
		prev = &turns[i]
	}
	return nil
}

// branch is a run of turns of a branch not shown, from the question where it leaves the turns
// written before it (question number at) to its end.
type branch struct {
	turns []records.Turn
	at    int
}

// otherBranches returns the branches of conversation id other than shown, each from where it
// leaves the turns written before it, in the order they were started.
func (c *Conversations) otherBranches(ctx context.Context, id int64, shown []records.Turn) ([]branch, error) {
	all, err := c.store.AllTurns(ctx, id)
	if err != nil || len(all) == len(shown) {
		return nil, err
	}
	byID, children := map[int64]records.Turn{}, map[int64]int{}
	for _, t := range all {
		byID[t.ID] = t
		children[t.ParentID]++
	}
	written := map[int64]bool{}
	for _, t := range shown {
		written[t.ID] = true
	}
	var out []branch
	for _, leaf := range all {
		if children[leaf.ID] > 0 || written[leaf.ID] {
			continue
		}
		var path []records.Turn // leaf to root
		for t, ok := leaf, true; ok; t, ok = byID[t.ParentID] {
			path = append(path, t)
		}
		slices.Reverse(path)
		start := slices.IndexFunc(path, func(t records.Turn) bool { return !written[t.ID] })
		for _, t := range path[start:] {
			written[t.ID] = true
		}
		out = append(out, branch{turns: path[start:], at: start + 1})
	}
	return out, nil
}

// Export writes conversation id as Markdown to path (replacing the file atomically). The images
// a model conversation sent are written beside it, in a folder named after the file
// (notes.md: notes_images/), and shown in the Markdown by relative links.
func (c *Conversations) Export(ctx context.Context, id int64, path string) error {
	md, err := c.markdown(ctx, id, c.imageFiles(ctx, path))
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, []byte(md), 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// exportTitle is the conversation's title; the title made from the first question (cut at 60
// characters) gives way to the whole question.
func exportTitle(conv records.Conversation, turns []records.Turn) string {
	if len(turns) > 0 && (conv.Title == "" || conv.Title == titleFrom(turns[0].Question)) {
		return safetext.OneLine(strings.Join(strings.Fields(turns[0].Question), " "))
	}
	return safetext.OneLine(cmp.Or(conv.Title, "Conversation"))
}

func (c *Conversations) workspaceName(ctx context.Context, id string) string {
	if ws, ok, err := c.store.Workspace(ctx, c.conn.CacheKey(), id); err == nil && ok {
		return fmt.Sprintf("%s (%s)", ws.Name, id)
	}
	return id
}

// writeAssistantScope says an assistant conversation is one, where else it is kept, and its
// workspace.
func writeAssistantScope(b *strings.Builder, conv records.Conversation, workspace string) {
	b.WriteString("- With: the assistant (also saved on the server, in the key owner's chat history)\n")
	if conv.WorkspaceID != "" {
		fmt.Fprintf(b, "- Workspace: %s (pinned)\n", safetext.OneLine(workspace))
	}
}

// writeModelScope names a model conversation's tier and API family.
func writeModelScope(b *strings.Builder, conv records.Conversation) {
	fmt.Fprintf(b, "- Model: %s\n- API: %s\n", safetext.OneLine(conv.Model), safetext.OneLine(string(conv.API)))
}

func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// writeTurn renders one turn; from names the workspace that answered when it is not the
// conversation's; links, when set, are where its images were written.
func writeTurn(b *strings.Builder, n int, t records.Turn, from string, links []string, now time.Time) {
	fmt.Fprintf(b, "---\n\n## %d. %s\n\n", n, oneLine(t.Question))
	fmt.Fprintf(b, "**Question** (%s):\n\n%s\n\n", stamp(t.Created), quote(t.Question))
	for i, img := range t.Images {
		if i < len(links) {
			fmt.Fprintf(b, "![%s](%s)\n", safetext.OneLine(img.Name), links[i])
			continue
		}
		fmt.Fprintf(b, "- Image: %s (%s, %s)\n", safetext.OneLine(img.Name), img.MIME, words.Bytes(int64(img.Size)))
	}
	for _, f := range t.Attachments {
		fmt.Fprintf(b, "- File: %s (%s)\n", safetext.OneLine(f.Name), words.Bytes(f.Size))
	}
	if len(t.Images)+len(t.Attachments) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "**Answer**")
	var meta []string
	if from != "" {
		meta = append(meta, "Answered from: "+safetext.OneLine(from))
	}
	if t.Model != "" {
		meta = append(meta, "Model: "+t.Model)
	}
	if u := t.Usage; u != nil {
		meta = append(meta, fmt.Sprintf("Tokens: %d in, %d out", u.InputTokens, u.OutputTokens))
	}
	meta = append(meta, "Status: "+string(t.Status), "Date: "+stamp(t.Updated))
	fmt.Fprintf(b, " (%s):\n\n", strings.Join(meta, ", "))
	if t.Answer != "" {
		b.WriteString(strings.TrimRight(safetext.Text(t.Answer), "\n") + "\n\n")
	} else {
		b.WriteString("*(no answer)*\n\n")
	}
	if t.Found != nil && !*t.Found {
		b.WriteString("*The documents do not cover this question.*\n\n")
	}
	if t.Error != "" {
		fmt.Fprintf(b, "*%s*\n\n", safetext.Text(t.Error))
	}
	writeSources(b, t)
	writeParts(b, t, now)
	for _, w := range t.Warnings {
		fmt.Fprintf(b, "- Warning: %s\n", safetext.OneLine(records.WarningText(w)))
	}
	if t.Notice != "" {
		fmt.Fprintf(b, "> Note: %s\n", safetext.OneLine(t.Notice))
	}
	if t.RequestID != "" {
		fmt.Fprintf(b, "\nRequest id: `%s`\n", t.RequestID)
	}
	b.WriteString("\n")
}

// writeSources lists a turn's sources, numbered as the answer cites them.
func writeSources(b *strings.Builder, t records.Turn) {
	if len(t.Sources) == 0 {
		return
	}
	b.WriteString("**Sources**\n\n")
	for _, s := range t.Sources {
		line := fmt.Sprintf("%d. %s (%s)", s.Index, safetext.OneLine(s.Name), strings.ToLower(records.SourceUse(s.Used)))
		if s.URL != nil && *s.URL != "" {
			line += " <" + safetext.OneLine(*s.URL) + ">"
		}
		b.WriteString(line + "\n")
	}
	b.WriteString("\n")
}

// oneLine puts s on one line of at most 80 characters: spaces collapsed, cut with "…".
func oneLine(s string) string { return words.Cut(strings.Join(strings.Fields(s), " "), 80) }

func quote(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "> " + l
	}
	return strings.Join(lines, "\n")
}

// writeParts writes an answer's function calls, the app's runs of its tools and the verdict on a
// JSON answer.
func writeParts(b *strings.Builder, t records.Turn, now time.Time) {
	for _, p := range t.Parts {
		if p.Kind == records.PartFunctionCall {
			fmt.Fprintf(b, "**Function call** `%s` (call id `%s`):\n\n```json\n%s\n```\n\n", safetext.OneLine(p.Name),
				safetext.OneLine(p.CallID), safetext.Text(p.Arguments))
		}
	}
	records.WriteToolLines(b, t.Parts, now)
	if t.Check != nil && !t.Check.Conforms {
		fmt.Fprintf(b, "*The answer does not fit the schema: %s*\n\n", safetext.OneLine(t.Check.Problem))
	}
}
