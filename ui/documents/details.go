package documents

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/client"
	"lectern/internal/safetext"
	"lectern/ui/internal/doclist"
	"lectern/ui/widgets"
)

// docDetails is the panel under the documents table that describes the selected document: its
// name (on the line of Copy id and Ask this document), then on one line, wrapped when it must be,
// its id, status in words, update time and type, and its web address or the client id it was
// uploaded with.
type docDetails struct {
	name   *widget.Label
	facts  *widget.Label
	copyID *widgets.ShrinkButton
	id     string
	// name goes on a line of its own above the documents' actions with copyID; body holds the rest.
	body *fyne.Container
}

func newDocDetails() *docDetails {
	d := &docDetails{name: widget.NewLabel(""), facts: widget.NewLabel("")}
	d.copyID = widgets.NewShrinkButton("Copy id", theme.ContentCopyIcon(), d.copy)
	d.name.TextStyle = fyne.TextStyle{Bold: true}
	d.name.Truncation = fyne.TextTruncateEllipsis
	d.facts.Selectable = true
	d.facts.Wrapping = fyne.TextWrapWord
	tight := func(o fyne.CanvasObject) fyne.CanvasObject {
		return container.New(layout.NewCustomPaddedLayout(-2*theme.Padding(), 0, 0, 0), o)
	}
	d.body = container.NewVBox(tight(d.facts))
	d.body.Hide()
	d.name.Hide()
	d.copyID.Hide()
	return d
}

// show describes doc (updated is its parsed update time, zero when unreadable); clear hides the panel.
func (d *docDetails) show(doc client.Document, updated time.Time) {
	d.id = doc.DocumentID
	d.name.SetText(safetext.OneLine(doc.Name))
	facts := []string{docFacts(doc, updated)}
	if doc.URL != "" {
		facts = append(facts, "web address "+safetext.OneLine(doc.URL))
	}
	if doc.ClientDocumentID != "" {
		facts = append(facts, "uploaded with client id "+safetext.OneLine(doc.ClientDocumentID))
	}
	d.facts.SetText(strings.Join(facts, " · ")) // one line when it fits: the table keeps its rows
	d.setShown(true)
}

func (d *docDetails) clear() {
	d.id = ""
	d.setShown(false)
}

func (d *docDetails) setShown(on bool) {
	for _, o := range []fyne.CanvasObject{d.name, d.copyID, d.body} {
		widgets.ShowIf(o, on)
	}
}

// shown reports whether a document is described.
func (d *docDetails) shown() bool { return d.body.Visible() }

// docFacts is the details' second line: id, status in words, update time and type.
func docFacts(doc client.Document, updated time.Time) string {
	when := widgets.LocalTime(updated, doc.Updated)
	if when == "" {
		when = "unknown"
	}
	return safetext.OneLine(fmt.Sprintf("Id %s · %s · updated %s · %s", doc.DocumentID, statusWords(doc.Status), when, typeLabel(doc.SourceType)))
}

// statusWords says a document's status as a sentence fragment.
func statusWords(status string) string {
	switch status {
	case client.StatusReady:
		return "Ready: answers can quote it"
	case client.StatusNotReady:
		return "Not ready: still being read"
	case client.StatusFailed:
		return "Failed: it could not be read"
	}
	return doclist.StatusLabel(status)
}

func (d *docDetails) copy() {
	if d.id != "" {
		fyne.CurrentApp().Clipboard().SetContent(d.id)
	}
}
