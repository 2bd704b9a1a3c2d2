package conversation

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/internal/bidi"
	"lectern/ui/markdown"
	"lectern/ui/widgets"
)

// turnView shows one question and its answer: the question, the answer rendered as Markdown (it
// grows while it streams, with the stage under it), then either the sources, the coverage and the
// details of a finished answer, or the reason a failed one stopped with Retry. Its objects are
// built once per turn and kept, so scrolling back to it costs nothing.
type turnView struct {
	turn      records.Turn
	question  *widget.Label
	pager     *branchPager  // ‹ 2/3 ›, on a question with other versions (turn_branch.go)
	from      *widget.Label // "Answered from Policies": an answer of another workspace (compare.go)
	answer    *markdown.View
	parts     *fyne.Container             // a model answer's JSON tree and function-call cards (turn_model.go)
	tools     *fyne.Container             // the cards of the app's tools the answer used, above it (turn_tools.go)
	cards     []*widgets.FunctionCallCard // the cards in tools, for their countdowns
	files     *fyne.Container             // the files an assistant message sent (assist_files.go)
	stage     *fyne.Container
	stageTxt  *widget.Label
	stageStop *widget.Button // Stop, beside a stage line that says the answer takes unusually long
	spinner   *widget.Activity
	notFound  *widget.Label
	failure   *widget.Label
	sources   *fyne.Container
	details   *fyne.Container // the fold: its button, and the facts shown when open
	detailsB  *widget.Button
	facts     *widget.Label
	actions   *fyne.Container
	retry     *widget.Button
	edit      *widget.Button
	selectB   *widget.Button // Select text: the answer as selectable text, and back
	copyB     *widget.Button // Copy answer, while there is an answer to copy
	model     *modelParts    // a model conversation's images, calls, verdict and how it ended
	copied    *widgets.Toast // "Copied", after Copy answer
	root      *fyne.Container
	row       fyne.CanvasObject // root with padding, as a list row shows it
	// systemBefore is the system prompt of the turn before (model conversations), first whether
	// there is none: a change between them is said above the message.
	systemBefore string
	first        bool

	onRetry  func(turnID int64)
	onEdit   func(turn records.Turn)
	onBranch func(turnID int64, step int) // the pager: the version step places before or after
	onSource func(src client.AnswerSource)
	onLink   func(u *url.URL)
	// workspaceName names a workspace by its id, for an answer of another than the conversation's.
	workspaceName func(id string) string
	// onSourceIn shows a source of a consulted workspace; onConsent wires a card waiting for
	// consent to the question asked (turn_tools.go).
	onSourceIn func(workspaceID string, src client.AnswerSource)
	onConsent  func(callID string, card *widgets.FunctionCallCard)
	do         func(func())     // back to the UI goroutine (a countdown's ticks)
	now        func() time.Time // the clock countdowns and a file's time left are told from
	onFile     func(card *widgets.GeneratedFileCard, art *client.OfficeArtifact)
	onResize   func()    // the turn's height may have changed (select mode, details opened)
	onStop     func()    // stops the streaming answer (the stage line's Stop)
	fitWidth   float32   // the width its row was measured at; 0 when it must be measured again
	streamed   sanitised // the streaming answer's text so far, raw and cleaned
	refused    retryWait // the wait a refused question's failure counts down (wait.go)
}

// sanitised is a streaming text cleaned piece by piece: each frame cleans only what arrived since
// the last (cleaning the whole answer each frame grew with its length).
type sanitised struct {
	raw, clean string
	filter     safetext.Filter // carries an escape sequence split between two frames
}

// extend returns text, the whole text so far, cleaned; text that does not extend the last one (a
// reset) is cleaned from its start.
func (s *sanitised) extend(text string) string {
	if !strings.HasPrefix(text, s.raw) {
		*s = sanitised{}
	}
	s.clean += s.filter.Clean(text[len(s.raw):])
	s.raw = text
	return s.clean
}

// turnCallbacks are what a turn's buttons do; the chat pane sets them.
type turnCallbacks struct {
	retry  func(turnID int64)
	edit   func(turn records.Turn)
	branch func(turnID int64, step int) // the pager's ‹ and ›
	source func(src client.AnswerSource)
	link   func(u *url.URL)
	do     func(func()) // back to the UI goroutine (the toast's hiding, a countdown's ticks)
	// workspaceName names a workspace by its id (an answer of another workspace); nil: its id.
	workspaceName func(id string) string
	// sourceIn and consent are a tool card's: a consulted workspace's source, a consent to ask.
	sourceIn func(workspaceID string, src client.AnswerSource)
	consent  func(callID string, card *widgets.FunctionCallCard)
	file     func(card *widgets.GeneratedFileCard, art *client.OfficeArtifact) // wires a generated file's card
	stop     func()                                                            // stops the streaming answer
	now      func() time.Time                                                  // the window's clock; nil: time.Now
}

func newTurnView(t records.Turn, cb turnCallbacks) *turnView {
	if cb.now == nil {
		cb.now = time.Now
	}
	v := &turnView{question: widget.NewLabel(""), answer: markdown.NewView(), stageTxt: widget.NewLabel(""),
		spinner: widget.NewActivity(), notFound: widget.NewLabel(""), failure: widget.NewLabel(""),
		sources: container.New(layout.NewRowWrapLayout()), facts: widget.NewLabel(""),
		onRetry: cb.retry, onEdit: cb.edit, onBranch: cb.branch, onSource: cb.source, onLink: cb.link, model: newModelParts(), first: true,
		onSourceIn: cb.sourceIn, onConsent: cb.consent, onFile: cb.file, do: cb.do, now: cb.now, onStop: cb.stop,
		copied: widgets.NewToast(cb.do), from: widget.NewLabel(""), workspaceName: cb.workspaceName}
	v.question.Wrapping, v.question.Selectable = fyne.TextWrapWord, true
	v.question.TextStyle = fyne.TextStyle{Bold: true}
	v.pager = newBranchPager(func(step int) {
		if v.onBranch != nil {
			v.onBranch(v.turn.ID, step)
		}
	})
	v.answer.OnLink = func(u *url.URL) { v.onLink(u) }
	v.stageTxt.TextStyle, v.stageTxt.Wrapping = fyne.TextStyle{Italic: true}, fyne.TextWrapWord
	v.stageStop = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), func() {
		if v.onStop != nil {
			v.onStop()
		}
	})
	v.stageStop.Hide()
	v.stage = container.NewBorder(nil, nil, v.spinner, container.NewCenter(v.stageStop), v.stageTxt)
	v.notFound.Wrapping, v.notFound.Importance = fyne.TextWrapWord, widget.WarningImportance
	v.failure.Wrapping, v.failure.Importance = fyne.TextWrapWord, widget.DangerImportance
	v.retry = widget.NewButtonWithIcon("Retry", theme.ViewRefreshIcon(), func() { v.onRetry(v.turn.ID) })
	v.edit = widget.NewButtonWithIcon("Edit", theme.DocumentCreateIcon(), func() { v.onEdit(v.turn) })
	v.copyB = widget.NewButtonWithIcon("Copy answer", theme.ContentCopyIcon(), v.copyAnswer)
	v.selectB = widget.NewButtonWithIcon("Select text", theme.ContentCutIcon(), v.toggleSelecting)
	for _, b := range []*widget.Button{v.retry, v.edit, v.copyB, v.selectB} {
		b.Importance = widget.LowImportance
	}
	// The actions wrap onto a second line in a narrow pane (or at a large scale) rather than run
	// past its edge.
	v.actions = container.New(layout.NewRowWrapLayout(), v.copyB, v.copied.Label, v.selectB, v.retry, v.edit)
	v.facts.Wrapping, v.facts.Selectable = fyne.TextWrapWord, true
	v.facts.Hide()
	v.detailsB = widget.NewButtonWithIcon("Details", theme.MenuExpandIcon(), v.toggleDetails)
	v.detailsB.Importance, v.detailsB.Alignment = widget.LowImportance, widget.ButtonAlignLeading
	v.details = container.NewVBox(container.NewHBox(v.detailsB), v.facts)
	mp := v.model
	v.parts, v.tools = container.NewVBox(), container.NewVBox()
	v.files = container.New(layout.NewRowWrapLayout())
	question := container.NewBorder(nil, nil, nil, v.pager.box, v.question)
	v.from.TextStyle, v.from.Wrapping = fyne.TextStyle{Italic: true}, fyne.TextWrapWord
	v.root = container.NewVBox(mp.system, question, v.from, v.files, mp.pics, mp.files, v.tools, v.answer, v.parts, v.stage, v.notFound, mp.ended, v.failure,
		v.sources, v.details, v.actions)
	v.row = container.NewPadded(v.root)
	v.set(t)
	return v
}

// set shows t: the whole turn as saved, or a finished answer.
func (v *turnView) set(t records.Turn) {
	v.turn, v.streamed = t, sanitised{}
	v.refused.gen++ // a wait shown before is over
	v.question.SetText(safetext.Text(t.Question))
	v.pager.set(t.Branch)
	v.showFrom(t)
	v.files.Objects = fileChips(t.Attachments)
	v.files.Refresh()
	widgets.ShowIf(v.files, len(t.Attachments) > 0)
	switch t.Status {
	case records.TurnPending:
		v.answer.SetText(safetext.Text(t.Answer))
	case records.TurnInterrupted, records.TurnFailed: // the text so far, as Markdown as its preview was
		v.answer.SetCut(safetext.Text(t.Answer))
	default:
		v.answer.SetFinal(safetext.Text(t.Answer))
	}
	v.showStage(t.Status == records.TurnPending, records.StageText(""), false)
	v.showOutcome(t)
	v.setModelParts(t)
}

// stream shows the preview of a streaming answer: the text so far and the stage line (stageLine),
// with Stop beside it when slow.
func (v *turnView) stream(text, stage string, slow bool) {
	v.answer.SetText(v.streamed.extend(text))
	v.showStage(true, stage, slow)
}

// showStage shows or hides the stage line, label, under a streaming answer, with Stop beside it
// when slow (the answer takes unusually long); it reports whether the line changed. Its spinner
// turns only while no text has come: the growing text shows that the answer goes on, and a
// spinner makes the window paint every frame (60 a second) for as long as it turns, which is CPU
// the keyboard then waits for.
func (v *turnView) showStage(on bool, label string, slow bool) bool {
	if !on {
		changed := v.stage.Visible()
		v.spinner.Stop()
		v.stage.Hide()
		return changed
	}
	waiting := v.answer.Text() == ""
	if v.stage.Visible() && v.stageTxt.Text == label && v.stageStop.Visible() == slow && v.spinner.Visible() == waiting {
		return false
	}
	if v.stageTxt.Text != label { // setting a label's text shapes it again, even the same text
		v.stageTxt.SetText(label)
	}
	widgets.ShowIf(v.stageStop, slow)
	widgets.ShowIf(v.spinner, waiting)
	if waiting {
		v.spinner.Start()
	} else {
		v.spinner.Stop()
	}
	v.stage.Show()
	return true
}

// showOutcome shows what follows a finished answer, or why it stopped.
func (v *turnView) showOutcome(t records.Turn) {
	answered := t.Status.Answered()
	widgets.ShowIf(v.notFound, answered && t.Found != nil && !*t.Found)
	v.notFound.SetText("Not found: the documents do not cover this question. The answer names the documents checked.")
	widgets.ShowIf(v.failure, t.Status.Retryable())
	v.failure.SetText(safetext.Text(failureText(t)))
	widgets.ShowIf(v.retry, t.Status != records.TurnPending)
	widgets.ShowIf(v.edit, t.Status != records.TurnPending)
	widgets.ShowIf(v.actions, t.Status != records.TurnPending || t.Answer != "")
	widgets.ShowIf(v.copyB, t.Answer != "") // stopped before any text: nothing to copy or select
	widgets.ShowIf(v.selectB, t.Answer != "")
	v.setSources(t)
	v.setDetails(t)
	v.model.set(t, v.systemBefore, v.first)
}

// follows says what the turn before this one was sent with (model conversations), so that a
// changed system prompt is said.
func (v *turnView) follows(before *records.Turn) {
	v.first = before == nil
	if before != nil {
		v.systemBefore = before.System
	}
	v.model.set(v.turn, v.systemBefore, v.first)
}

// failureText says why an answer stopped and that its text so far is kept.
func failureText(t records.Turn) string {
	if t.Status == records.TurnRefused {
		return t.EndSentence() // the reason is the answer above: no text was cut short
	}
	why := t.Error
	if why == "" {
		why = "The answer stopped before it was finished."
	}
	if t.Answer != "" && !strings.Contains(why, "kept") {
		why += " The text received so far is kept above."
	}
	return why
}

// setSources shows the sources as numbered chips, each saying how the answer used it.
func (v *turnView) setSources(t records.Turn) {
	v.sources.RemoveAll()
	if !t.Status.Answered() {
		return
	}
	for _, src := range t.Sources {
		chip := widgets.NewLabelledButton(sourceLabel(src), sourceSaid(src), sourceIcon(src), func() { v.onSource(src) })
		chip.Role, chip.Importance = fyne.AccessibleRoleLink, widget.LowImportance // it goes to the document
		if src.Used {
			chip.Importance = widget.MediumImportance
		}
		v.sources.Add(chip)
	}
}

// maxChipChars is how much of a source's name its chip shows: the chip selects the document,
// whose whole name is in the table and its details.
const maxChipChars = 40

// sourceLabel names a source chip: its number, its name, and how it was used.
func sourceLabel(src client.AnswerSource) string {
	name := bidi.Display(words.Cut(safetext.OneLine(src.Name), maxChipChars)) // a piece of its own in the chip's words
	return fmt.Sprintf("%d  %s · %s", src.Index, name, records.SourceUse(src.Used))
}

// sourceSaid is what a screen reader says of a source chip: its number, its whole name and how it
// was used ("Source 1, quarterly-sales-2026.csv, used").
func sourceSaid(src client.AnswerSource) string {
	return widgets.Spoken(fmt.Sprintf("Source %d", src.Index), safetext.OneLine(src.Name), records.SourceUse(src.Used))
}

func sourceIcon(src client.AnswerSource) fyne.Resource {
	if src.URL != nil && *src.URL != "" {
		return theme.ComputerIcon()
	}
	return theme.FileTextIcon()
}

// setDetails fills the details fold: coverage, warnings, notice, tier, usage and request id.
func (v *turnView) setDetails(t records.Turn) {
	lines := detailLines(t)
	widgets.ShowIf(v.details, len(lines) > 0)
	title := "Details"
	if len(t.Warnings) > 0 {
		title = fmt.Sprintf("Details (%d %s)", len(t.Warnings), words.Plural(len(t.Warnings), "warning"))
	}
	v.detailsB.SetText(title)
	v.facts.SetText(safetext.Text(strings.Join(lines, "\n")))
}

// toggleDetails opens or closes the details fold.
func (v *turnView) toggleDetails() {
	if v.facts.Visible() {
		v.facts.Hide()
		v.detailsB.SetIcon(theme.MenuExpandIcon())
	} else {
		v.facts.Show()
		v.detailsB.SetIcon(theme.MenuDropDownIcon())
	}
	v.resized()
}

// detailLines are the details of an answer, one fact a line.
func detailLines(t records.Turn) []string {
	var out []string
	for _, w := range t.Warnings {
		out = append(out, "Warning: "+records.WarningText(w))
	}
	if t.Notice != "" {
		out = append(out, "Note: "+t.Notice)
	}
	if c := t.Coverage; c != nil {
		out = append(out, coverageLine(c))
	}
	if t.Model != "" {
		out = append(out, "Answered by the "+t.Model+" tier"+thinkingNote(t.Thinking))
	}
	if u := t.Usage; u != nil {
		out = append(out, fmt.Sprintf("Tokens: %d in, %d out", u.InputTokens, u.OutputTokens))
	}
	if t.RequestID != "" {
		out = append(out, "Request id: "+t.RequestID)
	}
	return out
}

// coverageLine says how the answer was made and how many documents it looked at.
func coverageLine(c *client.Coverage) string {
	s := "Made by " + c.Mode
	if c.Mode == "compute" {
		s = "Calculated from the spreadsheet's columns"
	}
	s += fmt.Sprintf("; %d %s checked", c.DocumentsChecked, words.Plural(c.DocumentsChecked, "document"))
	if c.DocumentsUsed != nil {
		s += fmt.Sprintf(", %d used", *c.DocumentsUsed)
	} else {
		s += " (which were used cannot be told when the whole workspace is given)"
	}
	return s
}

func thinkingNote(th *bool) string {
	if th != nil && *th {
		return ", with thinking"
	}
	return ""
}

// toggleSelecting shows the answer as selectable text (to select and copy part of it), or styled
// again.
func (v *turnView) toggleSelecting() {
	on := !v.answer.Selecting()
	v.answer.SetSelecting(on)
	if on {
		v.selectB.SetText("Done selecting")
	} else {
		v.selectB.SetText("Select text")
	}
	v.resized()
}

// resized lets the list measure the turn again: its height may have changed.
func (v *turnView) resized() {
	if v.onResize != nil {
		v.onResize()
	}
}

// copyAnswer puts the answer's Markdown source on the clipboard.
func (v *turnView) copyAnswer() {
	if app := fyne.CurrentApp(); app != nil {
		app.Clipboard().SetContent(v.answer.Text())
		v.copied.Say("Copied")
	}
}
