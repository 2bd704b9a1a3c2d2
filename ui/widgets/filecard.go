package widgets

import (
	"context"
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

// GeneratedFile is what a generated-file card shows, as plain data: the caller fills it from the
// service's answer (POST /generate's office_artifact), already made safe to print.
type GeneratedFile struct {
	Title    string    // the file's title; "" shows the file name alone
	Filename string    // the name the server gave it
	Kind     string    // docx, xlsx, …; "" when not said
	Size     int64     // bytes; 0 when not said
	Pages    int       // its pages; 0 when not said
	Expires  time.Time // when it can no longer be downloaded; zero when not said
	Gone     bool      // the server marked it no longer available
}

// GeneratedFileCard shows a generated file: its title, kind, size and pages, the time until it
// expires (said in words, and an expired file said as such), Save as… and, once saved, Open. The
// code that made it does the saving and opening (OnSave, OnOpen) and reports back (SetSaving,
// SetSaved, SetFailed).
type GeneratedFileCard struct {
	widget.BaseWidget
	File GeneratedFile
	// Save asks where to save the file (OnSave); Open opens it once saved (OnOpen).
	Save, Open *widget.Button
	// Expiry says how long the file can still be saved; Status how the saving goes.
	Expiry, Status *widget.Label
	// OnSave and OnOpen are called by the buttons.
	OnSave, OnOpen func()
	// Now is the clock the expiry is told from (tests set it).
	Now func() time.Time

	saved  string
	saving bool
	root   fyne.CanvasObject
}

var _ fyne.Accessible = (*GeneratedFileCard)(nil)

// NewGeneratedFileCard makes the card of f, its time left told from the clock now.
func NewGeneratedFileCard(f GeneratedFile, now func() time.Time) *GeneratedFileCard {
	c := &GeneratedFileCard{File: f, Expiry: widget.NewLabel(""), Status: widget.NewLabel(""), Now: now}
	c.ExtendBaseWidget(c)
	c.Save = widget.NewButtonWithIcon("Save as…", theme.DocumentSaveIcon(), func() { callIf(c.OnSave) })
	c.Open = widget.NewButtonWithIcon("Open", theme.FileIcon(), func() { callIf(c.OnOpen) })
	c.Open.Hide()
	title := widget.NewLabelWithStyle("Generated file: "+c.name(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Truncation = fyne.TextTruncateEllipsis
	facts := widget.NewLabel(c.facts())
	facts.Truncation = fyne.TextTruncateEllipsis
	for _, l := range []*widget.Label{c.Expiry, c.Status} {
		l.Wrapping = fyne.TextWrapWord
		l.SizeName = theme.SizeNameCaptionText
	}
	c.Status.Hide()
	body := container.NewVBox(title, facts, c.Expiry, container.NewHBox(c.Save, c.Open, layout.NewSpacer()), c.Status)
	c.root = widget.NewCard("", "", body)
	c.ShowExpiry()
	return c
}

// CreateRenderer returns the card's renderer.
func (c *GeneratedFileCard) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(c.root)
}

// AccessibilityLabel reads the card as one sentence: what the file is, and whether it can be saved.
func (c *GeneratedFileCard) AccessibilityLabel() string {
	s := "Generated file " + c.name() + ", " + c.facts() + ". " + c.Expiry.Text
	if c.saved != "" {
		s += " " + c.Status.Text
	}
	return s
}

// AccessibilityRole is text: the card is read as a whole (Fyne's reader skips a container's
// label and does not enter a widget); its buttons are reached with Tab.
func (c *GeneratedFileCard) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// name is the title, else the file name, else words.
func (c *GeneratedFileCard) name() string {
	switch {
	case c.File.Title != "":
		return c.File.Title
	case c.File.Filename != "":
		return c.File.Filename
	}
	return "(no name)"
}

// facts are the file name, kind, size and pages in one line, each only when known.
func (c *GeneratedFileCard) facts() string {
	var parts []string
	if c.File.Filename != "" {
		parts = append(parts, c.File.Filename)
	}
	if c.File.Kind != "" {
		parts = append(parts, strings.ToUpper(c.File.Kind))
	}
	if c.File.Size > 0 {
		parts = append(parts, words.Bytes(c.File.Size))
	}
	if c.File.Pages > 0 {
		parts = append(parts, words.Count(c.File.Pages, "page"))
	}
	if len(parts) == 0 {
		return "no details given"
	}
	return strings.Join(parts, " · ")
}

// Expired reports whether the file can no longer be saved: marked gone, or past its expiry.
func (c *GeneratedFileCard) Expired() bool {
	return c.File.Gone || (!c.File.Expires.IsZero() && !c.Now().Before(c.File.Expires))
}

// ShowExpiry says how long the file can still be saved, or that it has expired (Save as… is then
// disabled: the server no longer has it).
func (c *GeneratedFileCard) ShowExpiry() {
	if c.Expired() || c.saving {
		c.Save.Disable()
	} else {
		c.Save.Enable()
	}
	c.Expiry.Importance = widget.MediumImportance
	switch {
	case c.Expired():
		c.Expiry.SetText("This file has expired: the server no longer keeps it. Generate it again to get a new one.")
		c.Expiry.Importance = widget.WarningImportance
	case c.File.Expires.IsZero():
		c.Expiry.SetText("The server did not say how long it keeps this file: save it soon.")
	default:
		left := c.File.Expires.Sub(c.Now())
		c.Expiry.SetText(fmt.Sprintf("Can be saved for %s more (until %s).", words.Duration(left), ClockOrDate(c.File.Expires, c.Now())))
	}
	c.Expiry.Refresh()
}

// StartClock says the time left again every half minute, on the UI goroutine through do, until
// the file expires or ctx ends.
func (c *GeneratedFileCard) StartClock(ctx context.Context, do func(func())) {
	if c.File.Expires.IsZero() || c.Expired() {
		return
	}
	go func() {
		tick := time.NewTicker(30 * time.Second)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			expired := make(chan bool, 1)
			do(func() { c.ShowExpiry(); expired <- c.Expired() })
			select {
			case <-ctx.Done():
				return
			case done := <-expired:
				if done {
					return
				}
			}
		}
	}()
}

// SetSaving shows how much of the file has arrived (total -1 or 0: not known); Save as… waits.
func (c *GeneratedFileCard) SetSaving(got, total int64) {
	c.saving = true
	c.Save.Disable()
	text := "Saving… " + words.Bytes(got)
	if total > 0 {
		text = fmt.Sprintf("Saving… %d%% of %s", got*100/total, words.Bytes(total))
	}
	c.setStatus(text, widget.MediumImportance)
}

// SetSaved says where the file was saved and offers Open.
func (c *GeneratedFileCard) SetSaved(path string) {
	c.saved, c.saving = path, false
	c.setStatus("Saved to "+path, widget.SuccessImportance)
	c.Open.Show()
	c.ShowExpiry()
}

// SetFailed says why the file could not be saved (already in words); Save as… may be tried again
// while the file has not expired.
func (c *GeneratedFileCard) SetFailed(why string) {
	c.saving = false
	c.setStatus(why, widget.DangerImportance)
	c.ShowExpiry()
}

// SavedTo is where the file was saved, "" before.
func (c *GeneratedFileCard) SavedTo() string { return c.saved }

func (c *GeneratedFileCard) setStatus(text string, imp widget.Importance) {
	c.Status.Importance = imp
	c.Status.SetText(text)
	c.Status.Show()
}

func callIf(f func()) {
	if f != nil {
		f()
	}
}
