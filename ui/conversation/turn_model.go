package conversation

import (
	"lectern/app"
	"lectern/ui/widgets"
)

// A model conversation's answer may hold more than text: the function calls it asks for, shown as
// cards under the answer, and a JSON answer (one checked against the conversation's schema), shown
// as a foldable tree with the verdict in place of the Markdown.

// setModelParts shows t's function calls and, for a JSON answer, its tree; it empties the slot for
// a turn without either.
func (v *turnView) setModelParts(t app.Turn) {
	v.parts.RemoveAll()
	jsonAnswer := t.Check != nil && t.Status != app.TurnPending
	widgets.ShowIf(v.answer, !jsonAnswer)
	if jsonAnswer {
		tree := widgets.NewJSONTree(t.Answer)
		tree.SetVerdict(verdictText(*t.Check), t.Check.Conforms)
		tree.OnResized = v.resized
		v.parts.Add(tree)
	}
	for _, p := range t.Parts {
		if p.Kind != app.PartFunctionCall {
			continue
		}
		card := widgets.NewFunctionCallCard(app.OneLine(p.Name), p.Arguments)
		card.OnToggled = func(bool) { v.resized() }
		v.parts.Add(card)
	}
	widgets.ShowIf(v.parts, len(v.parts.Objects) > 0)
}

// verdictText says in words whether a JSON answer fits its schema, and where it does not.
func verdictText(c app.SchemaCheck) string {
	if c.Conforms {
		return "The answer fits the schema."
	}
	if c.Problem == "" {
		return "The answer does not fit the schema."
	}
	return "The answer does not fit the schema: " + app.SafeText(c.Problem)
}
