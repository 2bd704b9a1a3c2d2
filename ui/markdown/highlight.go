package markdown

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// highlight colours code with the lexer for lang, in the theme's colours so that it reads in
// light and dark; nil when lang is unknown.
func highlight(lang, code string) []widget.RichTextSegment {
	lexer := lexers.Get(lang)
	if lexer == nil {
		return nil
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code)
	if err != nil {
		return nil
	}
	var segs []widget.RichTextSegment
	for tok := it(); tok != chroma.EOF; tok = it() {
		st := widget.RichTextStyleCodeBlock
		st.ColorName = tokenColor(tok.Type)
		segs = appendText(segs, tok.Value, st)
	}
	if n := len(segs); n > 0 { // lexers end the text with a newline of their own
		if t, ok := segs[n-1].(*widget.TextSegment); ok && !strings.HasSuffix(code, "\n") {
			t.Text = strings.TrimSuffix(t.Text, "\n")
		}
	}
	return segs
}

// tokenColor maps a chroma token type onto a theme colour.
func tokenColor(t chroma.TokenType) fyne.ThemeColorName {
	switch {
	case t.InCategory(chroma.Comment):
		return theme.ColorNamePlaceHolder
	case t.InCategory(chroma.Keyword), t == chroma.NameBuiltin, t == chroma.NameTag:
		return theme.ColorNamePrimary
	case t.InSubCategory(chroma.LiteralString):
		return theme.ColorNameSuccess
	case t.InSubCategory(chroma.LiteralNumber), t == chroma.NameAttribute:
		return theme.ColorNameWarning
	case t == chroma.GenericDeleted, t == chroma.Error:
		return theme.ColorNameError
	case t == chroma.GenericInserted:
		return theme.ColorNameSuccess
	case t == chroma.NameFunction, t == chroma.NameClass:
		return theme.ColorNameHyperlink
	}
	return theme.ColorNameForeground
}
