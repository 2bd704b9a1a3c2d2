package widgets

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// buttonsIn lists the buttons under o, in order.
func buttonsIn(o fyne.CanvasObject) []*widget.Button {
	var out []*widget.Button
	switch x := o.(type) {
	case *widget.Button:
		return []*widget.Button{x}
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, buttonsIn(c)...)
		}
	}
	return out
}

// The consent bar asks on the card and hands back one answer: the buttons are reached with Tab
// and pressed with Space (issue 22: "a function call from the model runs only when the person
// allows it (this call, or always in this conversation)").
func TestToolConsentBarKeyboard(t *testing.T) {
	test.NewTempApp(t)
	b := NewConsentBar()
	w := test.NewWindow(b)
	defer w.Close()
	if b.Asking() {
		t.Fatal("a new consent bar must be hidden")
	}
	var got []ConsentChoice
	b.Ask("Run a web search for “lisbon weather”?", func(c ConsentChoice) { got = append(got, c) })
	if !b.Asking() || !strings.Contains(b.AccessibilityLabel(), "lisbon weather") {
		t.Fatalf("asking %v, label %q", b.Asking(), b.AccessibilityLabel())
	}
	w.Canvas().FocusNext()
	w.Canvas().FocusNext()
	if w.Canvas().Focused() != b.Always {
		t.Fatalf("two Tabs focus %v, want Always in this conversation", w.Canvas().Focused())
	}
	b.Always.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if len(got) != 1 || got[0] != ConsentAlways || b.Asking() {
		t.Fatalf("after Space on Always: answers %v, asking %v", got, b.Asking())
	}
	test.Tap(b.Refuse) // hidden: a late tap answers nothing
	if len(got) != 1 {
		t.Errorf("a tap after the answer was handed on: %v", got)
	}
	b.Ask("Again?", func(c ConsentChoice) { got = append(got, c) })
	test.Tap(b.Refuse)
	if len(got) != 2 || got[1] != ConsentRefuse {
		t.Errorf("second question answered %v", got)
	}
}

// The countdown says the time left in words and, with a hook to the UI goroutine, updates it
// every second until Stop (issue 22: "the tools' shared limit is waited out with a countdown").
func TestToolCountdownTicks(t *testing.T) {
	test.NewTempApp(t)
	ticks := make(chan func(), 4)
	c := NewCountdown(func(f func()) { ticks <- f })
	now := time.Date(2026, 11, 26, 11, 0, 0, 0, time.UTC)
	c.Now = func() time.Time { return now }
	c.Start("Waiting for the tools' shared limit", now.Add(65*time.Second))
	if !c.Running() || c.Label.Text != "Waiting for the tools' shared limit: 1 min 5 s left" {
		t.Fatalf("started: running %v, %q", c.Running(), c.Label.Text)
	}
	now = now.Add(23 * time.Second)
	select {
	case f := <-ticks:
		f()
	case <-time.After(5 * time.Second):
		t.Fatal("no tick came a second after the start")
	}
	if c.Label.Text != "Waiting for the tools' shared limit: 42 s left" || c.AccessibilityLabel() != c.Label.Text {
		t.Errorf("after a tick: %q", c.Label.Text)
	}
	c.Stop()
	now = now.Add(41 * time.Second)
	select {
	case f := <-ticks:
		f() // the tick scheduled before Stop: it must change nothing
	case <-time.After(5 * time.Second):
		t.Fatal("the next tick was not scheduled")
	}
	if c.Running() || !strings.HasSuffix(c.Label.Text, "42 s left") {
		t.Errorf("a tick after Stop changed the countdown: running %v, %q", c.Running(), c.Label.Text)
	}
}

// A running call's progress counts the time it has run each second through the hook to the UI
// goroutine, beside the server's words, until Stop; a bar only when the total is known (issue 30).
func TestCallProgressTicks(t *testing.T) {
	test.NewTempApp(t)
	ticks := make(chan func(), 4)
	p := NewCallProgress()
	started := time.Date(2026, 11, 26, 11, 0, 0, 0, time.UTC)
	now := started.Add(2 * time.Second)
	p.Now = func() time.Time { return now }
	p.Start(started, 0.25, "1 of 4 (25%)", func(f func()) { ticks <- f })
	if !p.Running() || !p.Bar.Visible() || p.Bar.Value != 0.25 || p.Label.Text != "1 of 4 (25%) · running for 2 s" {
		t.Fatalf("started: running %v, bar %v %v, %q", p.Running(), p.Bar.Visible(), p.Bar.Value, p.Label.Text)
	}
	now = now.Add(time.Second)
	select {
	case f := <-ticks:
		f()
	case <-time.After(5 * time.Second):
		t.Fatal("no tick came a second after the start")
	}
	if p.Label.Text != "1 of 4 (25%) · running for 3 s" || p.AccessibilityLabel() != p.Label.Text {
		t.Errorf("after a tick: %q", p.Label.Text)
	}
	p.Stop()
	now = now.Add(time.Second)
	select {
	case f := <-ticks:
		f() // the tick scheduled before Stop: it must change nothing
	case <-time.After(5 * time.Second):
		t.Fatal("the next tick was not scheduled")
	}
	if p.Running() || p.Label.Text != "1 of 4 (25%) · running for 3 s" {
		t.Errorf("a tick after Stop changed the progress: running %v, %q", p.Running(), p.Label.Text)
	}
	p.Start(started, -1, "", nil)
	if p.Bar.Visible() || p.Label.Text != "running for 4 s" {
		t.Errorf("no total: bar %v, %q", p.Bar.Visible(), p.Label.Text)
	}
}

// LeftText rounds up to whole seconds and says minutes past one.
func TestToolLeftText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "a moment left", time.Millisecond: "1 s left", 59*time.Second + time.Millisecond: "1 min 0 s left",
		2 * time.Second: "2 s left", 125 * time.Second: "2 min 5 s left",
	} {
		if got := LeftText(d); got != want {
			t.Errorf("LeftText(%v) = %q, want %q", d, got, want)
		}
	}
}

// The web search view shows the queries, each result's title, site and whole address, the note
// and the warnings; Open hands only an http(s) address on (issue 22: "each result's title, domain
// and link (opened only after its address is shown), partial/no_results, warnings").
func TestToolWebSearchView(t *testing.T) {
	test.NewTempApp(t)
	v := NewWebSearchView()
	w := test.NewWindow(v)
	defer w.Close()
	var opened []string
	v.OnLink = func(u *url.URL) { opened = append(opened, u.String()) }
	v.SetData(WebSearchData{Queries: []string{"lisbon weather", "lisbon rain"}, Note: "Some of the search did not answer; the results are partial.",
		Warnings: []string{"slow_provider: 1 query took long"},
		Results: []WebResult{{Title: "Lisbon forecast", Domain: "weather.example", URL: "https://weather.example/lisbon"},
			{Title: "", Domain: "evil.example", URL: "javascript:alert(1)"},
			{Title: "Rain in Portugal", Domain: "news.example", URL: "http://news.example/rain?day=1"}}})
	if v.Queries.Text != "Searched for “lisbon weather” and “lisbon rain”" || !v.Note.Visible() || !v.Warnings.Visible() {
		t.Errorf("queries %q, note shown %v, warnings shown %v", v.Queries.Text, v.Note.Visible(), v.Warnings.Visible())
	}
	texts := labelTexts(v.Results)
	for _, want := range []string{"1. Lisbon forecast", "weather.example · https://weather.example/lisbon", "2. (no title)",
		"evil.example · javascript:alert(1)", "news.example · http://news.example/rain?day=1"} {
		if !strings.Contains(texts, want) {
			t.Errorf("results do not show %q:\n%s", want, texts)
		}
	}
	opens := buttonsIn(v.Results)
	if len(opens) != 2 {
		t.Fatalf("%d Open buttons, want 2 (none for a javascript: address)", len(opens))
	}
	test.Tap(opens[1])
	if len(opened) != 1 || opened[0] != "http://news.example/rain?day=1" {
		t.Errorf("Open handed %v", opened)
	}
	if got := v.AccessibilityLabel(); !strings.Contains(got, "Web search. Searched for “lisbon weather”") || !strings.Contains(got, "3 results") {
		t.Errorf("label %q", got)
	}
	v.SetData(WebSearchData{Queries: []string{"x"}, Note: "Nothing was found."})
	if v.Results.Visible() || v.Warnings.Visible() || v.Summary() != "no results. Nothing was found." {
		t.Errorf("no results: results shown %v, summary %q", v.Results.Visible(), v.Summary())
	}
}

// The consult view shows the workspace and question, the answer object and one chip per source;
// a chip hands its index to OnSource (issue 22: "the card shows the question, the answer and its
// sources as chips that open the document").
func TestToolConsultView(t *testing.T) {
	test.NewTempApp(t)
	answer := widget.NewLabel("The budget is 12,000.")
	v := NewConsultView(ConsultData{Workspace: "Finance", Question: "What is the budget?",
		Sources: []SourceChip{{Label: "1  Budget.xlsx · used", Used: true}, {Label: "2  Notes.txt · not used"}}}, answer)
	w := test.NewWindow(v)
	defer w.Close()
	var tapped []int
	v.OnSource = func(i int) { tapped = append(tapped, i) }
	if v.Asked.Text != "Asked the workspace “Finance”: What is the budget?" || v.Answer.Objects[0] != answer {
		t.Errorf("asked %q, answer %v", v.Asked.Text, v.Answer.Objects)
	}
	chips := buttonsIn(v.Chips)
	if len(chips) != 2 || chips[0].Text != "1  Budget.xlsx · used" || chips[0].Importance != widget.MediumImportance ||
		chips[1].Importance != widget.LowImportance {
		t.Fatalf("chips %v", chips)
	}
	test.Tap(chips[1])
	if len(tapped) != 1 || tapped[0] != 1 {
		t.Errorf("chip tap handed %v", tapped)
	}
	if got := v.AccessibilityLabel(); got != "Asked the workspace “Finance”: What is the budget?, 2 sources" {
		t.Errorf("label %q", got)
	}
	v.Set(ConsultData{Workspace: "Finance", Question: "Again?"}, nil)
	if v.Answer.Visible() || v.Chips.Visible() {
		t.Errorf("no answer yet: answer shown %v, chips shown %v", v.Answer.Visible(), v.Chips.Visible())
	}
}

// A tool card takes a title of its own, a result and a summary, asks consent and counts down a
// wait on the card, and says all of it in its accessibility label ("Web search, 5 results, done").
func TestToolCardStatesInWords(t *testing.T) {
	test.NewTempApp(t)
	c := NewFunctionCallCard("web_search", `{"query":"lisbon"}`)
	w := test.NewWindow(c)
	defer w.Close()
	c.SetTitle("Web search")
	c.SetStatus(CallAsking, "")
	c.Consent.Ask("Run a web search for “lisbon”?", func(ConsentChoice) { c.SetStatus(CallPending, "") })
	if got := c.AccessibilityLabel(); got != "Web search, waiting for your answer, waiting for your consent: Run a web search for “lisbon”?" {
		t.Errorf("asking: %q", got)
	}
	test.Tap(c.Consent.Once)
	if c.Status() != CallPending || c.Consent.Asking() {
		t.Fatalf("after Allow once: status %v, asking %v", c.Status(), c.Consent.Asking())
	}
	c.Wait.Now = func() time.Time { return time.Unix(1000, 0) }
	c.SetStatus(CallWaiting, "")
	c.WaitUntil("Waiting for the tools' shared limit", time.Unix(1042, 0), nil)
	if got := c.AccessibilityLabel(); got != "Web search, waiting for the limit, Waiting for the tools' shared limit: 42 s left" {
		t.Errorf("waiting: %q", got)
	}
	c.Wait.Stop()
	c.SetResult(container.NewVBox(widget.NewLabel("five results")), "5 results")
	c.SetStatus(CallDone, "")
	if got := c.AccessibilityLabel(); got != "Web search, 5 results, done" || !c.Body.Visible() {
		t.Errorf("done: %q, body shown %v", got, c.Body.Visible())
	}
	c.SetResult(nil, "")
	if c.Body.Visible() {
		t.Error("a card without a result shows an empty body")
	}
}
