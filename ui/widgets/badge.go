// Package widgets holds the desktop's small reusable pieces: the badge, the question box, the filter
// box and its empty note, the function-call card, the JSON answer tree, the custom layouts, and
// helpers to show, hide and caption. It imports nothing of the application core (nor the service's
// types): views hand it plain values.
package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	ltheme "lectern/ui/theme"
)

// Badge is a small rounded label with a coloured background: a document's status, a workspace's
// scope or access. Set Text and Color, then call Refresh.
type Badge struct {
	widget.BaseWidget
	Text  string
	Color fyne.ThemeColorName // background; the text is drawn in the matching foreground colour
}

var _ fyne.Widget = (*Badge)(nil)

// NewBadge returns a badge showing text on the theme colour c.
func NewBadge(text string, c fyne.ThemeColorName) *Badge {
	b := &Badge{Text: text, Color: c}
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer returns the badge's renderer.
func (b *Badge) CreateRenderer() fyne.WidgetRenderer {
	r := &badgeRenderer{b: b, bg: canvas.NewRectangle(color.Transparent), text: canvas.NewText("", color.White)}
	r.text.TextStyle = fyne.TextStyle{Bold: true}
	r.Refresh()
	return r
}

type badgeRenderer struct {
	b    *Badge
	bg   *canvas.Rectangle
	text *canvas.Text
}

func (r *badgeRenderer) padding() fyne.Size {
	p := theme.InnerPadding()
	return fyne.NewSize(p, p/4)
}

func (r *badgeRenderer) Layout(size fyne.Size) {
	min := r.MinSize()
	r.bg.Resize(fyne.NewSize(min.Width, min.Height))
	r.bg.Move(fyne.NewPos(0, (size.Height-min.Height)/2))
	r.text.Resize(r.text.MinSize())
	pad := r.padding()
	r.text.Move(fyne.NewPos(pad.Width/2, (size.Height-min.Height)/2+pad.Height/2))
}

func (r *badgeRenderer) MinSize() fyne.Size {
	return r.text.MinSize().Add(r.padding())
}

func (r *badgeRenderer) Refresh() {
	th := r.b.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r.text.Color, r.bg.FillColor = badgeColors(th, r.b.Color, v)
	r.bg.CornerRadius = th.Size(theme.SizeNameSelectionRadius) + 2
	r.text.Text = r.b.Text
	r.text.TextSize = th.Size(theme.SizeNameCaptionText)
	r.Layout(r.b.Size())
	r.bg.Refresh()
	r.text.Refresh()
}

// badgeColors returns a badge's text and background colours for the theme colour c: readable
// (at least 4.5:1) in either variant, whatever the theme's own "foreground on" colours are.
func badgeColors(th fyne.Theme, c fyne.ThemeColorName, v fyne.ThemeVariant) (fg, bg color.Color) {
	bg = th.Color(c, v)
	return ltheme.Readable(bg), bg
}

func (r *badgeRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg, r.text} }

func (r *badgeRenderer) Destroy() {}

// WorkspaceBadges sets scope and access to show a workspace's scope and access level (the
// service's words: "personal", "owner"…); the owner's access is drawn in the primary colour.
func WorkspaceBadges(scope, access *Badge, scopeName, accessName string) {
	scope.Text = scopeLabel(scopeName)
	scope.Color = theme.ColorNameInputBorder
	scope.Refresh()
	access.Text = accessLabel(accessName)
	access.Color = theme.ColorNameInputBorder
	if accessName == "owner" {
		access.Color = theme.ColorNamePrimary
	}
	access.Refresh()
}

// scopeLabel names a workspace scope in words; unknown values are kept as text.
func scopeLabel(scope string) string {
	switch scope {
	case "personal":
		return "Personal"
	case "organization":
		return "Organisation"
	}
	return scope
}

// accessLabel names a workspace access level in words; unknown values are kept as text.
func accessLabel(access string) string {
	switch access {
	case "owner":
		return "Owner"
	case "shared":
		return "Shared with you"
	case "member":
		return "Member"
	case "manager":
		return "Manager"
	}
	return access
}

// AccessibilityLabel is the badge's words as shown now.
func (b *Badge) AccessibilityLabel() string { return b.Text }

// AccessibilityRole is text: a badge says a status, nothing acts on it.
func (b *Badge) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
