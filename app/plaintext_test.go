package app

import (
	"context"
	"strings"
	"testing"

	"lectern/app/records"
	"lectern/app/store/search"
)

func TestPlainTextDropsMarkdown(t *testing.T) {
	for md, want := range map[string]string{
		"**Annual leave** is *24 days*.":                   "Annual leave is 24 days.",
		"# Leave\n\n- one `code`\n- [two](https://x.test)": "Leave one code two",
		"| a | b |\n|---|---|\n| 1 | 2 |":                  "a b 1 2",
		"```\nx := 1\n```":                                 "x := 1",
		"plain [1] text":                                   "plain [1] text",
		"<b>raw</b> html":                                  "raw html",
	} {
		if got := search.PlainText(md); got != want {
			t.Errorf("PlainText(%q) = %q, want %q", md, got, want)
		}
	}
}

// A search hit's answer excerpt is the answer's words, not its Markdown.
func TestSearchSnippetIsPlainText(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	conv, err := f.app.Conversations().New(ctx, f.ws, "", "")
	if err != nil {
		t.Fatal(err)
	}
	turn, err := f.app.store.AddTurn(ctx, records.Turn{ConversationID: conv.ID, Question: "How long is leave?"})
	if err != nil {
		t.Fatal(err)
	}
	turn.Status, turn.Answer = records.TurnInterrupted, "**Annual leave** is *24 days* per year"
	if err := f.app.store.SaveTurn(ctx, &turn); err != nil {
		t.Fatal(err)
	}
	hits, err := f.app.Conversations().Search(context.Background(), "annual")
	if err != nil || len(hits) != 1 {
		t.Fatalf("hits %+v, %v", hits, err)
	}
	if got := hits[0].AnswerSnippet; strings.ContainsAny(got, "*") || !strings.Contains(got, "[Annual] leave is 24 days") {
		t.Errorf("snippet %q", got)
	}
}
