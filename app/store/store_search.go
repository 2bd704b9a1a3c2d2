package store

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"lectern/app/records"
)

// search finds the turns of server's conversations that contain every word of text (the last as
// a prefix), newest first. Ranking by recency keeps it fast however many turns match.
func (s *DB) Search(ctx context.Context, server, text string, limit int) ([]records.SearchHit, error) {
	words := SearchWords(text)
	if len(words) == 0 {
		return nil, nil
	}
	scan := func(sc rowScanner) (records.SearchHit, error) {
		var h records.SearchHit
		var answer string
		c, err := scanConversation(sc, &h.TurnID, &h.Question, &answer)
		h.Conversation, h.QuestionSnippet, h.AnswerSnippet = c, Snippet(h.Question, words), Snippet(PlainText(answer), words)
		return h, err
	}
	return queryAll(ctx, s.db, scan, `SELECT c.id, c.kind, c.workspace_id, c.document_id, c.model, c.system_prompt,
		c.api, c.title, c.created_at, c.updated_at, c.pinned_at, c.answer_format, c.remote_id, c.project_id,
		t.id, t.question, t.answer
		FROM turns_fts f JOIN turns t ON t.id = f.rowid JOIN conversations c ON c.id = t.conversation_id
		WHERE turns_fts MATCH ? AND c.server = ? AND c.deleted_at = 0 ORDER BY f.rowid DESC LIMIT ?`, FTSQuery(words), server, limit)
}

// searchWords splits what a user typed into words; FTS5 syntax characters are dropped.
func SearchWords(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

// ftsQuery makes an FTS5 query in which every word must appear, the last one as a prefix; each
// word is quoted, so that input such as OR, NEAR or * is taken literally.
func FTSQuery(words []string) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = `"` + w + `"`
	}
	parts[len(parts)-1] += "*"
	return strings.Join(parts, " ")
}

// snippet returns about 160 characters of text around the first of words found in it, that word
// wrapped in [ and ]; without a match, the start of text.
func Snippet(text string, words []string) string {
	text = strings.Join(strings.Fields(text), " ")
	lower := strings.ToLower(text)
	pos, n := -1, 0
	if len(lower) == len(text) { // byte offsets agree (no case mapping changed a length)
		for _, w := range words {
			if k := strings.Index(lower, strings.ToLower(w)); k >= 0 && (pos < 0 || k < pos) {
				pos, n = k, len(w)
			}
		}
	}
	if pos < 0 {
		return cutRunes(text, 0, 160)
	}
	start, end := max(0, pos-60), min(len(text), pos+n+100)
	for start > 0 && !utf8.RuneStart(text[start]) {
		start--
	}
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	out := text[start:pos] + "[" + text[pos:pos+n] + "]" + text[pos+n:end]
	if start > 0 {
		out = "…" + out
	}
	if end < len(text) {
		out += "…"
	}
	return out
}

func cutRunes(s string, from, n int) string {
	r := []rune(s)
	if len(r) <= from+n {
		return string(r[from:])
	}
	return string(r[from:from+n]) + "…"
}
