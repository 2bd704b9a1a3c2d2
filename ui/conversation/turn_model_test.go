package conversation

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"lectern/app/records"
	"lectern/ui/widgets"
)

// partsOf sorts the widgets in a turn's model slot: its function-call cards and its JSON trees.
func partsOf(v *turnView) (cards []*widgets.FunctionCallCard, trees []*widgets.JSONTree) {
	for _, o := range v.parts.Objects {
		switch w := o.(type) {
		case *widgets.FunctionCallCard:
			cards = append(cards, w)
		case *widgets.JSONTree:
			trees = append(trees, w)
		}
	}
	return cards, trees
}

// A turn whose answer holds function calls shows a folded card per call, in order, under the
// answer; a text turn shows none (issue 21: "each is shown as a card").
func TestModelTurnShowsFunctionCallCards(t *testing.T) {
	test.NewTempApp(t)
	turn := records.Turn{Question: "Weather?", Answer: "Let me look.", Status: records.TurnCompleted, Parts: []records.TurnPart{
		{Kind: records.PartFunctionCall, CallID: "c1", Name: "get_weather", Arguments: `{"city":"Oslo"}`},
		{Kind: records.PartFunctionCall, CallID: "c2", Name: "get_time", Arguments: `{}`}}}
	v := newTurnView(turn, turnCallbacks{})
	cards, trees := partsOf(v)
	if len(cards) != 2 || len(trees) != 0 || !v.parts.Visible() || !v.answer.Visible() {
		t.Fatalf("%d cards, %d trees, slot shown %v, answer shown %v", len(cards), len(trees), v.parts.Visible(), v.answer.Visible())
	}
	if cards[0].Name != "get_weather" || cards[1].Name != "get_time" || cards[0].Open() {
		t.Errorf("cards %q, %q, first open %v", cards[0].Name, cards[1].Name, cards[0].Open())
	}
	resized := 0
	v.onResize = func() { resized++ }
	test.Tap(cards[0].Toggle)
	if resized != 1 || !strings.Contains(cards[0].Args.Text, "\"city\": \"Oslo\"") {
		t.Errorf("opening a card: %d resizes, arguments %q", resized, cards[0].Args.Text)
	}
	v.set(records.Turn{Question: "Hi", Answer: "Hello", Status: records.TurnCompleted})
	if cards, _ := partsOf(v); len(cards) != 0 || v.parts.Visible() {
		t.Errorf("a text turn keeps %d cards", len(cards))
	}
}

// A JSON answer is shown as a tree in place of the Markdown, with the schema check's verdict in
// words; one that does not fit says where.
func TestModelTurnShowsJSONAnswerTree(t *testing.T) {
	test.NewTempApp(t)
	turn := records.Turn{Question: "Cities?", Answer: `{"cities":["Oslo",3]}`, Status: records.TurnCompleted,
		Check: &records.SchemaCheck{Problem: "$.cities[1]: expected a string, got a number"}}
	v := newTurnView(turn, turnCallbacks{})
	_, trees := partsOf(v)
	if len(trees) != 1 || v.answer.Visible() {
		t.Fatalf("%d trees, Markdown shown %v", len(trees), v.answer.Visible())
	}
	if got := trees[0].Verdict.Text; !strings.Contains(got, "does not fit") || !strings.Contains(got, "$.cities[1]") {
		t.Errorf("verdict %q", got)
	}
	if trees[0].Nodes == nil || trees[0].VisibleRows() != 2 {
		t.Errorf("tree rows %d", trees[0].VisibleRows())
	}
	turn.Check = &records.SchemaCheck{Conforms: true}
	v.set(turn)
	if _, trees := partsOf(v); len(trees) != 1 || trees[0].Verdict.Text != "The answer fits the schema." {
		t.Errorf("conforming verdict not shown")
	}
	v.set(records.Turn{Question: "Cities?", Answer: `{"cit`, Status: records.TurnPending})
	if _, trees := partsOf(v); len(trees) != 0 || !v.answer.Visible() {
		t.Errorf("a streaming answer must show as text until it is checked")
	}
}
