package app

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/search"
)

// FuzzSearch checks that any text typed into the search box gives results or none, never an
// FTS5 syntax error, and that snippets stay valid UTF-8.
func FuzzSearch(f *testing.F) {
	for _, s := range []string{"holiday", `"NEAR(a b)" OR*`, "a AND NOT b", "^x", "col:x", "é ü", "\x00", "((("} {
		f.Add(s)
	}
	st := openTestStore(f, filepath.Join(f.TempDir(), store.DatabaseFile))
	f.Cleanup(func() { st.Close() })
	ctx := context.Background()
	conv, _ := st.CreateConversation(ctx, "srv", records.Conversation{WorkspaceID: "ws", Title: "t"})
	tr, _ := st.AddTurn(ctx, records.Turn{ConversationID: conv.ID, Question: "When is the holiday?"})
	tr.Answer, tr.Status = "The office closes for the holiday — Ünïcödé, NEAR and OR are words here.", records.TurnCompleted
	st.SaveTurn(ctx, &tr)
	f.Fuzz(func(t *testing.T, text string) {
		hits, err := search.Find(ctx, st, "srv", text, 10)
		if err != nil {
			t.Fatalf("search(%q): %v", text, err)
		}
		for _, h := range hits {
			if !utf8.ValidString(h.AnswerSnippet) && utf8.ValidString(tr.Answer) {
				t.Fatalf("invalid snippet %q", h.AnswerSnippet)
			}
		}
		_ = search.Snippet(strings.Repeat(text, 3), search.Words(text))
	})
}
