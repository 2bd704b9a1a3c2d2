package uitest

import (
	"bytes"
	"slices"
	"strings"

	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
)

// oneFace is a Fontmap of one face, so that the segmenter splits runs by direction and script only.
type oneFace struct{ face *font.Face }

func (f oneFace) ResolveFace(rune) *font.Face { return f.face }

// Drawn is the order, left to right, in which Fyne draws the characters of a line of text s, its
// bidirectional marks (which have no glyph) left out. Fyne's painter (internal/painter walkString)
// splits a line with go-text's Segmenter into runs of one direction and script, places them left
// to right in the order of the text, and shapes a right-to-left run from its end (mirroring its
// brackets, which Drawn leaves as they are).
func Drawn(s string) string {
	face, err := font.ParseTTF(bytes.NewReader(theme.DefaultTextFont().Content()))
	if err != nil {
		panic("uitest: Fyne's font: " + err.Error())
	}
	text := []rune(s)
	var seg shaping.Segmenter
	runs := seg.Split(shaping.Input{Text: text, RunEnd: len(text), Direction: di.DirectionLTR, Face: face}, oneFace{face})
	var b strings.Builder
	for _, run := range runs {
		part := slices.Clone(text[run.RunStart:run.RunEnd])
		if run.Direction.Progression() == di.TowardTopLeft {
			slices.Reverse(part)
		}
		for _, r := range part {
			if r != '\u200e' && r != '\u200f' {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}
