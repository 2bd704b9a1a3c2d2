package ui

import (
	"image/color"
	ltheme "lectern/ui/theme"
	"lectern/ui/widgets"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// labelColor is the colour name a label's text takes, as widget.Label picks it from its importance.
func labelColor(l *widget.Label) fyne.ThemeColorName {
	switch l.Importance {
	case widget.LowImportance:
		return theme.ColorNameDisabled
	case widget.HighImportance:
		return theme.ColorNamePrimary
	case widget.DangerImportance:
		return theme.ColorNameError
	case widget.WarningImportance:
		return theme.ColorNameWarning
	case widget.SuccessImportance:
		return theme.ColorNameSuccess
	}
	return theme.ColorNameForeground
}

// over lays c on the opaque bg by its alpha: what the screen shows.
func over(c, bg color.Color) color.Color {
	r, g, b, a := c.RGBA()
	br, bgG, bb, _ := bg.RGBA()
	mix := func(x, y uint32) uint8 { return uint8((x + y*(0xffff-a)/0xffff) >> 8) }
	return color.NRGBA{R: mix(r, br), G: mix(g, bgG), B: mix(b, bb), A: 0xff}
}

// The quiet texts of the lists and the documents pane (counts lines, the conversation list's times,
// the limits line, the refresh note, the filter notes, the document details) read at 4.5:1 or more
// in both themes, on the window's background and on a hovered or selected row.
func TestCaptionContrast(t *testing.T) {
	f := newFixture(t, fastConfig())
	m := f.browser()
	row := newWorkspaceRow()
	conv := newConversationRow(nil)
	texts := map[string]*widget.Label{"workspace counts": row.counts, "conversation time": conv.when,
		"caption": widgets.CaptionLabel(""), "refresh note": m.syncText, "documents shown": m.docs.shown,
		"workspace counts header": m.docs.counts, "limits line": m.docs.limits.daily, "hidden selection": m.list.hidden,
		"empty note": m.docs.empty.Text, "details": m.docs.detail.facts}
	inRows := map[string]bool{"workspace counts": true, "conversation time": true}
	for _, name := range []string{ltheme.Light, ltheme.Dark} {
		th := ltheme.For(name)
		for what, l := range texts {
			bg := th.Color(theme.ColorNameBackground, 0)
			backs := map[string]color.Color{"background": bg}
			if inRows[what] {
				backs["selected row"] = over(th.Color(theme.ColorNameSelection, 0), bg)
				backs["hovered row"] = over(th.Color(theme.ColorNameHover, 0), bg)
			}
			for on, back := range backs {
				fg := over(th.Color(labelColor(l), 0), back)
				if c := ltheme.Contrast(fg, back); c < ltheme.MinContrast {
					t.Errorf("%s theme, %s on the %s: %.2f", name, what, on, c)
				}
			}
		}
	}
}
