package search

import (
	"context"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"lectern/app/records"
	"lectern/app/store"
)

// Find finds in db, on server and out of the trash, the turns that hold every word of text (the last
// word may be the start of a word), newest first, after the conversations whose title holds them
// and no turn found does (at most maxTitleHits, newest first); limit in all. Each hit says its
// conversation's project and, for a turn, whether it is on a branch the conversation does not
// show. Ranking by recency keeps it fast however many turns match.
func Find(ctx context.Context, db *store.DB, server, text string, limit int) ([]records.SearchHit, error) {
	words := Words(text)
	if len(words) == 0 || limit <= 0 {
		return nil, nil
	}
	q := db.SQL()
	turns, err := searchTurns(ctx, q, server, words, limit)
	if err != nil {
		return nil, err
	}
	found := map[int64]bool{}
	for _, h := range turns {
		found[h.Conversation.ID] = true
	}
	titles, err := searchTitles(ctx, q, server, words, len(found)+min(limit, maxTitleHits))
	if err != nil {
		return nil, err
	}
	titles = slices.DeleteFunc(titles, func(h records.SearchHit) bool { return found[h.Conversation.ID] })
	titles = titles[:min(len(titles), limit, maxTitleHits)]
	return append(titles, turns[:min(len(turns), limit-len(titles))]...), nil
}

// maxTitleHits is how many conversations found by their title come before the turns found.
const maxTitleHits = 20

// searchConversationCols are store.ConversationCols of the conversation c, then its project's name
// (a project in the trash: none; its conversations are in the trash with it).
var searchConversationCols = "c." + strings.ReplaceAll(store.ConversationCols, ", ", ", c.") + ", coalesce(p.name, '')"

// projectJoin joins a conversation c to its project p.
const projectJoin = " LEFT JOIN projects p ON p.id = c.project_id AND p.deleted_at = 0 "

// searchTitles finds the conversations whose title holds every word (LIKE: a letter's case is
// ignored in ASCII only).
func searchTitles(ctx context.Context, q store.Querier, server string, words []string, limit int) ([]records.SearchHit, error) {
	where, args := "", []any{server}
	for _, w := range words {
		where += ` AND c.title LIKE ? ESCAPE '\'`
		args = append(args, "%"+w+"%") // words hold letters and digits only: nothing to escape
	}
	scan := func(sc store.RowScanner) (records.SearchHit, error) {
		var h records.SearchHit
		c, err := store.ScanConversation(sc, &h.Project)
		h.Conversation, h.TitleSnippet = c, Snippet(c.Title, words)
		return h, err
	}
	return store.QueryAll(ctx, q, scan, "SELECT "+searchConversationCols+" FROM conversations c"+projectJoin+
		"WHERE c.server = ? AND c.deleted_at = 0"+where+" ORDER BY c.updated_at DESC LIMIT ?", append(args, limit)...)
}

// searchTurns finds the turns that hold every word, the newest first: the full-text index gives
// the turns in the order of their ids and the join stops at limit.
func searchTurns(ctx context.Context, q store.Querier, server string, words []string, limit int) ([]records.SearchHit, error) {
	if limit <= 0 {
		return nil, nil
	}
	heads := map[int64]int64{} // conversation -> the last turn of the branch it shows
	scan := func(sc store.RowScanner) (records.SearchHit, error) {
		var h records.SearchHit
		var answer string
		var head int64
		c, err := store.ScanConversation(sc, &h.Project, &head, &h.TurnID, &h.Question, &answer)
		h.Conversation, h.TitleSnippet = c, Snippet(c.Title, words)
		h.QuestionSnippet, h.AnswerSnippet = Snippet(h.Question, words), Snippet(PlainText(answer), words)
		heads[c.ID] = head
		return h, err
	}
	hits, err := store.QueryAll(ctx, q, scan, "SELECT "+searchConversationCols+`, c.head_turn_id, t.id, t.question, t.answer
		FROM turns_fts f JOIN turns t ON t.id = f.rowid JOIN conversations c ON c.id = t.conversation_id`+projectJoin+`
		WHERE turns_fts MATCH ? AND c.server = ? AND c.deleted_at = 0 ORDER BY f.rowid DESC LIMIT ?`,
		FTSQuery(words), server, limit)
	if err != nil {
		return nil, err
	}
	return hits, markBranches(ctx, q, hits, heads)
}

// Words splits what a user typed into words; FTS5 syntax characters are dropped.
func Words(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) })
}

// FTSQuery makes an FTS5 query in which every word must appear, the last one as a prefix unless
// it is one letter: a prefix that short stands for a good part of every word written, whose lists
// of turns FTS5 reads and merges whole before the first hit. Each word is quoted, so that input
// such as OR, NEAR or * is taken literally.
func FTSQuery(words []string) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = `"` + w + `"`
	}
	if utf8.RuneCountInString(words[len(words)-1]) > 1 {
		parts[len(parts)-1] += "*"
	}
	return strings.Join(parts, " ")
}

// Snippet returns about 160 characters of text around the first of words found in it (at the
// start of a word of text), with each word of text in it that begins with one of words wrapped
// in [ and ]; without a match, the start of text.
func Snippet(text string, words []string) string {
	text = strings.Join(strings.Fields(text), " ")
	lower := strings.ToLower(text)
	if len(lower) != len(text) { // byte offsets would not agree (a case mapping changed a length)
		return cutRunes(text, 0, 160)
	}
	marks := wordsMarked(lower, words)
	if len(marks) == 0 {
		return cutRunes(text, 0, 160)
	}
	start, end := max(0, marks[0][0]-60), min(len(text), marks[0][1]+100)
	for start > 0 && !utf8.RuneStart(text[start]) {
		start--
	}
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	var out strings.Builder
	if start > 0 {
		out.WriteString("…")
	}
	at := start
	for _, m := range marks {
		if m[1] > end {
			break
		}
		out.WriteString(text[at:m[0]] + "[" + text[m[0]:m[1]] + "]")
		at = m[1]
	}
	out.WriteString(text[at:end])
	if end < len(text) {
		out.WriteString("…")
	}
	return out.String()
}

// wordsMarked finds in lower (lower-case text) the words that begin with one of words, as the
// full-text index matches them: their start and end, in order.
func wordsMarked(lower string, words []string) [][2]int {
	var marks [][2]int
	for i := 0; i < len(lower); {
		r, n := utf8.DecodeRuneInString(lower[i:])
		if !isWordRune(r) {
			i += n
			continue
		}
		end := i + strings.IndexFunc(lower[i:], func(r rune) bool { return !isWordRune(r) })
		if end < i {
			end = len(lower)
		}
		for _, w := range words {
			if strings.HasPrefix(lower[i:end], strings.ToLower(w)) {
				marks = append(marks, [2]int{i, end})
				break
			}
		}
		i = end
	}
	return marks
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

func cutRunes(s string, from, n int) string {
	r := []rune(s)
	if len(r) <= from+n {
		return string(r[from:])
	}
	return string(r[from:from+n]) + "…"
}
