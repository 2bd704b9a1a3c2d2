package markdown

import (
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// gfm parses GitHub Flavored Markdown plus $math$ spans. Parsing is cheap next to building Fyne
// objects, but not free at 64 KB: on each delta only the source from the open block on is parsed.
var gfm = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(
		parser.WithInlineParsers(util.Prioritized(mathParser{}, 150)),
	),
)

// span is one top-level block's source: from the start of its first line to its end, trailing
// white space trimmed so that a block followed by a newline has the same source as without.
type span struct {
	start, end int
}

// parse returns src's top-level blocks and their spans, offset by base (src is the tail of a
// longer source that starts at base).
func parse(src []byte, base int) ([]ast.Node, []span) {
	nodes, spans, _ := parseRefs(src, base)
	return nodes, spans
}

// parseRefs is parse that also says whether src defines link references ("[a]: http://…").
func parseRefs(src []byte, base int) ([]ast.Node, []span, bool) {
	ctx := parser.NewContext()
	doc := gfm.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
	var nodes []ast.Node
	var spans []span
	prevEnd := 0
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		start := nodeStart(n)
		if start < prevEnd {
			start = prevEnd
		}
		start = lineStart(src, start)
		if len(spans) > 0 {
			spans[len(spans)-1].end = trimEnd(src, start)
		}
		nodes = append(nodes, n)
		spans = append(spans, span{start: start})
		prevEnd = start
	}
	if len(spans) > 0 {
		spans[len(spans)-1].end = trimEnd(src, len(src))
	}
	for i := range spans {
		spans[i].start += base
		spans[i].end += base
	}
	return nodes, spans, len(ctx.References()) > 0
}

// nodeStart is the offset where n begins. Blocks made by a paragraph transformer (tables) have
// no position of their own; their first text says where they are.
func nodeStart(n ast.Node) int {
	if p := n.Pos(); p >= 0 {
		return p
	}
	start := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if c.Type() == ast.TypeBlock && c.Lines().Len() > 0 {
			start = c.Lines().At(0).Start
		} else if t, ok := c.(*ast.Text); ok {
			start = t.Segment.Start
		} else if p := c.Pos(); p >= 0 && c != n {
			start = p
		}
		if start >= 0 {
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return start
}

// lineStart moves i back to the start of its line.
func lineStart(src []byte, i int) int {
	i = min(max(i, 0), len(src))
	for i > 0 && src[i-1] != '\n' {
		i--
	}
	return i
}

// trimEnd moves end back over white space.
func trimEnd(src []byte, end int) int {
	for end > 0 && strings.IndexByte(" \t\r\n", src[end-1]) >= 0 {
		end--
	}
	return end
}
