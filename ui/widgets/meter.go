package widgets

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// meterHeight is the height of a meter's track: a thin bar beside its words.
const meterHeight = 8

// Meter shows how much of a whole is done or used: a thin track whose empty part is the input
// background (with its border) and whose filled part is the primary colour, and its words beside
// it in the foreground colour. Fyne's ProgressBar paints its empty part in the primary colour at
// half strength, so that 0% (and 2.8 KB of 100 MB) looked full (issue 20).
type Meter struct {
	widget.BaseWidget
	Value, Max float64
	// Text, when set, gives the words beside the track; else the percentage.
	Text func() string
	// Name says what is measured ("Storage", "Sent"), before the words, to a screen reader.
	Name string
}

// NewMeter makes an empty meter of max.
func NewMeter(max float64) *Meter {
	m := &Meter{Max: max}
	m.ExtendBaseWidget(m)
	return m
}

// SetValue shows v of Max.
func (m *Meter) SetValue(v float64) {
	m.Value = v
	m.Refresh()
}

// Ratio is the share shown full, between 0 and 1.
func (m *Meter) Ratio() float32 {
	if m.Max <= 0 {
		return 0
	}
	return float32(min(max(m.Value/m.Max, 0), 1))
}

// Words are the words beside the track.
func (m *Meter) Words() string {
	if m.Text != nil {
		return m.Text()
	}
	return percentText(m.Ratio())
}

func percentText(r float32) string { return strconv.Itoa(int(r*100)) + "%" }

// CreateRenderer draws the track, its filled part and the words.
func (m *Meter) CreateRenderer() fyne.WidgetRenderer {
	r := &meterRenderer{m: m, track: canvas.NewRectangle(nil), fill: canvas.NewRectangle(nil), label: widget.NewLabel("")}
	r.track.StrokeWidth = 1
	r.Refresh()
	return r
}

type meterRenderer struct {
	m           *Meter
	track, fill *canvas.Rectangle
	label       *widget.Label
}

func (r *meterRenderer) Layout(size fyne.Size) {
	lw := r.label.MinSize().Width
	w := max(size.Width-lw, 0)
	y := (size.Height - meterHeight) / 2
	r.track.Resize(fyne.NewSize(w, meterHeight))
	r.track.Move(fyne.NewPos(0, y))
	r.fill.Resize(fyne.NewSize(w*r.m.Ratio(), meterHeight))
	r.fill.Move(fyne.NewPos(0, y))
	r.label.Resize(fyne.NewSize(lw, size.Height))
	r.label.Move(fyne.NewPos(w, 0))
}

func (r *meterRenderer) MinSize() fyne.Size {
	l := r.label.MinSize()
	return fyne.NewSize(l.Width+4*theme.Padding(), max(l.Height, meterHeight))
}

func (r *meterRenderer) Refresh() {
	th := r.m.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	radius := float32(meterHeight / 2)
	r.track.FillColor = th.Color(theme.ColorNameInputBackground, v)
	r.track.StrokeColor = th.Color(theme.ColorNameInputBorder, v)
	r.track.CornerRadius, r.fill.CornerRadius = radius, radius
	r.fill.FillColor = th.Color(theme.ColorNamePrimary, v)
	r.fill.Hidden = r.m.Ratio() == 0
	r.label.SetText(r.m.Words())
	r.Layout(r.m.Size())
	r.track.Refresh()
	r.fill.Refresh()
}

func (r *meterRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.track, r.fill, r.label}
}

func (r *meterRenderer) Destroy() {}

// AccessibilityLabel is the meter's name, then its words as shown now ("Storage, 2.8 KiB of 100 MiB").
func (m *Meter) AccessibilityLabel() string {
	if m.Name == "" {
		return m.Words()
	}
	return m.Name + ", " + m.Words()
}

// AccessibilityRole is text: a meter is read, not used.
func (m *Meter) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
