package conversation

import (
	"bytes"
	"encoding/json"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/widgets"
)

// modelParts are what a turn of a model conversation shows beyond a workspace answer: the
// images its message sent (read from the database when the turn is first shown), a note when
// its system prompt changed from the turn before, how an answer cut short ended, the function
// calls it made and the schema's verdict on a JSON answer.
type modelParts struct {
	pics    *fyne.Container
	system  *widget.Label
	ended   *widget.Label
	calls   *widget.Label // the function calls; model-cards' call card replaces this text
	verdict *widget.Label
}

func newModelParts() *modelParts {
	p := &modelParts{pics: container.New(layout.NewRowWrapLayout()), system: widget.NewLabel(""), ended: widget.NewLabel(""),
		calls: widget.NewLabel(""), verdict: widget.NewLabel("")}
	for _, l := range []*widget.Label{p.system, p.ended, p.calls, p.verdict} {
		l.Wrapping = fyne.TextWrapWord
		l.Hide()
	}
	p.system.TextStyle = fyne.TextStyle{Italic: true}
	p.ended.Importance = widget.WarningImportance
	p.calls.Selectable = true
	p.pics.Hide()
	return p
}

// set shows t's model parts; before is the system prompt of the turn before it ("" for none).
func (p *modelParts) set(t app.Turn, systemBefore string, first bool) {
	changed := !first && t.System != systemBefore
	widgets.ShowIf(p.system, changed)
	if changed {
		p.system.SetText("The system prompt changed before this message: " + app.OneLine(orNone(t.System)))
	}
	p.ended.SetText(t.EndSentence())
	widgets.ShowIf(p.ended, t.Status == app.TurnIncomplete)
	p.calls.SetText(callsText(t.Parts))
	widgets.ShowIf(p.calls, p.calls.Text != "")
	p.verdict.SetText(verdictText(t.Check))
	widgets.ShowIf(p.verdict, p.verdict.Text != "")
	p.verdict.Importance = widget.SuccessImportance
	if t.Check != nil && !t.Check.Conforms {
		p.verdict.Importance = widget.DangerImportance
	}
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(none)"
	}
	return s
}

// showImages shows the images the turn's message sent.
func (p *modelParts) showImages(images []app.Image) {
	p.pics.RemoveAll()
	for _, img := range images {
		p.pics.Add(thumbnail(img))
	}
	widgets.ShowIf(p.pics, len(images) > 0)
}

// callsText lists the function calls of an answer with their arguments indented, "" when none.
func callsText(parts []app.TurnPart) string {
	var b strings.Builder
	for _, part := range parts {
		if part.Name == "" {
			continue
		}
		args := part.Arguments
		var out bytes.Buffer
		if json.Indent(&out, []byte(args), "", "  ") == nil {
			args = out.String()
		}
		b.WriteString("Function call: " + part.Name + "\n" + args + "\n")
	}
	return strings.TrimSpace(b.String())
}

// verdictText says whether a JSON answer fits the conversation's schema, and where it does not.
func verdictText(c *app.SchemaCheck) string {
	switch {
	case c == nil:
		return ""
	case c.Conforms:
		return "The JSON answer fits the schema."
	}
	return "The JSON answer does not fit the schema: " + c.Problem
}
