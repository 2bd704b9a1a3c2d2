package conversation

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
)

// Issue 35, item 6: before consent a card said "Searched for…" and "Workspace consulted…" of a
// call that had not run. Until it runs it asks; while it runs it says so; refused, it says it was
// not done.
func TestToolCardsSayWhatHasNotRunYet(t *testing.T) {
	test.NewTempApp(t)
	consult := func(state app.ToolState) app.Turn {
		return app.Turn{ID: 5, ConversationID: 1, Question: "Budget?", Status: app.TurnPending, Parts: []app.TurnPart{
			{Kind: app.PartFunctionOutput, CallID: "call-2", Name: "consult_workspace", Arguments: `{"question":"Budget?"}`,
				Run: &app.ToolRun{Tool: app.ToolWorkspace, State: state, Workspace: &app.WorkspaceRun{WorkspaceID: "ws-fin",
					Workspace: "Finance", Question: "Budget?"}}}}}
	}
	for _, tc := range []struct {
		turn          app.Turn
		title, body   string
		notTitle, not string
	}{
		{pendingTurn(3, app.ToolWaitingConsent, time.Time{}), "Web search", "Asks to search for “tides”", "", "Searched"},
		{pendingTurn(3, app.ToolRunning, time.Time{}), "Web search", "Searching for “tides”", "", "Searched"},
		{pendingTurn(3, app.ToolRefused, time.Time{}), "Web search", "Asked to search for “tides”", "", "Searched"},
		{consult(app.ToolWaitingConsent), "Asks to consult: Finance", "Asks to consult the workspace “Finance”", "Workspace consulted", "Asked the workspace"},
		{consult(app.ToolRunning), "Consulting: Finance", "Asking the workspace “Finance”", "Workspace consulted", "Asked the workspace"},
		{consult(app.ToolRefused), "Not consulted: Finance", "Asked to consult the workspace “Finance”", "Workspace consulted", "Asked the workspace"},
	} {
		v := newTurnView(tc.turn, turnCallbacks{})
		card := toolCardsOf(v)[0]
		body := textsUnder(card.Body)
		state := tc.turn.Parts[0].Run.State
		if title := card.AccessibilityLabel(); !strings.HasPrefix(title, tc.title) || (tc.notTitle != "" && strings.Contains(title, tc.notTitle)) {
			t.Errorf("%s, %s: the card's title is %q, want it to begin %q", tc.turn.Parts[0].Name, state, title, tc.title)
		}
		if !strings.Contains(body, tc.body) || strings.Contains(body, tc.not) {
			t.Errorf("%s, %s: the card says %q, want %q (and no %q)", tc.turn.Parts[0].Name, state, body, tc.body, tc.not)
		}
	}
}

// The note "applies from the next message" stayed after that message went; and a message waiting
// for a call's consent said "The system prompt changed before this message: (none)" though the
// prompt had not changed.
func TestModelNoticesStayTrue(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.model.selectTier("Fast")
	c.model.system.SetText("Answer in one sentence.")
	c.Ask("Hello there")
	until(t, "the first answer", func() bool { return c.streaming == nil && len(c.turns) == 1 && c.turns[0].Status.Answered() })

	c.model.format.apply(app.AnswerFormat{}) // text again, picked as a person picks it
	until(t, "the format's note", func() bool { return strings.Contains(c.model.note.Text, "applies from the next message") })
	c.ToggleWebSearch()
	c.Ask("Web search: tides")
	until(t, "the call's card asking", func() bool {
		if len(c.turns) != 2 || c.views[c.turns[1].ID] == nil {
			return false
		}
		cards := toolCardsOf(c.views[c.turns[1].ID])
		return len(cards) == 1 && cards[0].Consent.Asking()
	})
	if v := c.views[c.turns[1].ID]; v.model.system.Visible() {
		t.Errorf("while the call waits, the turn says %q", v.model.system.Text)
	}
	if c.model.note.Visible() && strings.Contains(c.model.note.Text, "next message") {
		t.Errorf("after the next message went, the note still says %q", c.model.note.Text)
	}
	card := toolCardsOf(c.views[c.turns[1].ID])[0]
	test.Tap(card.Consent.Refuse)
	until(t, "the second answer", func() bool { return c.streaming == nil && c.turns[1].Status.Answered() })
	if v := c.views[c.turns[1].ID]; v.model.system.Visible() {
		t.Errorf("the answered turn says %q", v.model.system.Text)
	}
}

// walkShown calls f on o and every object under it that is shown (its containers all visible),
// through containers and widgets' renderers.
func walkShown(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	if !o.Visible() {
		return
	}
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkShown(c, f)
		}
	case *widget.Label:
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkShown(c, f)
		}
	}
}

// shownWarnings are the texts of the warnings shown under o: labels of warning importance.
func shownWarnings(o fyne.CanvasObject) []string {
	var out []string
	walkShown(o, func(x fyne.CanvasObject) {
		if l, ok := x.(*widget.Label); ok && l.Importance == widget.WarningImportance && l.Text != "" {
			out = append(out, l.Text)
		}
	})
	return out
}

// Issue 35, item 7: Instant with an image attached showed three warnings, one sentence twice, that
// squeezed the conversation, and no one-click switch to a tier that reads images (the README: "refused
// with a one-click switch on a tier without vision"). One warning says it, with the switch.
func TestInstantWithAnImageSaysItOnceWithASwitch(t *testing.T) {
	f := newFixture(t, fastConfig())
	conv, err := f.app.Conversations().NewChat(context.Background(), "Fast", "", "", "") // as New model chat makes it
	if err != nil {
		t.Fatal(err)
	}
	c := f.pane()
	c.Open(conv, 0)
	until(t, "the tiers listed", func() bool { return len(c.model.tierSel.Options) > 0 })
	c.TakeImages([]string{pngFile(t, "red.png")})
	until(t, "the image attached", func() bool { return len(c.Attached()) == 1 })
	c.model.selectTier("Instant")
	until(t, "the meter measured", func() bool { return c.model.meter.tokens.Visible() })
	drain()
	warnings := shownWarnings(c.Root())
	if len(warnings) != 1 || !strings.Contains(warnings[0], "Instant cannot read images") {
		t.Errorf("on Instant with an image, %d warnings: %q", len(warnings), warnings)
	}
	if !c.model.switchB.Visible() || c.model.switchB.Text != "Switch to Fast" {
		t.Fatalf("no one-click switch: %q shown %v", c.model.switchB.Text, c.model.switchB.Visible())
	}
	test.Tap(c.model.switchB)
	if c.conv.Model != "Fast" || len(c.Attached()) != 1 {
		t.Errorf("after the switch: tier %q, attached %q", c.conv.Model, c.Attached())
	}
	if w := shownWarnings(c.Root()); len(w) != 0 {
		t.Errorf("on Fast with the image, warnings %q", w)
	}
}

// Issue 35: an answer stopped before any text offered Copy answer (and Select text), with nothing
// to copy or select.
func TestAnAnswerWithoutTextOffersNoCopy(t *testing.T) {
	test.NewTempApp(t)
	stopped := app.Turn{ID: 1, Question: "Tides?", Status: app.TurnInterrupted, Error: "The answer stopped before any of it arrived because it was stopped. Ask again."}
	v := newTurnView(stopped, turnCallbacks{})
	if v.copyB.Visible() || v.selectB.Visible() {
		t.Errorf("an answer without text offers Copy answer (%v) or Select text (%v)", v.copyB.Visible(), v.selectB.Visible())
	}
	if !v.retry.Visible() {
		t.Error("an answer stopped offers no Retry")
	}
	stopped.Answer = "The tide"
	v.set(stopped)
	if !v.copyB.Visible() || !v.selectB.Visible() {
		t.Error("an answer cut short with text offers no Copy answer or Select text")
	}
}
