package widgets

import (
	"strings"

	"fyne.io/fyne/v2/widget"
)

// Marked turns an excerpt of the app's search (app/store.Snippet: each word found wrapped in [
// and ]) into text segments after prefix, in style: a marked word, one that begins with one of
// words, is bold and loses its brackets; other brackets (the text's own) stay as they are.
func Marked(prefix, snippet string, words []string, style widget.RichTextStyle) []widget.RichTextSegment {
	bold := style
	bold.TextStyle.Bold = true
	plain := prefix
	var out []widget.RichTextSegment
	for {
		open := strings.IndexByte(snippet, '[')
		if open < 0 {
			break
		}
		end := strings.IndexByte(snippet[open:], ']')
		if end < 0 {
			break
		}
		end += open
		inner := snippet[open+1 : end]
		if !beginsWithOne(inner, words) {
			plain += snippet[:open+1]
			snippet = snippet[open+1:]
			continue
		}
		out = append(out, &widget.TextSegment{Text: plain + snippet[:open], Style: style}, &widget.TextSegment{Text: inner, Style: bold})
		plain, snippet = "", snippet[end+1:]
	}
	return append(out, &widget.TextSegment{Text: plain + snippet, Style: style})
}

// beginsWithOne says whether s begins with one of words, in any case.
func beginsWithOne(s string, words []string) bool {
	for _, w := range words {
		if w != "" && len(s) >= len(w) && strings.EqualFold(s[:len(w)], w) {
			return true
		}
	}
	return false
}
