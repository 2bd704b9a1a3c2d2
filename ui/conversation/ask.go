package conversation

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	appask "lectern/app/ask"
	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/ui/dialogs"
	"lectern/ui/internal/work"
	"lectern/ui/markdown"
	"lectern/ui/widgets"
)

// sendQuestion asks what the question box holds: in the conversation shown (a new one is saved
// with it), or in place of the last question when it is being edited.
func (c *Pane) sendQuestion() {
	text := strings.TrimSpace(c.input.Text)
	if text == "" || c.streaming != nil || c.input.Disabled() || c.keyNeeded() {
		return
	}
	switch c.conv.Kind {
	case records.KindModel:
		c.sendToModel(text)
		return
	case records.KindAssistant:
		c.sendToAssistant(text)
		return
	}
	c.errs.SetError(nil)
	c.input.SetText("")
	conv, editing, opts := c.conv, c.editing, c.askOptions()
	c.cancelEdit()
	s := sending{text: text, replaces: editing, convID: conv.ID, msg: conversations.Message{Text: text}}
	if conv.ID == 0 {
		s.question = &appask.Question{Workspace: conv.WorkspaceID, DocumentID: conv.DocumentID, Text: text}
	}
	c.run(s, opts)
}

// errAskNeedsKey is why nothing is asked while the server needs a key: the banner asks for it.
var errAskNeedsKey = errors.New("enter your API key in the banner at the top of the window, then ask again (your question stays in the box)")

// keyNeeded says, under the question box, that the server needs a key before anything can be
// asked, when it does; the question stays where it is.
func (c *Pane) keyNeeded() bool {
	if c.b.Connection().State != connection.ConnKeyNeeded {
		return false
	}
	c.errs.SetError(errAskNeedsKey)
	return true
}

// askOptions are the tier and thinking picked above the question box; thinking unticked leaves
// the tier's own default, as the command line does without --thinking.
func (c *Pane) askOptions() conversations.AskOptions {
	if c.conv.Kind == records.KindModel {
		return conversations.AskOptions{Functions: c.model.offered(), Consent: c.consent}
	}
	opts := conversations.AskOptions{Tier: strings.ToLower(c.tier.Selected)}
	if c.think.Checked {
		on := true
		opts.Thinking = &on
	}
	return opts
}

// retryTurn asks a turn's question again, however its answer ended: another version of the turn,
// shown in its place (the old one stays, a version the pager goes back to). The keyboard goes
// back to the question box (the button took it), where the draft stays as it was.
func (c *Pane) retryTurn(turnID int64) {
	i := c.index(turnID)
	if i < 0 || c.streaming != nil {
		return
	}
	if c.keyNeeded() {
		return
	}
	defer c.FocusInput()
	// a model chat's change of tier or prompt goes with the retry
	c.run(sending{text: c.turns[i].Question, retry: turnID, after: c.model.saved}, c.askOptions())
}

// editTurn puts a question back in the box; sending it makes another version of that turn, shown
// in its place with what follows it (the old version stays, for the pager).
func (c *Pane) editTurn(t records.Turn) {
	if c.streaming != nil {
		return
	}
	c.editing = t.ID
	c.input.Fill(t.Question) // the caret at its end, where a fix goes on
	c.input.SetPlaceHolder("Edit the question, then press Enter to ask it again (Esc cancels)")
	c.FocusInput()
}

// cancelEdit makes the question box ask anew.
func (c *Pane) cancelEdit() {
	edited := c.editing != 0
	if edited {
		c.input.SetText("")
	}
	c.editing = 0
	if edited {
		c.showDraft() // the draft the edit took the box from comes back
	}
	switch c.conv.Kind {
	case records.KindModel:
		c.input.SetPlaceHolder("Write a message to the model (Enter sends, Shift+Enter for a new line)")
		return
	case records.KindAssistant:
		c.input.SetPlaceHolder("Write a message to the assistant (Enter sends, Shift+Enter for a new line)")
		return
	}
	c.input.SetPlaceHolder("Ask a question (Enter sends, Shift+Enter for a new line)")
}

// sending is what the pane asks of the answerer of its conversation's kind (answer): a new
// message (Answers.Send; the first question of a workspace conversation not saved yet, Core.Ask),
// an edited one in place of its turn (Answers.Resend), a turn asked again (Answers.Retry) or a
// file (Generator.Generate).
type sending struct {
	text     string                // the question, the message or the file's prompt
	replaces int64                 // the edited turn the answer replaces (Resend), 0 for none
	retry    int64                 // the turn asked again (Retry), 0 for none
	generate bool                  // a file of text's prompt (Generate)
	convID   int64                 // the conversation sent to
	msg      conversations.Message // a new message (Send)
	question *appask.Question      // the first question of a workspace conversation not saved yet (Ask)
	pin      *string               // the workspace to pin the assistant to before its first message
	after    <-chan struct{}       // closed once the model chat's setup is saved (modelBar.saved), nil for none
}

// answer asks the answerer of the conversation's kind for s, on the asking goroutine.
func (c *Pane) answer(ctx context.Context, s sending, o conversations.AskOptions) (records.Turn, error) {
	if s.after != nil {
		<-s.after // a change of tier or system prompt made before sending goes with it
	}
	switch {
	case s.generate:
		return c.store.Files.Generate(ctx, s.convID, s.text, o)
	case s.retry != 0:
		return c.store.Answers.Retry(ctx, s.retry, o)
	case s.replaces != 0:
		return c.store.Answers.Resend(ctx, s.replaces, s.text, o)
	case s.question != nil:
		return c.b.Ask(ctx, *s.question, o)
	}
	if s.pin != nil {
		if _, err := c.store.Assistants.SetAssistantWorkspace(ctx, s.convID, *s.pin); err != nil {
			return records.Turn{}, err
		}
	}
	return c.store.Answers.Send(ctx, s.convID, s.msg, o)
}

// run asks for what on a goroutine of its own (answer): the turn appears with its first update (in
// place of the turn what replaces, an edited question), its text is drawn once a frame while it
// streams, and the saved turn replaces it when the answer ends.
func (c *Pane) run(what sending, opts conversations.AskOptions) {
	question := what.text
	s := &streamState{replaces: cmp.Or(what.replaces, what.retry), question: question, ended: make(chan struct{})}
	s.text = markdown.NewCoalescer(c.lf.Frame, c.inputSeen, func(text string) { c.drawStream(s, text) })
	c.streaming = s
	if !c.fontsWarm { // while the question goes out, in the frame after the one showing it
		c.fontsWarm = true
		c.lf.Frame(func() bool { markdown.WarmFonts(); return false })
	}
	c.follow = true // asking (or Retry) follows the answer, also after the reader scrolled up
	c.scrollToEnd()
	c.showJump(false)
	c.showIdle()
	opts.OnUpdate = func(ev events.TurnChanged) { c.update(s, ev, question) }
	key := fmt.Sprintf("answer %p", s)
	c.Work.Set(key, work.Answer, "Answering: "+safetext.OneLine(question))
	go func() {
		turn, err := c.answer(c.lf.Ctx, what, opts)
		close(s.ended)
		s.text.Stop()
		c.lf.Do(func() {
			c.Work.End(key, work.AnswerEnded(turn, err, question))
			c.finished(s, turn, err)
		})
	}()
}

// update takes one change of the asking turn, on the asking goroutine.
func (c *Pane) update(s *streamState, ev events.TurnChanged, question string) {
	s.mu.Lock()
	first := s.turnID == 0
	s.turnID = ev.TurnID
	s.w.note(ev, c.lf.Now())
	s.mu.Unlock()
	if first {
		t := records.Turn{ID: ev.TurnID, ConversationID: ev.ConversationID, Question: question, Status: records.TurnPending}
		c.lf.Do(func() { c.started(s, t) })
		go c.tickStage(s)
	}
	if ev.Status == records.TurnPending {
		s.text.Push(ev.Text)
	}
	if ev.Parts != nil { // a tool run changed: its card is redrawn
		c.lf.Do(func() { c.drawParts(s, ev.TurnID, ev.Parts) })
	}
}

// drawParts shows the parts so far of the streaming turn (UI goroutine).
func (c *Pane) drawParts(s *streamState, turnID int64, parts []records.TurnPart) {
	if i := c.index(turnID); i >= 0 && c.streaming == s {
		c.view(i).showParts(parts)
		c.refit(i)
	}
}

// started shows a turn whose question was just saved.
func (c *Pane) started(s *streamState, t records.Turn) {
	if c.streaming != s {
		return // the person left the conversation: the answer goes on in the background
	}
	if c.conv.ID == 0 && c.conv.Kind == records.KindWorkspace && c.conv.WorkspaceID != "" {
		c.conv.ID = t.ConversationID
	}
	if t.ConversationID != c.conv.ID {
		return // the person moved to another conversation meanwhile
	}
	t.Attachments = s.files
	for i := range s.fileTexts { // the files' texts a model message sent: their cards show while it is answered
		t.Parts = append(t.Parts, records.TurnPart{Kind: records.PartFileText, File: &s.fileTexts[i]})
	}
	t.System = c.conv.System // a model message goes with the prompt shown: no change said while it is pending
	if i := c.index(t.ID); i >= 0 {
		t.System = c.turns[i].System // a retry keeps the prompt its turn went with
	}
	if i := c.index(s.replaces); i >= 0 { // an edit or a retry: a new version in the old one's place,
		old := c.turns[i] // without the turns that followed the old one
		for _, later := range c.turns[i:] {
			delete(c.views, later.ID)
		}
		c.turns = c.turns[:i]
		n := max(old.Branch.Count, 1) + 1
		t.Branch = records.BranchPlace{Index: n, Count: n}
	}
	c.turns = append(c.turns, t)
	c.showIntroIf(false)
	c.list.Refresh()
	c.scrollToEnd()
	if len(c.turns) == 1 && c.OnSaved != nil {
		c.OnSaved(c.conv) // listed from its first question, not only once answered (a call may wait)
	}
}

// drawStream shows the text so far of the streaming turn, once a frame (UI goroutine).
func (c *Pane) drawStream(s *streamState, text string) {
	if c.streaming != s {
		return
	}
	s.mu.Lock()
	id, w := s.turnID, s.w
	s.mu.Unlock()
	i := c.index(id)
	if i < 0 {
		return
	}
	label, slow := stageLine(w, c.lf.Now())
	c.view(i).stream(text, label, slow)
	c.refit(i)
}

// stageLabel says what the answer is at: the stage in words and, while the server has not
// answered yet, how long since the question was sent.
func stageLabel(stage string, sent, now time.Time) string {
	label := records.StageText(stage)
	if d := now.Sub(sent).Truncate(time.Second); stage == records.StageWaiting && !sent.IsZero() && d >= time.Second {
		label += " " + widgets.WaitWords(d)
	}
	return label
}

// finished shows how the answer ended: the saved turn, or the error when nothing was saved.
func (c *Pane) finished(s *streamState, turn records.Turn, err error) {
	if c.streaming != s {
		return // an answer left in the background: the core saved it
	}
	c.streaming = nil
	clear(c.askCards) // the answer ended: no call of it waits any more
	c.showIdle()
	if turn.ID == 0 || c.index(turn.ID) < 0 {
		c.errs.SetError(err) // refused before it was saved (a failed check): the question comes back
		if turn.ID == 0 && c.input.Text == "" {
			c.input.SetText(s.question)
			c.model.images.giveBack(s.images)
			c.assist.giveBack(s.files, len(c.turns) > 0)
			c.model.files.giveBack(s.fileTexts)
		}
		return
	}
	i := c.index(turn.ID)
	turn.Branch = c.turns[i].Branch // the saved turn does not say its place; the pane knew it
	c.turns[i] = turn
	v := c.view(i)
	v.set(turn)
	c.countRetry(v, err)
	if len(turn.Images) > 0 && !v.model.pics.Visible() {
		c.loadImages(v) // the pending turn was shown without them
	}
	c.refit(i)
	if turn.ErrorCode == "workspace_access_lost" {
		c.errs.SetError(err)
	}
	if c.conv.ID == turn.ConversationID && c.OnSaved != nil {
		c.OnSaved(c.conv)
	}
}

// StopAnswer stops the answer streaming now (Esc, or Stop); its text so far is kept. Esc while
// editing cancels the edit instead.
func (c *Pane) StopAnswer() {
	if c.streaming == nil {
		c.cancelEdit()
		return
	}
	c.streaming.mu.Lock()
	id := c.streaming.turnID
	c.streaming.mu.Unlock()
	c.store.Answers.Stop(id)
}

// index is the position of turn id among the turns shown, -1 when it is not shown.
func (c *Pane) index(id int64) int {
	for i := len(c.turns) - 1; i >= 0; i-- {
		if c.turns[i].ID == id {
			return i
		}
	}
	return -1
}

// refit measures turn i again after it changed, and keeps the newest turn in view while the
// reader follows it. Once the reader scrolls up the view stays put and Jump to latest shows.
func (c *Pane) refit(i int) {
	if c.scrolledAway() {
		c.follow = false
	}
	v := c.view(i)
	v.fitWidth = 0     // its content changed
	c.measure(i, v, 0) // a new height refreshes the row; the view refreshes what it rebuilt
	if c.follow {
		c.scrollToEnd()
		return
	}
	c.showJump(true)
}

// scrollToEnd shows the newest turn and notes where that left the view.
func (c *Pane) scrollToEnd() {
	c.list.ScrollToBottom()
	c.autoAt = c.list.GetScrollOffset()
	c.seenAt = c.autoAt
}

// inputSeen says whether, since the last frame, a key came in the question box or the turns were
// scrolled (by the wheel, the scroll bar or the keyboard: by anything but the pane itself). It is
// asked once a frame, by the streaming answer, which then waits for the next frame: the frame
// shows the key or the scroll with nothing else to build.
func (c *Pane) inputSeen() bool {
	offset := c.list.GetScrollOffset()
	seen := c.keyed || offset != c.seenAt
	c.keyed, c.seenAt = false, offset
	return seen
}

// showJump shows Jump to latest's line, or hides it. A container shown is laid out again only
// when refreshed: else its button kept the place and size of before (none, at the window's left).
func (c *Pane) showJump(on bool) {
	if c.jumpBar.Visible() == on {
		return
	}
	widgets.ShowIf(c.jumpBar, on)
	c.jumpBar.Refresh()
}

// jumpToLatest follows the newest turn again.
func (c *Pane) jumpToLatest() {
	c.follow = true
	c.showJump(false)
	c.scrollToEnd()
}

// sourceTapped shows a source: a web page's address, or the document in the documents table.
func (c *Pane) sourceTapped(src client.AnswerSource) {
	if src.URL != nil && *src.URL != "" {
		if u, err := url.Parse(*src.URL); err == nil {
			c.linkTapped(u)
		}
		return
	}
	if c.OnSource != nil {
		c.OnSource(src)
	}
}

// sourceInTapped shows a source of a workspace a model consulted: a web page's address, or the
// document in that workspace's documents.
func (c *Pane) sourceInTapped(workspaceID string, src client.AnswerSource) {
	switch {
	case src.URL != nil && *src.URL != "", c.OnSourceIn == nil:
		c.sourceTapped(src)
	default:
		c.OnSourceIn(workspaceID, src)
	}
}

// linkTapped opens an http or https address in the browser after showing it.
func (c *Pane) linkTapped(u *url.URL) {
	if u.Scheme != "http" && u.Scheme != "https" {
		return
	}
	msg := "Open this address in your browser?\n\n" + u.String()
	dialogs.Show(dialog.NewConfirm("Open link", msg, func(ok bool) {
		if ok {
			_ = fyne.CurrentApp().OpenURL(u)
		}
	}, c.win), c.win)
}
