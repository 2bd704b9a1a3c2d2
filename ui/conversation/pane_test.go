package conversation

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/client"
	"lectern/client/emulator"
	"lectern/internal/safetext"
	"lectern/ui/internal/uitest"
	"lectern/ui/internal/work"
)

// ask types question in the box and sends it with Enter, then waits for the answer to end.
func ask(t *testing.T, c *Pane, question string) records.Turn {
	t.Helper()
	c.input.SetText(question)
	c.input.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	until(t, "the answer to "+question, func() bool {
		return c.streaming == nil && len(c.turns) > 0 && c.turns[len(c.turns)-1].Question == question &&
			c.turns[len(c.turns)-1].Status != records.TurnPending
	})
	return c.turns[len(c.turns)-1]
}

func TestChatAsksStreamsAndShowsSources(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	var saved records.Conversation
	c.OnSaved = func(conv records.Conversation) { saved = conv }
	turn := ask(t, c, "How many days of annual leave do employees get?")
	if turn.Status != records.TurnCompleted || !strings.Contains(turn.Answer, "25 days") {
		t.Fatalf("turn %+v", turn)
	}
	v := c.views[turn.ID]
	if v == nil || !strings.Contains(v.answer.Text(), "25 days") || v.stage.Visible() || !v.failure.Hidden {
		t.Fatal("the finished turn is not shown as finished")
	}
	if len(v.sources.Objects) == 0 {
		t.Fatal("no source chips")
	}
	for i, o := range v.sources.Objects {
		label := o.(interface{ MinSize() fyne.Size }) // a chip
		_ = label
		src := turn.Sources[i]
		want := records.SourceUse(src.Used)
		if got := sourceLabel(src); !strings.HasSuffix(got, want) || !strings.Contains(got, src.Name) {
			t.Errorf("chip %d: %q, want %s", i, got, want)
		}
	}
	if saved.ID == 0 || saved.ID != turn.ConversationID || c.conv.ID != saved.ID {
		t.Fatalf("conversation not saved: %+v", saved)
	}
	if c.intro.Visible() || c.input.Text != "" {
		t.Fatal("the intro or the question stayed")
	}
}

// Spec §2, sources.used: true means the answer is known to come from that document; false that it
// was given as context. The chips say "Used" and "Consulted", never a citation the server did not make.
func TestSourceLabelsFollowUsed(t *testing.T) {
	for used, want := range map[bool]string{true: "Used", false: "Consulted"} {
		if got := records.SourceUse(used); got != want {
			t.Errorf("used=%v: %q", used, got)
		}
	}
}

// A follow-up in the same conversation sends the earlier turns as history.
func TestChatFollowUpSendsHistory(t *testing.T) {
	f := newFixture(t, fastConfig())
	rec := &askRecorder{}
	f.app.Close()
	f.app = f.openWith(rec)
	c := chatIn(t, f, "My documents")
	ask(t, c, "How many days of annual leave do employees get?")
	ask(t, c, "Can unused days be carried over?")
	body := rec.last()
	hist, _ := body["history"].([]any)
	if len(hist) != 2 {
		t.Fatalf("history sent: %v", body["history"])
	}
	first := hist[0].(map[string]any)
	if first["role"] != "user" || first["content"] != "How many days of annual leave do employees get?" {
		t.Fatalf("history[0] = %v", first)
	}
}

// askRecorder keeps the JSON body of each question sent.
type askRecorder struct {
	mu     sync.Mutex
	bodies []map[string]any
}

func (r *askRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodPost && req.URL.Path == "/workspace" {
		b, _ := io.ReadAll(req.Body)
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		r.mu.Lock()
		r.bodies = append(r.bodies, m)
		r.mu.Unlock()
		req.Body = io.NopCloser(bytes.NewReader(b))
	}
	return http.DefaultTransport.RoundTrip(req)
}

func (r *askRecorder) last() map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.bodies) == 0 {
		return nil
	}
	return r.bodies[len(r.bodies)-1]
}

// Stop (Esc in the question box) stops a streaming answer: its text so far is kept, marked, with
// Retry; Retry then asks again in place and completes.
func TestChatStopKeepsTextThenRetry(t *testing.T) {
	_, c := startSlowAnswer(t, 40*time.Millisecond)
	if !c.stop.Visible() || c.send.Visible() {
		t.Fatal("Stop is not offered while the answer streams")
	}
	c.input.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	until(t, "the stopped turn", func() bool { return c.streaming == nil && c.turns[0].Status != records.TurnPending })
	turn := c.turns[0]
	v := c.views[turn.ID]
	if turn.Status != records.TurnInterrupted || turn.Answer == "" || v.failure.Hidden || v.retry.Hidden {
		t.Fatalf("stopped turn %+v (failure shown %v)", turn, !v.failure.Hidden)
	}
	if !strings.Contains(v.failure.Text, "kept") {
		t.Fatalf("failure text %q", v.failure.Text)
	}
	test.Tap(v.retry)
	until(t, "the retried answer", func() bool { return c.streaming == nil && c.turns[0].Status == records.TurnCompleted })
	if len(c.turns) != 1 || !strings.Contains(c.views[c.turns[0].ID].answer.Text(), "25 days") {
		t.Fatalf("after Retry: %d turns, %q", len(c.turns), c.turns[0].Answer)
	}
}

// A stream cut by the server keeps its text and offers Retry; a failure says why in words.
func TestChatCutStreamAndFailure(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	f.emu.SetFaults(emulator.Faults{CutStreamAfter: 8})
	turn := ask(t, c, "How many days of annual leave do employees get?")
	if turn.Status != records.TurnInterrupted || c.views[turn.ID].failure.Hidden {
		t.Fatalf("cut stream: %+v", turn)
	}
	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, Route: emulator.RouteAsk, Count: 1}})
	turn = ask(t, c, "Can unused days be carried over?")
	v := c.views[turn.ID]
	if turn.Status != records.TurnFailed || v.failure.Hidden || !strings.Contains(v.failure.Text, "HTTP 503") || v.retry.Hidden {
		t.Fatalf("failed turn %+v, failure %q", turn, v.failure.Text)
	}
}

// A source chip selects its document in the documents table.
func TestChatSourceSelectsDocument(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	var got []client.AnswerSource
	c.OnSource = func(src client.AnswerSource) { got = append(got, src) }
	turn := ask(t, c, "How many days of annual leave do employees get?")
	if len(turn.Sources) == 0 {
		t.Fatal("no sources")
	}
	c.sourceTapped(turn.Sources[0])
	if len(got) != 1 || got[0].DocumentID != turn.Sources[0].DocumentID {
		t.Fatalf("OnSource got %+v, want %s (the window selects it in the table)", got, turn.Sources[0].DocumentID)
	}
}

// The view follows a growing answer only while it is scrolled to the bottom; once the reader
// scrolls up it stays put and Jump to latest shows, which follows again.
func TestChatPinnedScroll(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	c.win.Resize(fyne.NewSize(900, 600))
	for i := range 4 {
		ask(t, c, fmt.Sprintf("How many days of annual leave do employees get? (%d)", i))
	}
	if !c.follow || c.jumpBar.Visible() {
		t.Fatal("not following at the bottom")
	}
	c.list.ScrollToTop()
	c.refit(len(c.turns) - 1) // the newest answer grows
	if c.follow || !c.jumpBar.Visible() || c.list.GetScrollOffset() != 0 {
		t.Fatalf("followed although scrolled up (offset %v)", c.list.GetScrollOffset())
	}
	// Jump to latest has a line of its own, below the turns: laid over them it hid the lowest
	// turn's Edit and Retry. (The test driver lays a container shown out again on a resize only;
	// the real window's frame does it.)
	c.win.Resize(fyne.NewSize(901, 600))
	driver := fyne.CurrentApp().Driver()
	listEnd := driver.AbsolutePositionForObject(c.list).Y + c.list.Size().Height
	if jumpTop := driver.AbsolutePositionForObject(c.jump).Y; jumpTop < listEnd || c.jump.Size().Width < c.jump.MinSize().Width {
		t.Errorf("Jump to latest (%v) starts at y %.0f, over the turns that end at y %.0f", c.jump.Size(), jumpTop, listEnd)
	}
	test.Tap(c.jump)
	if !c.follow || c.jumpBar.Visible() || c.list.GetScrollOffset() == 0 {
		t.Fatal("Jump to latest did not follow")
	}
}

// A long conversation builds the views of the turns it shows, not of all of them.
func TestChatLazyTurns(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.connect()
	conv := uitest.SeedConversation(t, f.app, f.info.Personal, 200)
	c := chatIn(t, f, "My documents")
	c.Open(conv, 0)
	until(t, "200 turns", func() bool { return len(c.turns) == 200 })
	drain()
	if n := len(c.views); n == 0 || n > 40 {
		t.Fatalf("%d turn views built for 200 turns", n)
	}
	if c.views[c.turns[199].ID] == nil {
		t.Fatal("the newest turn is not shown")
	}
}

// An answer that was streaming when the app closed shows as interrupted, with Retry, next time.
func TestChatInterruptedAfterRestart(t *testing.T) {
	f, _ := startSlowAnswer(t, 50*time.Millisecond)
	_ = f.app.Close() // the app quits mid-answer
	drain()

	f.app = f.open()
	ws := uitest.Workspace(t, f.app, "My documents")
	conv, ok, err := f.app.Conversations().Last(context.Background(), ws.WorkspaceID)
	if err != nil || !ok {
		t.Fatalf("no last conversation: %v", err)
	}
	c := f.pane()
	c.SetWorkspace(ws)
	c.Open(conv, 0) // as the window opens a workspace's last conversation
	until(t, "the last conversation", func() bool { return len(c.turns) == 1 })
	until(t, "its view", func() bool { return c.views[c.turns[0].ID] != nil })
	turn, v := c.turns[0], c.views[c.turns[0].ID]
	if turn.Status != records.TurnInterrupted || v.failure.Hidden || v.retry.Hidden || turn.Answer == "" {
		t.Fatalf("after restart: %+v", turn)
	}
}

// The answer can be shown as selectable text and back; the details fold opens and the row grows.
func TestChatSelectTextAndDetails(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "Finance")
	turn := ask(t, c, "What is the total revenue by region?")
	v := c.views[turn.ID]
	test.Tap(v.selectB)
	if !v.answer.Selecting() || v.selectB.Text != "Done selecting" {
		t.Fatal("Select text did not turn select mode on")
	}
	test.Tap(v.selectB)
	if v.answer.Selecting() {
		t.Fatal("select mode stayed on")
	}
	if v.details.Hidden || v.facts.Visible() || !strings.Contains(v.facts.Text, "Request id: "+turn.RequestID) ||
		!strings.Contains(v.facts.Text, "Calculated from the spreadsheet") {
		t.Fatalf("details: %q", v.facts.Text)
	}
	i := c.index(turn.ID)
	before := v.root.MinSize().Height
	test.Tap(v.detailsB)
	if !v.facts.Visible() || v.root.MinSize().Height <= before {
		t.Fatal("the details fold did not open and grow the turn")
	}
	_ = i
}

// Edit puts a question back in the box; sending makes another version of that turn in its place,
// with the earlier turns as history (an earlier question: TestBranchEditAnEarlierQuestion).
func TestChatEditAndResendLastQuestion(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	ask(t, c, "How many days of annual leave do employees get?")
	second := ask(t, c, "Can unused days be carried ovre?")
	v := c.views[second.ID]
	if v.edit.Hidden || c.views[c.turns[0].ID].edit.Hidden {
		t.Fatal("Edit is offered on every answered question")
	}
	test.Tap(v.edit)
	if c.editing != second.ID || c.input.Text != second.Question {
		t.Fatal("Edit did not put the question back in the box")
	}
	// Issue 35: the caret was at the start of the text; it is at its end, where a fix goes on.
	if c.input.CursorTextOffset() != len([]rune(second.Question)) {
		t.Errorf("after Edit the caret is at %d of the question's %d characters", c.input.CursorTextOffset(), len([]rune(second.Question)))
	}
	fixed := ask(t, c, "Can unused days be carried over?")
	if len(c.turns) != 2 || c.turns[1].ID != fixed.ID || c.turns[1].Question != "Can unused days be carried over?" {
		t.Fatalf("after resend: %d turns, ids %d %d, second %d: %q", len(c.turns), c.turns[0].ID, c.turns[len(c.turns)-1].ID, second.ID, c.turns[len(c.turns)-1].Question)
	}
	saved, _ := f.app.Conversations().Turns(context.Background(), fixed.ConversationID)
	if len(saved) != 2 || saved[1].ID != fixed.ID || saved[1].Question != fixed.Question {
		t.Fatalf("saved turns: %+v", saved)
	}
}

// Leaving a conversation while its answer streams lets the answer finish in the background (the
// core saves it), and the new conversation can ask at once.
func TestChatNewConversationWhileStreaming(t *testing.T) {
	f, c := startSlowAnswer(t, 30*time.Millisecond)
	first := c.turns[0]
	c.NewConversation()
	if c.streaming != nil || !c.send.Visible() || len(c.turns) != 0 {
		t.Fatal("the new conversation is not ready to ask")
	}
	second := ask(t, c, "Can unused days be carried over?")
	if second.ConversationID == first.ConversationID || second.Status != records.TurnCompleted {
		t.Fatalf("second %+v", second)
	}
	until(t, "the first answer saved", func() bool {
		saved, _ := f.app.Conversations().Turn(context.Background(), first.ID)
		return saved.Status == records.TurnCompleted
	})
}

// An answer.reset during the stream replaces the text so far, and a stream that stalls for a
// while (shorter than the idle limit) goes on: both end with the server's final answer shown.
func TestChatResetAndStall(t *testing.T) {
	cfg := fastConfig()
	cfg.ResetEvery = 1 // every answer resets once
	f := newFixture(t, cfg)
	c := chatIn(t, f, "My documents")
	turn := ask(t, c, "How many days of annual leave do employees get?")
	if turn.Status != records.TurnCompleted || c.views[turn.ID].answer.Text() != turn.Answer {
		t.Fatalf("after a reset: %q shown, %q saved", c.views[turn.ID].answer.Text(), turn.Answer)
	}
	f.emu.SetFaults(emulator.Faults{StallAfter: 4, StallFor: 400 * time.Millisecond})
	turn = ask(t, c, "Can unused days be carried over?")
	if turn.Status != records.TurnCompleted || c.views[turn.ID].answer.Text() != turn.Answer || !strings.Contains(turn.Answer, "31 March") {
		t.Fatalf("after a stall: %+v", turn)
	}
}

// startSlowAnswer asks a question in "My documents" of a demo whose answers stream a delta every
// delay, and returns once some of the answer is shown.
func startSlowAnswer(t *testing.T, delay time.Duration) (*fixture, *Pane) {
	t.Helper()
	cfg := fastConfig()
	cfg.DeltaDelay = delay
	f := newFixture(t, cfg)
	c := chatIn(t, f, "My documents")
	c.input.SetText("How many days of annual leave do employees get?")
	c.input.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	until(t, "some streamed text", func() bool {
		return len(c.turns) == 1 && c.views[c.turns[0].ID] != nil && c.views[c.turns[0].ID].answer.Text() != ""
	})
	return f, c
}

// Text from the server reaches the window without control characters or escape sequences: a
// document's name in the table, the scope picker and a source chip, and an answer's text.
func TestServerTextShownClean(t *testing.T) {
	f := newFixture(t, fastConfig())
	evil := "holiday\x1b]0;TITLE\x07 rules\x1b[2J.txt"
	f.emu.AddDocument(f.info.Personal, evil, []byte("Staff get 30 days of holiday rules."), "ready")
	f.connect() // synced again, as the window's refresh does
	c := chatIn(t, f, "My documents")
	until(t, "the document in the picker", func() bool { return len(c.picker.docs) > 3 })
	for _, label := range c.picker.labels {
		if strings.ContainsAny(label, "\x1b\x07") {
			t.Fatalf("picker label %q", label)
		}
	}
	src := clientSource(evil)
	if l := sourceLabel(src); strings.ContainsAny(l, "\x1b\x07") || !strings.Contains(l, "holiday") {
		t.Fatalf("chip %q", l)
	}
	v := newTurnView(records.Turn{Question: "q\x1b[31m?", Answer: "a\x1b]0;x\x07nswer", Status: records.TurnCompleted},
		turnCallbacks{})
	if strings.ContainsAny(v.question.Text+v.answer.Text(), "\x1b\x07") {
		t.Fatalf("turn shows %q / %q", v.question.Text, v.answer.Text())
	}
}

// A streaming answer is cleaned frame by frame, only what arrived since the last frame: what the
// pane shows is what cleaning the whole text shows, whatever the frames cut (an escape or OSC
// sequence split between two frames, a bidi override) and after a reset.
func TestStreamedTextCleanedByPieces(t *testing.T) {
	v := newTurnView(records.Turn{Question: "q", Status: records.TurnPending}, turnCallbacks{})
	whole := "Intro \x1b[31mred\x1b[0m and \x1b]0;TITLE\x07 title, \u202eexe.pdf\u202c, \x9b2Jdone\n"
	frames := []string{}
	for i := 1; i <= len(whole); i++ {
		if utf8.RuneStart(whole[min(i, len(whole)-1)]) || i == len(whole) {
			frames = append(frames, whole[:i])
		}
	}
	frames = append(frames, "Reset \x1b[", "Reset \x1b[1mbold")
	for _, text := range frames {
		v.stream(text, "", false)
		if got, want := v.answer.Text(), safetext.Text(text); got != want {
			t.Fatalf("after %q the answer is %q, want %q", text, got, want)
		}
	}
}

func clientSource(name string) client.AnswerSource {
	return client.AnswerSource{Index: 1, DocumentID: "d", Name: name, Used: true}
}

// A question refused by a local check (too long) says why and comes back to the box: nothing lost.
func TestChatRefusedQuestionComesBack(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	long := strings.Repeat("why ", 3000)
	c.input.SetText(long)
	c.sendQuestion()
	until(t, "the refusal", func() bool { return c.streaming == nil && c.errs.Message() != "" })
	if c.input.Text != strings.TrimSpace(long) || len(c.turns) != 0 || !strings.Contains(c.errs.Message(), "question") {
		t.Fatalf("box %d chars, %d turns, error %q", len(c.input.Text), len(c.turns), c.errs.Message())
	}
}

// With no workspace chosen the pane is empty: no Jump to latest floats in it.
func TestNoJumpToLatestInAnEmptyPane(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := f.pane()
	drain()
	if c.jumpBar.Visible() {
		t.Fatal("Jump to latest shows in a pane with no workspace")
	}
}

// While the server has not answered, the stage line says so with the time since the question was
// sent, with Stop; stopped then, the reason does not say text was kept.
func TestChatShowsTheWaitForTheServer(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	f.emu.SetFaults(emulator.Faults{Latency: 3 * time.Second})
	c.Ask("How many days of annual leave do employees get?")
	var v *turnView
	until(t, "the wait with its time", func() bool {
		if len(c.turns) == 0 || c.views[c.turns[0].ID] == nil {
			return false
		}
		v = c.views[c.turns[0].ID]
		return strings.HasPrefix(v.stageTxt.Text, "Waiting for the server to answer… ") && strings.HasSuffix(v.stageTxt.Text, " s")
	})
	if !c.stop.Visible() {
		t.Fatal("no Stop while waiting for the server")
	}
	c.StopAnswer()
	until(t, "the stopped turn", func() bool { return c.streaming == nil })
	if strings.Contains(v.failure.Text, "kept") || c.turns[0].Answer != "" {
		t.Fatalf("stopped before any text: %q", v.failure.Text)
	}
}

func TestStageLabelSaysTheWait(t *testing.T) {
	sent := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		stage string
		after time.Duration
		want  string
	}{
		{records.StageWaiting, 400 * time.Millisecond, "Waiting for the server to answer…"},
		{records.StageWaiting, 12*time.Second + 300*time.Millisecond, "Waiting for the server to answer… 12 s"},
		{records.StageWaiting, 125 * time.Second, "Waiting for the server to answer… 2 min 5 s"},
		{records.StageWriting, 30 * time.Second, "Writing the answer…"},
	} {
		if got := stageLabel(tc.stage, sent, sent.Add(tc.after)); got != tc.want {
			t.Errorf("%s after %v: %q, want %q", tc.stage, tc.after, got, tc.want)
		}
	}
}

// Copy answer confirms that it copied: the clipboard changes nothing on screen.
func TestCopyAnswerSaysCopied(t *testing.T) {
	fa := test.NewTempApp(t)
	v := newTurnView(records.Turn{Question: "q?", Answer: "The **answer**.", Status: records.TurnCompleted}, turnCallbacks{})
	v.copyAnswer()
	if got := fa.Clipboard().Content(); got != "The **answer**." {
		t.Errorf("clipboard %q", got)
	}
	if got := v.copied.Text(); got != "Copied" {
		t.Errorf("confirmation %q", got)
	}
}

// A stopped answer's kept text is Markdown like a finished one: emphasis cut by Stop shows no **.
func TestStoppedAnswerShowsNoRawMarkdown(t *testing.T) {
	test.NewTempApp(t)
	v := newTurnView(records.Turn{Question: "q?", Answer: "Staff get **24 days of annual lea", Status: records.TurnInterrupted},
		turnCallbacks{})
	var shown strings.Builder
	for _, seg := range richSegments(v.answer) {
		shown.WriteString(seg)
	}
	if got := shown.String(); strings.Contains(got, "**") || !strings.Contains(got, "24 days of annual lea") {
		t.Errorf("stopped answer shows %q", got)
	}
}

// richSegments are the texts of the rich texts under o.
func richSegments(o fyne.CanvasObject) []string {
	var out []string
	switch x := o.(type) {
	case *widget.RichText:
		for _, s := range x.Segments {
			out = append(out, s.Textual())
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, richSegments(c)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, richSegments(c)...)
		}
	}
	return out
}

// Issue 33: an answer is on the work board (the tray's list) while it streams, and its end is told
// with how it ended.
func TestAnswerIsListedAsWorkWhileItStreams(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	c.Work = work.New(time.Now)
	var listed []work.Item
	c.Work.OnChange = func() {
		if items := c.Work.Items(); len(items) > 0 {
			listed = items
		}
	}
	var ended []work.Ended
	c.Work.OnEnded = func(e work.Ended) { ended = append(ended, e) }
	ask(t, c, "How many days of annual leave do employees get?")
	if len(listed) != 1 || listed[0].Kind != work.Answer || listed[0].Label != "Answering: How many days of annual leave do employees get?" {
		t.Errorf("listed while streaming: %+v", listed)
	}
	if len(ended) != 1 || ended[0].Title != "Answer ready" || len(c.Work.Items()) != 0 {
		t.Errorf("ended %+v, still running %+v", ended, c.Work.Items())
	}
}
