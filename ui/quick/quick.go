// Package quick is the Quick ask window: a small window apart from the main one, opened from the
// tray, the command palette and `lectern quick` (which a person binds to a key), to ask one
// question of a workspace or a model tier without finding the main window. The answer streams
// below the question as Markdown; the question is kept as a normal conversation, which Open in
// Lectern continues in the main window. Esc closes the window; an answer still streaming goes on
// and is saved.
package quick

import (
	"context"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	appask "lectern/app/ask"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/ui/errview"
	"lectern/ui/internal/life"
	"lectern/ui/internal/work"
	"lectern/ui/markdown"
	"lectern/ui/widgets"
)

// Title is the window's title, which a window manager's rules and the real-window tests find it by.
const Title = "Quick ask"

// tiers are the model tiers a question may go to, after the workspaces.
var tiers = []string{"Instant", "Fast", "Smart", "Genius"}

// Core is what the window uses of the application core; *app.App is one.
type Core interface {
	CachedWorkspaces(ctx context.Context) ([]records.CachedWorkspace, error)
	Ask(ctx context.Context, q appask.Question, opts conversations.AskOptions) (records.Turn, error)
	Chat(ctx context.Context, m modelchat.ModelMessage, opts conversations.ChatOptions) (records.Turn, error)
	Explain(err error) explain.Explanation
}

// target is one choice of the picker: a workspace (by id) or a model tier.
type target struct {
	label     string
	workspace string
	tier      string
}

// Window is the Quick ask window.
type Window struct {
	lf     life.Life
	b      Core
	win    fyne.Window
	pick   *widgets.Select
	input  *widgets.Composer
	send   *widget.Button
	open   *widget.Button
	stage  *widget.Label
	asked  *widget.Label // the question the answer below is for
	answer *markdown.View
	scroll *container.Scroll
	errs   *errview.View

	targets []target
	askedOf string // the target of the conversation asked in this window ("" before the first question)
	conv    int64  // that conversation, 0 before its first question was saved
	text    string // the answer shown so far
	running bool

	// Work, when set, is told of the answer streaming (the tray lists it).
	Work *work.Board
	// OnOpen is called with the conversation to continue in the main window (Open in Lectern).
	OnOpen func(conversationID int64)
}

// New makes the window (not shown) in fa over the core b; lf is the app's, not a window's, so that
// an answer goes on when the window closes.
func New(fa fyne.App, lf life.Life, b Core) *Window {
	w := &Window{lf: lf, b: b, win: fa.NewWindow(Title), input: widgets.NewComposer(), stage: widget.NewLabel(""),
		asked: widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), answer: markdown.NewView(),
		errs: errview.New(b.Explain)}
	w.asked.Wrapping = fyne.TextWrapWord
	w.asked.Hide()
	w.pick = widgets.NewSelect("Ask", nil, nil)
	w.pick.PlaceHolder = "Choose a workspace or a model"
	w.input.SetPlaceHolder("Ask a question (Enter sends, Shift+Enter for a new line, Esc closes)")
	w.input.OnSend, w.input.OnEscape = w.Send, w.win.Close
	w.send = widget.NewButtonWithIcon("Ask", theme.MailSendIcon(), w.Send)
	w.send.Importance = widget.HighImportance
	w.open = widget.NewButtonWithIcon("Open in Lectern", theme.ComputerIcon(), w.openInLectern)
	w.open.Disable()
	closeB := widget.NewButton("Close", w.win.Close)
	w.stage.SizeName = theme.SizeNameCaptionText
	w.stage.Hide()
	w.scroll = container.NewVScroll(container.NewPadded(container.NewVBox(w.asked, w.answer)))
	top := container.NewVBox(w.pick, w.input, container.NewHBox(w.send, w.open, layout.NewSpacer(), closeB), w.errs.Box, w.stage)
	w.win.SetContent(container.NewBorder(container.NewPadded(top), nil, nil, nil, w.scroll))
	w.win.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) {
		if k.Name == fyne.KeyEscape {
			w.win.Close()
		}
	})
	w.win.Resize(fyne.NewSize(560, 440))
	w.win.CenterOnScreen()
	return w
}

// Win is the window.
func (w *Window) Win() fyne.Window { return w.win }

// Show shows the window with the keyboard in the question box, and lists the workspaces to ask
// (read off the UI goroutine); prefer, a workspace id, is chosen when listed and nothing was
// chosen yet (the one the main window shows), else the first workspace.
func (w *Window) Show(prefer string) {
	w.win.Show()
	w.win.RequestFocus()
	w.win.Canvas().Focus(w.input)
	go func() {
		list, err := w.b.CachedWorkspaces(w.lf.Ctx)
		w.lf.Do(func() {
			w.errs.SetError(err)
			w.setTargets(list, prefer)
		})
	}()
}

// setTargets lists each workspace, then each model tier, in the picker.
func (w *Window) setTargets(list []records.CachedWorkspace, prefer string) {
	w.targets = w.targets[:0]
	labels := make([]string, 0, len(list)+len(tiers))
	chosen := w.pick.Selected
	for _, ws := range list {
		t := target{label: "Workspace: " + safetext.OneLine(ws.Workspace.Name), workspace: ws.WorkspaceID}
		w.targets = append(w.targets, t)
		labels = append(labels, t.label)
		if chosen == "" && ws.WorkspaceID == prefer {
			chosen = t.label
		}
	}
	for _, tier := range tiers {
		t := target{label: "Model: " + tier, tier: strings.ToLower(tier)}
		w.targets = append(w.targets, t)
		labels = append(labels, t.label)
	}
	w.pick.SetOptions(labels)
	if chosen == "" {
		chosen = labels[0]
	}
	w.pick.SetSelected(chosen)
}

// Choose picks the target labelled label ("Workspace: My documents", "Model: Fast"); false when
// the picker has none.
func (w *Window) Choose(label string) bool {
	for _, t := range w.targets {
		if t.label == label {
			w.pick.SetSelected(label)
			return true
		}
	}
	return false
}

// Targets are the picker's choices, in order.
func (w *Window) Targets() []string { return w.pick.Options }

// Send asks what the question box holds of the target picked; a second question to the same
// target follows up in the conversation of the first.
func (w *Window) Send() {
	text := strings.TrimSpace(w.input.Text)
	t, ok := w.picked()
	if text == "" || !ok || w.running {
		return
	}
	follow := w.askedOf == t.label && w.conv != 0
	w.askedOf, w.running, w.text = t.label, true, ""
	if !follow {
		w.conv = 0
		w.open.Disable()
	}
	w.input.SetText("")
	w.errs.SetError(nil)
	w.send.Disable()
	w.asked.SetText(text)
	w.asked.Show()
	w.answer.SetText("")
	w.showStage("Sending the question…")
	key := fmt.Sprintf("quick %p %d", w, time.Now().UnixNano())
	w.Work.Set(key, work.Answer, "Quick ask: "+safetext.OneLine(text))
	coal := markdown.NewCoalescer(w.lf.Frame, nil, w.draw) // once a frame
	update := func(ev events.TurnChanged) {
		if ev.ConversationID != 0 {
			w.lf.Do(func() { w.started(ev.ConversationID) })
		}
		if ev.Status == records.TurnPending {
			coal.Push(ev.Text)
		}
	}
	go func() {
		var turn records.Turn
		var err error
		if t.tier != "" {
			turn, err = w.b.Chat(w.lf.Ctx, modelchat.ModelMessage{Tier: t.tier, Text: text, Continue: follow},
				conversations.ChatOptions{OnUpdate: update})
		} else {
			turn, err = w.b.Ask(w.lf.Ctx, appask.Question{Workspace: t.workspace, Text: text, Continue: follow},
				conversations.AskOptions{OnUpdate: update})
		}
		coal.Stop()
		w.lf.Do(func() {
			w.Work.End(key, work.AnswerEnded(turn, err, text))
			w.finished(turn, err)
		})
	}()
}

// picked is the target chosen in the picker.
func (w *Window) picked() (target, bool) {
	for _, t := range w.targets {
		if t.label == w.pick.Selected {
			return t, true
		}
	}
	return target{}, false
}

// started notes the conversation the question was saved in: Open in Lectern can continue it.
func (w *Window) started(id int64) {
	if w.conv != id {
		w.conv = id
		w.open.Enable()
	}
	if w.text == "" {
		w.showStage("Waiting for the answer…")
	}
}

// draw shows the answer's text so far (UI goroutine).
func (w *Window) draw(text string) {
	if !w.running {
		return
	}
	w.text = text
	w.answer.SetText(text)
	if text != "" {
		w.showStage("Answering…")
	}
	w.scroll.ScrollToBottom()
}

// finished shows how the answer ended.
func (w *Window) finished(turn records.Turn, err error) {
	w.running = false
	w.send.Enable()
	w.stage.Hide()
	if turn.ConversationID != 0 {
		w.started(turn.ConversationID)
		w.stage.Hide()
	}
	w.text = turn.Answer
	switch {
	case turn.Status.Answered():
		w.answer.SetFinal(turn.Answer)
	case turn.Answer != "":
		w.answer.SetCut(turn.Answer)
	default:
		w.answer.SetText("")
	}
	if err == nil && turn.Status == records.TurnFailed && turn.Error != "" {
		err = fmt.Errorf("%s", turn.Error)
	}
	w.errs.SetError(err)
	w.scroll.ScrollToBottom()
}

// showStage says what the answer is at.
func (w *Window) showStage(text string) {
	w.stage.SetText(text)
	w.stage.Show()
}

// openInLectern continues the conversation in the main window, and closes this one.
func (w *Window) openInLectern() {
	if w.conv != 0 && w.OnOpen != nil {
		w.OnOpen(w.conv)
		w.win.Close()
	}
}

// Answer is the answer shown so far, and whether it is still streaming.
func (w *Window) Answer() (text string, streaming bool) { return w.text, w.running }

// Question is what the question box holds.
func (w *Window) Question() string { return w.input.Text }

// SetQuestion types text in the question box, without sending it.
func (w *Window) SetQuestion(text string) { w.input.SetText(text) }

// Conversation is the conversation asked in this window, 0 before the first question was saved.
func (w *Window) Conversation() int64 { return w.conv }

// QuestionBox is the question box, to compare with the canvas's focus.
func (w *Window) QuestionBox() fyne.Focusable { return w.input }
