package conversation

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/ui/widgets"
)

// toolTurn is a finished model turn that called each of the app's tools: a web search, a
// workspace consulted and a file generated, with a search refused and one blocked.
func toolTurn() app.Turn {
	found, url := true, "https://example.org/policy"
	return app.Turn{ID: 7, Question: "Plan the trip", Answer: "Here is the plan.", Status: app.TurnCompleted, Parts: []app.TurnPart{
		{Kind: app.PartMessageContext, Name: "web_search", Run: &app.ToolRun{Tool: app.ToolWebSearch, State: app.ToolDone,
			Search: &app.SearchRun{Queries: []string{"plan the trip"}, Status: client.SearchNoResults}}},
		{Kind: app.PartFunctionCall, CallID: "c1", Name: "web_search", Arguments: `{"query":"lisbon tides"}`},
		{Kind: app.PartFunctionOutput, CallID: "c1", Name: "web_search", Arguments: `{"query":"lisbon tides"}`,
			Run: &app.ToolRun{Tool: app.ToolWebSearch, State: app.ToolDone, Search: &app.SearchRun{Queries: []string{"lisbon tides"},
				Status: client.SearchPartial, Warnings: []string{"slow: one page took long"},
				Results: []app.SearchLink{{Title: "Tide table", Domain: "tides.example", URL: "https://tides.example/lisbon"}}}}},
		{Kind: app.PartFunctionCall, CallID: "c2", Name: "consult_workspace", Arguments: `{"question":"Budget?"}`},
		{Kind: app.PartFunctionOutput, CallID: "c2", Name: "consult_workspace", Arguments: `{"question":"Budget?"}`,
			Run: &app.ToolRun{Tool: app.ToolWorkspace, State: app.ToolDone, Workspace: &app.WorkspaceRun{WorkspaceID: "ws-fin",
				Workspace: "Finance", Question: "Budget?", Answer: "The budget is **12,000** [1].", Found: &found,
				Sources: []client.AnswerSource{{Index: 1, DocumentID: "d1", Name: "Budget.xlsx", Used: true},
					{Index: 2, Name: "Policy page", URL: &url}}}}},
		{Kind: app.PartFunctionOutput, CallID: "c3", Name: "web_search", Arguments: `{"query":"x"}`,
			Run: &app.ToolRun{Tool: app.ToolWebSearch, State: app.ToolRefused, Reason: "You refused this call."}},
		{Kind: app.PartFunctionOutput, CallID: "c4", Name: "web_search", Arguments: `{"query":"y"}`,
			Run: &app.ToolRun{Tool: app.ToolWebSearch, State: app.ToolFailed,
				Reason: "Web search is turned off for your account (internet access is blocked)."}},
		{Kind: app.PartFunctionOutput, CallID: "c5", Name: "generate_file", Arguments: `{"prompt":"a budget sheet"}`,
			Run: &app.ToolRun{Tool: app.ToolGenerate, State: app.ToolDone, File: &app.FileRun{Prompt: "a budget sheet",
				Artifact: &client.OfficeArtifact{Title: "Budget", Filename: "budget.xlsx", Kind: "xlsx"}}}},
	}}
}

// Each tool run is one card with its title, result and status in words, drawn from the parts
// saved with the turn (so also after a restart); a call the app ran is not drawn twice (issue 22:
// "a card per tool call with its arguments, result and a spinner that becomes a check or an
// error"; "cards are stored with the conversation and shown after a restart").
func TestToolCardsOfASavedTurn(t *testing.T) {
	test.NewTempApp(t)
	var links []string
	var sources []string
	v := newTurnView(toolTurn(), turnCallbacks{link: func(u *url.URL) { links = append(links, u.String()) },
		sourceIn: func(ws string, src client.AnswerSource) { sources = append(sources, ws+"/"+src.DocumentID) }})
	w := test.NewWindow(v.row)
	defer w.Close()
	cards := toolCardsOf(v)
	want := []string{
		"Web search on your message, no results. Nothing was found. Try other or fewer words., done",
		"Web search, 1 result. Some of the search did not answer; the results are partial., done",
		"Workspace consulted: Finance, 2 sources, done",
		"Web search, refused: not run",
		"Web search, failed",
		"File generation, file Budget, done",
	}
	if plain, _ := partsOf(v); len(cards) != len(want) || len(plain) != 0 {
		t.Fatalf("%d tool cards, want %d; %d calls drawn again under the answer", len(cards), len(want), len(plain))
	}
	for i, c := range cards {
		if got := c.AccessibilityLabel(); got != want[i] {
			t.Errorf("card %d says %q, want %q", i, got, want[i])
		}
	}
	if cards[0].Toggle.Visible() || !cards[1].Toggle.Visible() {
		t.Error("a search on the message has no arguments to show; a call has")
	}
	search := cards[1].Body.Objects[0].(*widgets.WebSearchView)
	test.Tap(buttonsUnder(search.Results)[0])
	if len(links) != 1 || links[0] != "https://tides.example/lisbon" {
		t.Errorf("Open handed %v to the pane (which shows the address before opening)", links)
	}
	consult := cards[2].Body.Objects[0].(*widgets.ConsultView)
	test.Tap(buttonsUnder(consult.Chips)[0])
	if len(sources) != 1 || sources[0] != "ws-fin/d1" {
		t.Errorf("the chip handed %v", sources)
	}
	if !strings.Contains(textsUnder(cards[4].Body), "internet access is blocked") {
		t.Errorf("the blocked search does not say why: %q", textsUnder(cards[4].Body))
	}
}

// toolCardsOf lists the tool cards of a turn's view, above its answer.
func toolCardsOf(v *turnView) []*widgets.FunctionCallCard {
	var cards []*widgets.FunctionCallCard
	for _, o := range v.tools.Objects {
		cards = append(cards, o.(*widgets.FunctionCallCard))
	}
	return cards
}

// buttonsUnder lists the buttons under o.
func buttonsUnder(o fyne.CanvasObject) []*widget.Button {
	var out []*widget.Button
	walk(o, func(x fyne.CanvasObject) {
		if b, ok := x.(*widget.Button); ok {
			out = append(out, b)
		}
	})
	return out
}

// textsUnder joins the texts of the labels under o.
func textsUnder(o fyne.CanvasObject) string {
	var b strings.Builder
	walk(o, func(x fyne.CanvasObject) {
		if l, ok := x.(*widget.Label); ok {
			b.WriteString(l.Text + "\n")
		}
	})
	return b.String()
}

// walk calls f on o and every object under it, through containers and widgets' renderers.
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, f)
		}
	case *widget.Button, *widget.Label:
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, f)
		}
	}
}

// pendingTurn is a model turn waiting while its web search call is in state.
func pendingTurn(id int64, state app.ToolState, until time.Time) app.Turn {
	return app.Turn{ID: id, ConversationID: 1, Question: "Tides?", Status: app.TurnPending, Parts: []app.TurnPart{
		{Kind: app.PartFunctionOutput, CallID: "call-1", Name: "web_search", Arguments: `{"query":"tides"}`,
			Run: &app.ToolRun{Tool: app.ToolWebSearch, State: state, Until: until, Search: &app.SearchRun{Queries: []string{"tides"}}}}}}
}

// A run waiting for the shared limit shows a countdown on its card; a run left unfinished in a
// turn that ended says it stopped (issue 22: "the tools' shared limit is waited out with a
// countdown on the card").
func TestToolCardCountdownAndStoppedRun(t *testing.T) {
	test.NewTempApp(t)
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	v := newTurnView(pendingTurn(3, app.ToolWaitingLimit, now.Add(30*time.Second)),
		turnCallbacks{now: func() time.Time { return now }})
	cards := toolCardsOf(v)
	if len(cards) != 1 || cards[0].Status() != widgets.CallWaiting || !cards[0].Wait.Running() {
		t.Fatalf("cards %d, status %v", len(cards), cards[0].Status())
	}
	if got := cards[0].Wait.Label.Text; got != "Waiting for the tools' shared limit: 30 s left" {
		t.Errorf("countdown %q", got)
	}
	if search := cards[0].Body.Objects[0].(*widgets.WebSearchView); search.Note.Visible() || search.Queries.Text != "Searching for “tides”" { // issue 35: not "Searched" before it ran
		t.Errorf("a search not run yet says %q, %q", search.Queries.Text, search.Note.Text)
	}
	v.showParts(pendingTurn(3, app.ToolRunning, time.Time{}).Parts)
	if cards[0].Wait.Running() {
		t.Error("the card redrawn left the old countdown ticking")
	}
	if now := toolCardsOf(v); now[0].Status() != widgets.CallPending || !now[0].Spinner.Visible() {
		t.Errorf("running: %v", now[0].Status())
	}
	ended := pendingTurn(3, app.ToolRunning, time.Time{})
	ended.Status = app.TurnInterrupted
	v.set(ended)
	if now := toolCardsOf(v); now[0].Status() != widgets.CallFailed || !strings.Contains(now[0].StatusLabel.Text, "stopped") {
		t.Errorf("a run of an ended turn: %v %q", now[0].Status(), now[0].StatusLabel.Text)
	}
}

// The core's question waits for the answer on the call's card, in whichever order the card and
// the question come; Always is kept for the conversation; a question left when the person goes
// to another conversation is refused (issue 22: "a function call from the model runs only when
// the person allows it (this call, or always in this conversation)").
func TestToolConsentOnTheCard(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	req := app.ConsentRequest{Tool: app.ToolWebSearch, CallID: "call-1", Summary: `Search the web for "tides"`}
	for _, cardFirst := range []bool{true, false} {
		c.turns = []app.Turn{pendingTurn(int64(10+len(c.views)), app.ToolWaitingConsent, time.Time{})}
		c.views = map[int64]*turnView{}
		if cardFirst {
			c.view(0)
		}
		got := make(chan app.Consent, 1)
		go func() { got <- c.consent(context.Background(), req) }()
		until(t, "the question asked", func() bool { return c.consents["call-1"] != nil })
		card := c.cardOf(t, cardFirst)
		if !card.Consent.Asking() || !strings.Contains(card.Consent.Question.Text, `Search the web for "tides"`) {
			t.Fatalf("card first %v: asking %v, %q", cardFirst, card.Consent.Asking(), card.Consent.Question.Text)
		}
		test.Tap(card.Consent.Always)
		if a := <-got; a != app.ConsentAlways || card.Status() != widgets.CallPending {
			t.Errorf("answer %v, status %v", a, card.Status())
		}
	}
	if !slices.Contains(c.model.tools.settings.Allowed, app.ToolWebSearch) {
		t.Error("Always was not kept for the conversation's next save")
	}
	got := make(chan app.Consent, 1)
	go func() { got <- c.consent(context.Background(), req) }()
	until(t, "the question asked", func() bool { return c.consents["call-1"] != nil })
	c.NewModelChat()
	if a := <-got; a != app.ConsentRefuse {
		t.Errorf("a question left behind was answered %v", a)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { got <- c.consent(ctx, req) }()
	cancel()
	if a := <-got; a != app.ConsentRefuse {
		t.Errorf("a stopped answer's question was answered %v", a)
	}
}

// cardOf builds (when not built yet) the first turn's view and returns its first card.
func (c *Pane) cardOf(t *testing.T, built bool) *widgets.FunctionCallCard {
	t.Helper()
	if !built {
		c.view(0)
	}
	cards := toolCardsOf(c.views[c.turns[0].ID])
	if len(cards) != 1 {
		t.Fatalf("%d cards", len(cards))
	}
	return cards[0]
}

// The web search toggle and the workspaces to consult are saved with a model chat and read back
// when it is opened; its shortcut turns the toggle; a tier without tools does not offer the
// workspaces and says why (issue 22: "A tier without tools says why this is not offered").
func TestToolSettingsByTheQuestionBox(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.SetWebSearchKeys("Ctrl+Shift+E")
	if c.model.tools.web.Text != "Web search (Ctrl+Shift+E)" || !c.model.tools.box.Visible() {
		t.Errorf("toggle %q, shown %v", c.model.tools.web.Text, c.model.tools.box.Visible())
	}
	c.model.selectTier("Fast")
	if !c.ToggleWebSearch() || !c.model.tools.settings.WebSearch {
		t.Fatal("the shortcut did not turn web search on")
	}
	ws := f.app.Conversations()
	all, err := f.app.CachedWorkspaces(context.Background())
	if err != nil || len(all) < 2 {
		t.Fatalf("workspaces %d, %v", len(all), err)
	}
	c.model.tools.showPicker(all)
	name := app.OneLine(all[1].Workspace.Name)
	c.model.tools.chosen([]string{app.OneLine(all[0].Workspace.Name), name}, []string{name},
		map[string]string{name: all[1].WorkspaceID})
	c.Ask("Hello")
	until(t, "the chat saved", func() bool { return c.conv.ID != 0 && len(c.turns) == 1 && c.turns[0].Status.Answered() })
	saved, err := ws.ToolSettings(context.Background(), c.conv.ID)
	if err != nil || !saved.WebSearch || !slices.Equal(saved.Workspaces, []string{all[1].WorkspaceID}) {
		t.Fatalf("saved %+v, %v", saved, err)
	}
	conv := c.conv
	c.NewModelChat()
	if c.model.tools.web.Checked {
		t.Error("a new chat starts with the last chat's web search")
	}
	c.Open(conv, 0)
	until(t, "the tools read back", func() bool { return c.model.tools.web.Checked })
	if !strings.Contains(c.model.tools.consult.Text, name) {
		t.Errorf("the picker's button says %q", c.model.tools.consult.Text)
	}
	c.model.tierSel.SetSelectedIndex(slices.IndexFunc(c.model.tiers, func(t app.Tier) bool { return t.Name == "Instant" }))
	if !c.model.tools.consult.Disabled() || !strings.Contains(c.model.tools.consult.Text, "cannot call functions") {
		t.Errorf("on Instant the picker is %q (disabled %v)", c.model.tools.consult.Text, c.model.tools.consult.Disabled())
	}
	until(t, "the tier's note", func() bool {
		return c.model.tools.note.Visible() && strings.Contains(c.model.tools.note.Text, "web search")
	})
}

// End to end over the emulator: web search on, the model's call waits on its card for consent,
// runs once allowed, and its card (queries, results, check) is shown again from the database in
// a pane of a new core, as after a restart (issue 22).
func TestToolWebSearchCallAllowedOnItsCardAndShownAfterRestart(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.model.selectTier("Fast")
	c.ToggleWebSearch()
	cv := c.win.Canvas()
	cv.Focus(c.input) // sent from the question box: the keyboard goes to the card's answers
	c.Ask("Web search: tides")
	var card *widgets.FunctionCallCard
	until(t, "the call's card asking", func() bool {
		if len(c.turns) != 1 || c.views[c.turns[0].ID] == nil {
			return false
		}
		cards := toolCardsOf(c.views[c.turns[0].ID])
		card = nil
		if len(cards) == 1 && cards[0].Consent.Asking() {
			card = cards[0]
		}
		return card != nil
	})
	if !strings.Contains(card.Consent.Question.Text, "Search the web for “tides”") || card.Status() != widgets.CallAsking {
		t.Errorf("asks %q, status %v", card.Consent.Question.Text, card.Status())
	}
	// The turns' list takes no Tab into its rows: Allow once has the keyboard, Space answers, and
	// the keyboard goes back to the question box.
	until(t, "Allow once focused", func() bool { return cv.Focused() == card.Consent.Once })
	card.Consent.Once.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	until(t, "the answer", func() bool { return c.streaming == nil && c.turns[0].Status == app.TurnCompleted })
	if cv.Focused() != c.input {
		t.Errorf("after answering, the keyboard is on %T, not the question box", cv.Focused())
	}
	check := func(v *turnView) {
		t.Helper()
		cards := toolCardsOf(v)
		if len(cards) != 1 || cards[0].Status() != widgets.CallDone {
			t.Fatalf("%d cards", len(cards))
		}
		texts := textsUnder(cards[0].Body)
		if !strings.Contains(texts, "Searched for “tides”") || !strings.Contains(texts, "sea.example.org · https://sea.example.org/tides") {
			t.Errorf("the card shows:\n%s", texts)
		}
	}
	check(c.views[c.turns[0].ID])
	conv := c.conv
	core := f.open()
	again := New(uiQueue.Life(t), core, StoreOf(core.Conversations()), test.NewTempWindow(t, nil))
	again.Open(conv, 0)
	until(t, "the turn read back", func() bool { return len(again.turns) == 1 })
	check(again.view(0))
}

// On a tier without tools the search runs on the message first and shows as its own card; with
// internet access blocked for the person, the card fails and says so in words (issue 22: "on a
// tier without tools, the search runs on the message first"; "internet_access_blocked in
// words"; model-api.md §4: "When internet access is off for the key's owner, POST /websearch gives
// 403 internet_access_blocked").
func TestToolSearchOnTheMessageOfATierWithoutTools(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.model.selectTier("Instant")
	c.ToggleWebSearch()
	last := func(want int) *widgets.FunctionCallCard {
		t.Helper()
		until(t, "the answer", func() bool { return c.streaming == nil && len(c.turns) == want && c.turns[want-1].Status.Answered() })
		cards := toolCardsOf(c.view(want - 1))
		if len(cards) != 1 {
			t.Fatalf("%d cards", len(cards))
		}
		return cards[0]
	}
	c.Ask("tides")
	card := last(1)
	if got := card.AccessibilityLabel(); got != "Web search on your message, 1 result, done" || card.Toggle.Visible() {
		t.Errorf("card says %q, arguments toggle shown %v", got, card.Toggle.Visible())
	}
	f.emu.Tools.BlockInternet("demo", true)
	c.Ask("tides again")
	card = last(2)
	if card.Status() != widgets.CallFailed || !strings.Contains(textsUnder(card.Body), "internet access is blocked") {
		t.Errorf("blocked: status %v, says %q", card.Status(), textsUnder(card.Body))
	}
}
