package conversation

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/ui/widgets"
)

// modelParts are what a turn of a model conversation shows around its message and answer: the
// images its message sent (read from the database when the turn is first shown), a note when its
// system prompt changed from the turn before, and how an answer cut short ended. Its function
// calls and JSON tree are in the turn's parts slot (setModelParts).
type modelParts struct {
	pics   *fyne.Container
	files  *fyne.Container // the texts of files the message sent (turn_files.go)
	system *widget.Label
	ended  *widget.Label
}

func newModelParts() *modelParts {
	p := &modelParts{pics: container.New(layout.NewRowWrapLayout()), files: container.NewVBox(), system: widget.NewLabel(""),
		ended: widget.NewLabel("")}
	for _, l := range []*widget.Label{p.system, p.ended} {
		l.Wrapping = fyne.TextWrapWord
		l.Hide()
	}
	p.system.TextStyle = fyne.TextStyle{Italic: true}
	p.ended.Importance = widget.WarningImportance
	p.pics.Hide()
	p.files.Hide()
	return p
}

// set shows t's model parts; before is the system prompt of the turn before it ("" for none).
func (p *modelParts) set(t records.Turn, systemBefore string, first bool) {
	changed := !first && t.System != systemBefore
	widgets.ShowIf(p.system, changed)
	if changed {
		p.system.SetText("The system prompt changed before this message: " + safetext.OneLine(orNone(t.System)))
	}
	p.ended.SetText(t.EndSentence())
	widgets.ShowIf(p.ended, t.Status == records.TurnIncomplete)
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(none)"
	}
	return s
}

// showImages shows the images the turn's message sent.
func (p *modelParts) showImages(images []records.Image) {
	p.pics.RemoveAll()
	for _, img := range images {
		p.pics.Add(thumbnail(img))
	}
	widgets.ShowIf(p.pics, len(images) > 0)
}

// A model conversation's answer may hold more than text: the function calls it asks for, shown as
// cards under the answer, and a JSON answer (one checked against the conversation's schema), shown
// as a foldable tree with the verdict in place of the Markdown.

// setModelParts shows t's function calls and, for a JSON answer, its tree, under the answer; the
// runs of the app's tools as their cards above it, in the order they ran, before the answer that
// used them (turn_tools.go). It empties the slots of a turn without them.
func (v *turnView) setModelParts(t records.Turn) {
	open := map[int]bool{} // the cards whose arguments are shown stay so: a running call's progress redraws them
	for i, card := range v.cards {
		card.Wait.Stop() // its countdown and its time run end with it
		card.Progress.Stop()
		open[i] = card.Open()
	}
	v.parts.RemoveAll()
	v.tools.RemoveAll()
	v.cards = nil
	jsonAnswer := t.Check != nil && t.Status != records.TurnPending
	widgets.ShowIf(v.answer, !jsonAnswer)
	if jsonAnswer {
		tree := widgets.NewJSONTree(t.Answer)
		tree.SetVerdict(verdictText(*t.Check), t.Check.Conforms)
		tree.OnResized = v.resized
		v.parts.Add(tree)
	}
	ran := ranCalls(t.Parts)
	for _, p := range t.Parts {
		switch {
		case p.Kind == records.PartFunctionCall && !ran[p.CallID]:
			card := widgets.NewFunctionCallCard(safetext.OneLine(p.Name), p.Arguments)
			card.OnToggled = func(bool) { v.resized() }
			v.parts.Add(card)
		case p.Kind == records.PartFunctionOutput || p.Kind == records.PartMessageContext:
			card := v.toolCard(t, p)
			card.SetOpen(open[len(v.cards)])
			v.cards = append(v.cards, card)
			v.tools.Add(card)
		}
	}
	v.setFileParts(t)
	widgets.ShowIf(v.parts, len(v.parts.Objects) > 0)
	widgets.ShowIf(v.tools, len(v.tools.Objects) > 0)
}

// showParts redraws the parts of the pending turn as they are now (a tool run changed).
func (v *turnView) showParts(parts []records.TurnPart) {
	v.turn.Parts = parts
	v.setModelParts(v.turn)
}

// verdictText says in words whether a JSON answer fits its schema, and where it does not.
func verdictText(c records.SchemaCheck) string {
	if c.Conforms {
		return "The answer fits the schema."
	}
	if c.Problem == "" {
		return "The answer does not fit the schema."
	}
	return "The answer does not fit the schema: " + safetext.Text(c.Problem)
}
