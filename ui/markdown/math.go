package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// mathSpan is TeX between $ or $$ signs. Lectern has no TeX renderer: math is shown as code,
// which keeps underscores and stars in formulas from turning into emphasis.
type mathSpan struct {
	ast.BaseInline
	tex     string
	display bool // $$...$$
}

var kindMath = ast.NewNodeKind("Math")

// Kind implements ast.Node.
func (m *mathSpan) Kind() ast.NodeKind { return kindMath }

// Dump implements ast.Node.
func (m *mathSpan) Dump(src []byte, level int) {
	ast.DumpHelper(m, src, level, map[string]string{"TeX": m.tex}, nil)
}

// mathParser finds $tex$ on one line and $$tex$$ across lines. A single $ follows pandoc's rule
// so that prices stay text: no space after the opening sign, none before the closing one, and no
// digit after it ("$5 and $10").
type mathParser struct{}

// Trigger implements parser.InlineParser.
func (mathParser) Trigger() []byte { return []byte{'$'} }

// Parse implements parser.InlineParser.
func (mathParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if bytes.HasPrefix(line, []byte("$$")) {
		return parseDisplayMath(block)
	}
	if len(line) < 3 || isSpace(line[1]) || line[1] == '$' {
		return nil
	}
	for k := 2; k < len(line); k++ {
		if line[k] != '$' {
			continue
		}
		if isSpace(line[k-1]) || line[k-1] == '\\' || (k+1 < len(line) && isDigit(line[k+1])) {
			return nil
		}
		block.Advance(k + 1)
		return &mathSpan{tex: string(line[1:k])}
	}
	return nil
}

// parseDisplayMath reads $$...$$, which may span lines of the paragraph.
func parseDisplayMath(block text.Reader) ast.Node {
	l, pos := block.Position()
	block.Advance(2)
	var tex []byte
	for {
		line, _ := block.PeekLine()
		if line == nil {
			block.SetPosition(l, pos)
			return nil
		}
		if i := bytes.Index(line, []byte("$$")); i >= 0 {
			tex = append(tex, line[:i]...)
			block.Advance(i + 2)
			t := string(bytes.TrimSpace(tex))
			if t == "" {
				block.SetPosition(l, pos)
				return nil
			}
			return &mathSpan{tex: t, display: true}
		}
		tex = append(tex, line...)
		block.AdvanceLine()
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
