package markdown

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// table draws a GFM table as rows of a grid with one column per column of the delimiter row.
// The columns share the width equally, so they never move as rows stream in; cells wrap.
// The header is bold, a separator line runs under every row, and cells keep their alignment.
func (b *builder) table(t *east.Table) fyne.CanvasObject {
	cols := len(t.Alignments)
	if cols == 0 {
		return nil
	}
	var rows []fyne.CanvasObject
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		_, header := r.(*east.TableHeader)
		rows = append(rows, b.tableRow(r, t.Alignments, header), widget.NewSeparator())
	}
	return container.NewVBox(rows...)
}

// tableRow is one row of cells, padded with empty cells to the table's width.
func (b *builder) tableRow(r ast.Node, aligns []east.Alignment, header bool) fyne.CanvasObject {
	cells := make([]fyne.CanvasObject, 0, len(aligns))
	c := r.FirstChild()
	for i := range aligns {
		st := baseStyle("")
		st.TextStyle.Bold = header
		st.Alignment = cellAlign(aligns[i])
		var segs []widget.RichTextSegment
		if c != nil {
			segs = b.inlines(c, st, nil)
			c = c.NextSibling()
		}
		cells = append(cells, b.text(segs, st))
	}
	return container.NewGridWithColumns(len(aligns), cells...)
}

func cellAlign(a east.Alignment) fyne.TextAlign {
	switch a {
	case east.AlignCenter:
		return fyne.TextAlignCenter
	case east.AlignRight:
		return fyne.TextAlignTrailing
	}
	return fyne.TextAlignLeading
}
