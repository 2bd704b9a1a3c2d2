package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ShowIf shows o when on, else hides it: through Show and Hide, which lay a widget out again when
// it comes back (setting Hidden does not, and a button shown that way lost its icon).
func ShowIf(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// CaptionLabel is a label in small text, for what a row says after its title. It keeps the
// foreground colour: the theme's low-importance (disabled) colour reads at under 2:1 in both
// variants (issue 12; TestCaptionContrast).
func CaptionLabel(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// TitleOverCaption stacks a row's title over what it says below (a CaptionLabel, or a line that
// holds one), the second pulled up 8 units into the labels' padding, so that the two read as one.
func TitleOverCaption(title, below fyne.CanvasObject) *fyne.Container {
	return container.NewVBox(title, container.New(layout.NewCustomPaddedLayout(-8, 0, 0, 0), below))
}
