package documents

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// cutKey is a text to fit and the room it is fitted to.
type cutKey struct {
	text  string
	width float32
	size  float32
	bold  bool
}

// maxCuts bounds the cache of cut texts: it is emptied when full (a workspace of many long names,
// or many widths while a window is resized), and refills with the rows in sight.
const maxCuts = 4096

// cutter cuts table texts to their column's width, ending them with "…", and remembers each cut.
// A label's own ellipsis shapes its text again on every update and redraw of every cell, short or
// not, which made a keystroke in the filter cost 12–26 ms; a remembered cut costs a map look-up.
// The labels keep clipping, but their text already fits.
type cutter struct {
	cuts map[cutKey]string
}

// fit returns text, or its longest start that fits width with "…" after it, in the table's text
// size and style bold.
func (c *cutter) fit(text string, width float32, bold bool) string {
	k := cutKey{text: text, width: width, size: theme.TextSize(), bold: bold}
	if s, ok := c.cuts[k]; ok {
		return s
	}
	if c.cuts == nil || len(c.cuts) >= maxCuts {
		c.cuts = make(map[cutKey]string)
	}
	s := cutToWidth(text, width-2*theme.InnerPadding(), k.size, fyne.TextStyle{Bold: bold})
	c.cuts[k] = s
	return s
}

// cutToWidth returns text when it fits room, else its longest start (by whole characters) that
// fits with "…" after it; "…" alone when nothing does.
func cutToWidth(text string, room, size float32, style fyne.TextStyle) string {
	if fyne.MeasureText(text, size, style).Width <= room {
		return text
	}
	runes := []rune(text)
	lo, hi := 0, len(runes) // runes[:lo]+"…" fits (or lo is 0); runes[:hi+1]+"…" does not
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fyne.MeasureText(string(runes[:mid])+"…", size, style).Width <= room {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(runes[:lo]) + "…"
}
