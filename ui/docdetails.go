package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/ui/internal/doclist"
)

// docDetails is the panel under the documents table that describes the selected document: its
// name, id (with Copy id), status in words, update time and type, and its web address or the
// client id it was uploaded with.
type docDetails struct {
	name   *widget.Label
	facts  *widget.Label
	extra  *widget.Label
	copyID *widget.Button
	id     string
	root   *fyne.Container
}

func newDocDetails() *docDetails {
	d := &docDetails{name: widget.NewLabel(""), facts: widget.NewLabel(""), extra: widget.NewLabel("")}
	d.copyID = widget.NewButtonWithIcon("Copy id", theme.ContentCopyIcon(), d.copy)
	d.name.TextStyle = fyne.TextStyle{Bold: true}
	d.name.Truncation = fyne.TextTruncateEllipsis
	d.facts.Selectable = true
	d.facts.Wrapping = fyne.TextWrapWord
	d.extra.Selectable = true
	d.extra.Wrapping = fyne.TextWrapBreak
	text := container.NewVBox(d.name, d.facts, d.extra)
	d.root = container.NewBorder(nil, nil, nil, container.NewVBox(d.copyID), text)
	d.root.Hide()
	return d
}

// show describes doc (updated is its parsed update time, zero when unreadable); clear hides the panel.
func (d *docDetails) show(doc client.Document, updated time.Time) {
	d.id = doc.DocumentID
	d.name.SetText(app.OneLine(doc.Name))
	d.facts.SetText(docFacts(doc, updated))
	var extra []string
	if doc.URL != "" {
		extra = append(extra, "Web address: "+app.OneLine(doc.URL))
	}
	if doc.ClientDocumentID != "" {
		extra = append(extra, "Uploaded with client id "+app.OneLine(doc.ClientDocumentID))
	}
	d.extra.SetText(strings.Join(extra, "\n"))
	showIf(d.extra, len(extra) > 0)
	d.root.Show()
}

func (d *docDetails) clear() {
	d.id = ""
	d.root.Hide()
}

// docFacts is the details' second line: id, status in words, update time and type.
func docFacts(doc client.Document, updated time.Time) string {
	when := localTime(updated, doc.Updated)
	if when == "" {
		when = "unknown"
	}
	return app.OneLine(fmt.Sprintf("Id %s · %s · updated %s · %s", doc.DocumentID, statusWords(doc.Status), when, typeLabel(doc.SourceType)))
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
