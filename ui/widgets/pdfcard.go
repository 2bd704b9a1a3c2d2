package widgets

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/words"
)

// FileText is what a file-text card shows, as plain data: the text read from a PDF (by POST /pdf,
// or by an OCR job) that goes with a message as context.
type FileText struct {
	Name      string   // the file's name
	Source    string   // how it was read, in words: "PDF text", "PDF tables", "OCR"
	Pages     int      // the file's pages
	PagesRead int      // the pages read
	Chars     int      // characters of text
	Truncated bool     // the service cut the text
	Warnings  []string // in words, made safe to print
	Scanned   bool     // little or no text: the pages may be images, which OCR reads
}

// FileTextCard shows the text of a file read for a model chat: its name, pages, characters,
// whether it was cut, and its warnings; a scanned file offers OCR (when OnOCR is set) and a file
// not sent yet can be removed (when OnRemove is set).
type FileTextCard struct {
	widget.BaseWidget
	Text FileText
	// OCR reads a scanned file with OCR; Mode reads it again in the other mode (the whole text, or
	// its tables only); Remove takes the file off the next message.
	OCR, Mode, Remove *widget.Button

	onOCR, onMode, onRemove func()
	root                    fyne.CanvasObject
}

var _ fyne.Accessible = (*FileTextCard)(nil)

// NewFileTextCard makes the card of t, without buttons until SetOnOCR or SetOnRemove.
func NewFileTextCard(t FileText) *FileTextCard {
	c := &FileTextCard{Text: t}
	c.ExtendBaseWidget(c)
	c.OCR = widget.NewButtonWithIcon("Read with OCR", theme.SearchIcon(), func() { callIf(c.onOCR) })
	c.Mode = widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), func() { callIf(c.onMode) })
	c.Remove = widget.NewButtonWithIcon("Remove", theme.CancelIcon(), func() { callIf(c.onRemove) })
	c.Mode.Importance, c.Remove.Importance = widget.LowImportance, widget.LowImportance
	c.OCR.Hide()
	c.Mode.Hide()
	c.Remove.Hide()
	title := widget.NewLabelWithStyle(c.title(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Truncation = fyne.TextTruncateEllipsis
	facts := widget.NewLabel(c.facts())
	facts.Wrapping = fyne.TextWrapWord
	body := container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(c.Mode, c.Remove), title), facts)
	for _, w := range t.Warnings {
		l := widget.NewLabel(w)
		l.Wrapping, l.Importance, l.SizeName = fyne.TextWrapWord, widget.WarningImportance, theme.SizeNameCaptionText
		body.Add(l)
	}
	if t.Scanned { // the row of Read with OCR, shown by SetOnOCR
		body.Add(container.NewHBox(c.OCR, layout.NewSpacer()))
	}
	c.root = widget.NewCard("", "", body)
	return c
}

// CreateRenderer returns the card's renderer.
func (c *FileTextCard) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(c.root)
}

// AccessibilityLabel reads the card: the file, what was read of it, and its warnings.
func (c *FileTextCard) AccessibilityLabel() string {
	s := c.title() + ", " + c.facts()
	if len(c.Text.Warnings) > 0 {
		s += " Warnings: " + strings.Join(c.Text.Warnings, " ")
	}
	return s
}

// AccessibilityRole is text: the card is read as a whole (Fyne's reader skips a container's
// label and does not enter a widget); its buttons are reached with Tab.
func (c *FileTextCard) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// SetOnOCR offers OCR of a scanned file, calling f.
func (c *FileTextCard) SetOnOCR(f func()) {
	c.onOCR = f
	ShowIf(c.OCR, f != nil && c.Text.Scanned)
}

// SetOnMode offers to read the file again in the other mode, the button saying which (label).
func (c *FileTextCard) SetOnMode(label string, f func()) {
	c.onMode = f
	c.Mode.SetText(label)
	ShowIf(c.Mode, f != nil)
}

// SetOnRemove offers to take the file off the next message, calling f.
func (c *FileTextCard) SetOnRemove(f func()) {
	c.onRemove = f
	ShowIf(c.Remove, f != nil)
}

func (c *FileTextCard) title() string {
	source := c.Text.Source
	if source == "" {
		source = "PDF text"
	}
	return source + ": " + c.Text.Name
}

// facts say the pages read, the characters, and a cut text.
func (c *FileTextCard) facts() string {
	pages := words.Count(c.Text.Pages, "page")
	if c.Text.PagesRead != c.Text.Pages {
		pages = fmt.Sprintf("%d of %s", c.Text.PagesRead, pages)
	}
	s := pages + " · " + words.Thousands(c.Text.Chars) + " " + words.Plural(c.Text.Chars, "character")
	if c.Text.Truncated {
		s += " · truncated by the service: the rest of the file is not sent"
	}
	return s
}

// OCRJobCard follows an OCR job: the file, the job's state and page, how long Lectern follows it,
// and Stop (which stops following; the job may go on on the server). SetEnded shows how it ended.
type OCRJobCard struct {
	widget.BaseWidget
	Name string
	// Bar shows the pages read; State says the job's state in words; Deadline until when Lectern
	// follows it.
	Bar             *widget.ProgressBar
	State, Deadline *widget.Label
	// Stop stops following the job (OnStop).
	Stop   *widget.Button
	OnStop func()

	root fyne.CanvasObject
}

var _ fyne.Accessible = (*OCRJobCard)(nil)

// NewOCRJobCard makes the card of the job reading the file name, followed until deadline, which
// is said as a time of day when it is on the same day as now.
func NewOCRJobCard(name string, deadline, now time.Time) *OCRJobCard {
	c := &OCRJobCard{Name: name, Bar: widget.NewProgressBar(), State: widget.NewLabel("Sending the file…"),
		Deadline: widget.NewLabel("Lectern follows the job until " + ClockOrDate(deadline, now) + ".")}
	c.ExtendBaseWidget(c)
	c.Stop = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), func() { callIf(c.OnStop) })
	c.State.Wrapping = fyne.TextWrapWord
	c.Deadline.SizeName = theme.SizeNameCaptionText
	title := widget.NewLabelWithStyle("OCR: "+name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Truncation = fyne.TextTruncateEllipsis
	body := container.NewVBox(container.NewBorder(nil, nil, nil, c.Stop, title), c.Bar, c.State, c.Deadline)
	c.root = widget.NewCard("", "", body)
	return c
}

// CreateRenderer returns the card's renderer.
func (c *OCRJobCard) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(c.root)
}

// AccessibilityLabel reads the card: the file and the job's state.
func (c *OCRJobCard) AccessibilityLabel() string {
	s := "OCR of " + c.Name + ": " + c.State.Text
	if c.Deadline.Visible() {
		s += " " + c.Deadline.Text
	}
	return s
}

// AccessibilityRole is text: the card is read as a whole (Fyne's reader skips a container's
// label and does not enter a widget); its buttons are reached with Tab.
func (c *OCRJobCard) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// SetProgress shows the job's state in words and its pages read (total 0: not known yet).
func (c *OCRJobCard) SetProgress(state string, page, total int) {
	c.State.SetText(state)
	if total > 0 {
		c.Bar.Max = float64(total)
		c.Bar.SetValue(float64(min(page, total)))
	}
}

// SetEnded shows how the job ended (in words), without the bar, deadline or Stop; failed shows it
// as an error.
func (c *OCRJobCard) SetEnded(text string, failed bool) {
	c.State.Importance = widget.MediumImportance
	if failed {
		c.State.Importance = widget.DangerImportance
	}
	c.State.SetText(text)
	c.Bar.Hide()
	c.Deadline.Hide()
	c.Stop.Hide()
}

// Ended reports whether SetEnded was called.
func (c *OCRJobCard) Ended() bool { return !c.Stop.Visible() }
