package markdown

import (
	"strings"

	"fyne.io/fyne/v2"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"lectern/internal/words"
)

// Fyne's screen reader does not enter a widget, so a View says the whole answer in its label:
// what it is made of, then its words.

// blockNoun names a top-level block for a screen reader; "" for one that says nothing (a rule).
func blockNoun(n ast.Node) string {
	switch n.(type) {
	case *ast.Heading:
		return "heading"
	case *ast.Paragraph, *ast.TextBlock, *ast.HTMLBlock:
		return "paragraph"
	case *ast.List:
		return "list"
	case *ast.Blockquote:
		return "quote"
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return "code block"
	case *east.Table:
		return "table"
	}
	return ""
}

// AccessibilityLabel says what the answer shown now is made of, then its words: "Answer, 3
// paragraphs and a table. …"; "Answer so far, …" while it streams.
func (v *View) AccessibilityLabel() string {
	label := "Answer"
	if !v.final {
		label = "Answer so far"
	}
	parts := v.partsSaid()
	if parts == "" {
		return label + ", nothing yet"
	}
	var text []string
	for _, b := range v.blocks {
		for _, t := range b.texts {
			text = append(text, t.plain)
		}
	}
	return label + ", " + parts + ". " + strings.Join(text, " ")
}

// partsSaid counts the blocks by kind, in the order each kind first comes: "3 paragraphs and a
// table".
func (v *View) partsSaid() string {
	var nouns []string
	count := map[string]int{}
	for _, b := range v.blocks {
		if b.noun == "" {
			continue
		}
		if count[b.noun] == 0 {
			nouns = append(nouns, b.noun)
		}
		count[b.noun]++
	}
	said := make([]string, len(nouns))
	for i, n := range nouns {
		said[i] = "a " + n
		if count[n] > 1 {
			said[i] = words.Count(count[n], n)
		}
	}
	if len(said) < 2 {
		return strings.Join(said, "")
	}
	return strings.Join(said[:len(said)-1], ", ") + " and " + said[len(said)-1]
}

// AccessibilityRole is text: an answer is read.
func (v *View) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// AccessibilityLabel is the block's words.
func (t *textBlock) AccessibilityLabel() string { return t.plain }

// AccessibilityRole is text.
func (t *textBlock) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// AccessibilityLabel says the code's language and length: "Code, go, 12 lines".
func (c *codeBlock) AccessibilityLabel() string {
	lines := strings.Count(c.code, "\n") + 1
	if c.lang == "" {
		return "Code, " + words.Count(lines, "line")
	}
	return "Code, " + c.lang + ", " + words.Count(lines, "line")
}

// AccessibilityRole is text: code is read (its Copy button is a button of its own).
func (c *codeBlock) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
