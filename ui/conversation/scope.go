package conversation

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// wholeWorkspace is the scope picker's first choice.
const wholeWorkspace = "All documents"

// scopePicker chooses what a question asks: the whole workspace, or one ready document of it.
// Documents that are not ready are listed too, but cannot be picked: picking one keeps the scope
// as it was and says why.
type scopePicker struct {
	sel      *widgets.Select
	note     *widget.Label
	docs     []client.Document // as SetDocuments gave them (shared with the documents table)
	order    []int32           // indices of docs in the picker's order: labels[i+1] names docs[order[i]]
	labels   []string
	current  string // the document id asked, "" for the whole workspace
	onChange func()
	quiet    bool // choose is setting the picker: do not call onChange
}

func newScopePicker(onChange func()) *scopePicker {
	p := &scopePicker{note: widget.NewLabel(""), onChange: onChange}
	p.sel = widgets.NewSelect("Ask about", []string{wholeWorkspace}, p.picked)
	p.choose("")
	p.note.Wrapping, p.note.Importance = fyne.TextWrapWord, widget.WarningImportance
	p.note.Hide()
	return p
}

// setDocuments offers the documents of the workspace shown, ready ones first, by name. It keeps
// docs without copying them: the caller does not change them afterwards.
func (p *scopePicker) setDocuments(docs []client.Document) {
	p.docs, p.order = docs, pickerOrder(docs)
	p.labels = make([]string, 1, len(docs)+1)
	p.labels[0] = wholeWorkspace
	taken := make(map[string]bool, len(docs)+1)
	taken[wholeWorkspace] = true
	for _, i := range p.order {
		label := unique(docLabel(docs[i]), taken)
		taken[label] = true
		p.labels = append(p.labels, label)
	}
	p.sel.Options = p.labels
	p.sel.Refresh()
	if p.current != "" && !p.choose(p.current) {
		p.choose("")
	}
}

// doc is the document of choice i (1 for the first document: 0 is the whole workspace).
func (p *scopePicker) doc(i int) client.Document { return p.docs[p.order[i-1]] }

// pickerOrder returns the indices of docs, ready ones first, then by name whatever its case.
// Each lower-case name is made once: made in every comparison, they were most of the garbage of
// a start on a large workspace.
func pickerOrder(docs []client.Document) []int32 {
	type keyed struct {
		ready bool
		name  string
		index int32
	}
	keys := make([]keyed, len(docs))
	for i, d := range docs {
		keys[i] = keyed{d.Status == client.StatusReady, strings.ToLower(d.Name), int32(i)}
	}
	slices.SortStableFunc(keys, func(a, b keyed) int {
		if a.ready != b.ready {
			if a.ready {
				return -1
			}
			return 1
		}
		return strings.Compare(a.name, b.name)
	})
	out := make([]int32, len(docs))
	for i, k := range keys {
		out[i] = k.index
	}
	return out
}

// maxNameChars is how much of a name the picker, its note and the intro show: a name of any length
// stays on one line.
const maxNameChars = 80

// shortName is a server's name made safe and cut to one line.
func shortName(name string) string { return words.Cut(safetext.OneLine(name), maxNameChars) }

// unique returns label, numbered when it is taken already: two long names cut alike stay two
// choices.
func unique(label string, taken map[string]bool) string {
	out := label
	for n := 2; taken[out]; n++ {
		out = fmt.Sprintf("%s (%d)", label, n)
	}
	return out
}

// docLabel names a document in the picker, saying when it cannot be asked yet.
func docLabel(d client.Document) string {
	name := shortName(d.Name)
	switch d.Status {
	case client.StatusReady:
		return name
	case client.StatusNotReady, client.StatusProcessing:
		return name + " (being prepared)"
	}
	return name + " (" + safetext.OneLine(d.Status) + ")"
}

// picked takes the person's choice; a document that is not ready is refused with the reason.
func (p *scopePicker) picked(label string) {
	if p.quiet {
		return
	}
	i := slices.Index(p.labels, label)
	if i > 0 && p.doc(i).Status != client.StatusReady {
		d := p.doc(i)
		p.showNote(shortName(d.Name) + " cannot be asked yet: " + notReadyReason(d.Status))
		p.choose(p.current)
		return
	}
	p.note.Hide()
	p.current = ""
	if i > 0 {
		p.current = p.doc(i).DocumentID
	}
	p.onChange()
}

func notReadyReason(status string) string {
	if status == client.StatusFailed {
		return "the server could not read or index it."
	}
	return "it is still being prepared. Ask the whole workspace meanwhile, or wait until it is ready."
}

func (p *scopePicker) showNote(text string) {
	p.note.SetText(text)
	p.note.Show()
}

// choose sets the scope to document id ("" for the whole workspace) without calling onChange; it
// reports false when the document is not offered or not ready.
func (p *scopePicker) choose(id string) bool {
	label := wholeWorkspace
	if id != "" {
		i := slices.IndexFunc(p.order, func(j int32) bool { return p.docs[j].DocumentID == id }) + 1
		if i == 0 || p.doc(i).Status != client.StatusReady {
			if i > 0 {
				p.showNote(shortName(p.doc(i).Name) + " cannot be asked yet: " + notReadyReason(p.doc(i).Status))
			}
			return false
		}
		label = p.labels[i]
	}
	p.quiet = true
	p.sel.SetSelected(label)
	p.quiet = false
	p.current = id
	return true
}

// wantWidth is the picker's width that shows its choice whole.
func (p *scopePicker) wantWidth() float32 {
	size, style := theme.TextSize(), fyne.TextStyle{}
	text := fyne.MeasureText(p.sel.Selected, size, style).Width - fyne.MeasureText(p.sel.PlaceHolder, size, style).Width
	return p.sel.MinSize().Width + text + theme.Padding()
}

// documentID is the document asked, "" for the whole workspace.
func (p *scopePicker) documentID() string { return p.current }

// scopeName names what a question asks, for the intro line: safe to show, cut to one line.
func (p *scopePicker) scopeName(workspace string) string {
	for _, d := range p.docs {
		if d.DocumentID == p.current {
			return "“" + shortName(d.Name) + "”"
		}
	}
	return "“" + shortName(workspace) + "”"
}
