package conversation

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/dialogs"
	"lectern/ui/markdown"
	"lectern/ui/widgets"
)

// Compare tiers… (issue 31) sends one message to 2–4 tiers at once (a model chat's, or a
// workspace's, and for a workspace question other workspaces) and shows the answers side by side,
// each streaming in a column with its tier, tokens and time. Every answer is a version of the
// message (the same parent); Continue with this one shows that version's branch.

// compareColumnWidth is a column's narrowest width: a window too narrow for every column scrolls
// them sideways rather than squeeze or overlap them.
const compareColumnWidth = 300

// compareChoice is one thing the chooser offers: its words and the answer it asks for.
type compareChoice struct {
	label  string
	target conversations.CompareTarget
}

// An answer from another workspace than the conversation's records which (Turn.WorkspaceID): its
// turn says "Answered from NAME" under the question, and its column says, before Continue with
// this one, that the questions after it still ask the conversation's own workspace.

// showFrom shows, under the question, the workspace that answered when it is not the
// conversation's.
func (v *turnView) showFrom(t records.Turn) {
	widgets.ShowIf(v.from, t.WorkspaceID != "")
	if t.WorkspaceID == "" {
		return
	}
	name := t.WorkspaceID
	if v.workspaceName != nil {
		name = v.workspaceName(t.WorkspaceID)
	}
	v.from.SetText("Answered from " + safetext.OneLine(name))
}

// workspaceName is the name of workspace id as last read (learnNames), else its id.
func (c *Pane) workspaceName(id string) string {
	if name, ok := c.wsNames[id]; ok && name != "" {
		return name
	}
	return id
}

// learnNames keeps the names of the workspaces of list (UI goroutine), for the turns answered
// from another workspace.
func (c *Pane) learnNames(list []records.CachedWorkspace) {
	for _, w := range list {
		c.wsNames[w.WorkspaceID] = w.Name
	}
}

// answeredElsewhere reports whether a turn of turns was answered from another workspace than the
// conversation's, whose name the pane must then know.
func answeredElsewhere(turns []records.Turn) bool {
	return slices.ContainsFunc(turns, func(t records.Turn) bool { return t.WorkspaceID != "" })
}

// followUpNote says, on the column of another workspace's answer, where the questions after it go.
func (c *Pane) followUpNote(target conversations.CompareTarget) string {
	if target.WorkspaceID == "" || c.conv.Kind != records.KindWorkspace {
		return ""
	}
	return fmt.Sprintf("Continuing with this answer keeps it, marked “Answered from %s”; the questions after it still ask %s, "+
		"this conversation's workspace.", safetext.OneLine(c.workspaceName(target.WorkspaceID)), safetext.OneLine(c.ws.Name))
}

// columnTitles names the columns of targets by their labels in the chooser; when the comparison
// spans workspaces, each names its workspace and tier instead ("My documents · Fast"), since the
// chooser's "Tier Fast" did not say which workspace, nor "Workspace …" which tier.
func (c *Pane) columnTitles(targets []conversations.CompareTarget, labels []string) []string {
	spans := slices.ContainsFunc(targets, func(t conversations.CompareTarget) bool { return t.WorkspaceID != "" })
	if !spans {
		return labels
	}
	titles := make([]string, len(targets))
	for i, t := range targets {
		name := c.ws.Name
		if t.WorkspaceID != "" {
			name = c.workspaceName(t.WorkspaceID)
		}
		titles[i] = safetext.OneLine(name) + " · " + tierName(t.Tier)
	}
	return titles
}

// tierName is how a workspace tier is shown: "fast" as Fast.
func tierName(tier string) string {
	if tier == "" {
		return ""
	}
	return strings.ToUpper(tier[:1]) + tier[1:]
}

// CompareTiers asks what to compare (the chooser), then compares (Compare tiers…).
func (c *Pane) CompareTiers() {
	if err := c.canCompare(); err != nil {
		c.errs.SetError(err)
		return
	}
	go func() {
		choices, list := c.compareChoices()
		c.lf.Do(func() {
			c.learnNames(list)
			c.chooseCompare(choices)
		})
	}()
}

// canCompare refuses a comparison while an answer streams, or in a conversation of another kind.
func (c *Pane) canCompare() error {
	switch {
	case c.streaming != nil || c.comparing != nil:
		return explain.Checkf("Wait for the answer to end, or stop it, to compare answers.")
	case c.conv.Kind == records.KindModel && c.conv.ID != 0, c.conv.Kind == records.KindWorkspace && c.ws.WorkspaceID != "":
		return nil
	}
	return explain.Checkf("Answers are compared in model chats and workspace conversations; open one of those.")
}

// compareChoices are the tiers of the conversation (a model chat's, read from the server; a
// workspace's three) and, for a workspace question, the other workspaces, asked at the tier
// picked above the question box (off the UI goroutine: the workspaces are read from the cache,
// and returned for their names).
func (c *Pane) compareChoices() ([]compareChoice, []records.CachedWorkspace) {
	var out []compareChoice
	if c.conv.Kind == records.KindModel {
		for _, t := range c.model.tiers {
			out = append(out, compareChoice{label: "Tier " + t.Name, target: conversations.CompareTarget{Tier: t.Name}})
		}
		return out, nil
	}
	for _, t := range c.tier.Options {
		out = append(out, compareChoice{label: "Tier " + t, target: conversations.CompareTarget{Tier: strings.ToLower(t)}})
	}
	list, _ := c.b.CachedWorkspaces(c.lf.Ctx)
	for _, w := range list {
		if w.WorkspaceID != c.ws.WorkspaceID {
			out = append(out, compareChoice{label: "Workspace " + safetext.OneLine(w.Name),
				target: conversations.CompareTarget{Tier: strings.ToLower(c.tier.Selected), WorkspaceID: w.WorkspaceID}})
		}
	}
	return out, list
}

// chooseCompare shows the chooser: the message (the question box's text) and the tiers and
// workspaces, of which 2 to 4 are ticked (the first two at first).
func (c *Pane) chooseCompare(choices []compareChoice) {
	labels := make([]string, len(choices))
	for i, ch := range choices {
		labels[i] = ch.label
	}
	ticks := widgets.NewCheckList(labels, labels[:min(2, len(labels))])
	msg := widgets.NewMultiLineEntry("Message to compare")
	msg.SetText(c.input.Text)
	msg.SetPlaceHolder("The message sent to each")
	msg.SetMinRowsVisible(3)
	note := widget.NewLabel(fmt.Sprintf("Tick %d to %d: each answers the same message, side by side.",
		conversations.CompareMin, conversations.CompareMax))
	note.Wrapping = fyne.TextWrapWord
	form := container.NewBorder(container.NewVBox(msg, note), nil, nil, nil, container.NewVScroll(ticks.Box))
	d := dialog.NewCustomConfirm("Compare tiers", "Compare", "Cancel", form, func(ok bool) {
		if !ok {
			return
		}
		var targets []conversations.CompareTarget
		for i, ch := range ticks.Checks {
			if ch.Checked {
				targets = append(targets, choices[i].target)
			}
		}
		if n := len(targets); n < conversations.CompareMin || n > conversations.CompareMax {
			c.errs.SetError(explain.Checkf("Choose %d to %d tiers or workspaces to compare; %d were ticked.",
				conversations.CompareMin, conversations.CompareMax, n))
			return
		}
		if err := conversations.CheckMessage(msg.Text); err != nil {
			c.errs.SetError(err)
			return
		}
		c.compare(msg.Text, targets, ticks.Selected())
	}, c.win)
	d.Resize(fyne.NewSize(480, 420))
	dialogs.Show(d, c.win)
	c.win.Canvas().Focus(msg)
}

// comparison is a comparison shown: its columns and the dialog that holds them.
type comparison struct {
	columns []*compareColumn
	dialog  dialog.Dialog
	stop    *widget.Button
	convID  int64
}

// compareColumn is one answer of a comparison.
type compareColumn struct {
	title  *widget.Label
	answer *markdown.View
	facts  *widget.Label // "Answering… 3 s", or its tokens and time, or why it failed
	note   *widget.Label // another workspace's column: where the questions after it go
	choose *widget.Button
	box    fyne.CanvasObject
	turnID int64
	sent   time.Time
	ended  bool
}

// compare sends text to targets, named labels, and shows the columns.
func (c *Pane) compare(text string, targets []conversations.CompareTarget, labels []string) {
	cmp := &comparison{convID: c.conv.ID}
	grid := container.NewGridWithColumns(max(len(targets), 1))
	for i, l := range c.columnTitles(targets, labels) {
		col := c.newCompareColumn(cmp, l, c.followUpNote(targets[i]))
		cmp.columns = append(cmp.columns, col)
		grid.Add(col.box)
	}
	cmp.stop = widget.NewButtonWithIcon("Stop all", theme.MediaStopIcon(), func() { c.stopCompare(cmp) })
	closeB := widget.NewButton("Close", func() { cmp.dialog.Hide() })
	bar := container.NewHBox(cmp.stop, closeB)
	body := container.NewBorder(nil, container.NewCenter(bar), nil, nil, container.NewHScroll(grid))
	cmp.dialog = dialog.NewCustomWithoutButtons("Compare: "+safetext.OneLine(words.Cut(text, 60)), body, c.win)
	cmp.dialog.SetOnClosed(func() { c.endCompare(cmp) })
	size := c.win.Canvas().Size()
	cmp.dialog.Resize(fyne.NewSize(size.Width*0.94, size.Height*0.9))
	c.comparing = cmp
	dialogs.Show(cmp.dialog, c.win)
	conv, ws := c.conv, c.ws
	go func() {
		if conv.ID == 0 { // a new workspace conversation is saved with its first question
			saved, err := c.store.Versions.New(c.lf.Ctx, ws.WorkspaceID, conv.DocumentID, "")
			if err != nil {
				c.lf.Do(func() { c.compareFailed(cmp, err) })
				return
			}
			conv = saved
			c.lf.Do(func() {
				if c.conv.ID == 0 && c.ws.WorkspaceID == ws.WorkspaceID {
					c.conv, cmp.convID = saved, saved.ID
				}
			})
		}
		results, err := c.store.Versions.Compare(c.lf.Ctx, conv.ID, text, targets, func(i int, ev events.TurnChanged) {
			c.lf.Do(func() { cmp.columns[i].update(ev, c.lf.Now()) })
		})
		c.lf.Do(func() {
			if err != nil {
				c.compareFailed(cmp, err)
				return
			}
			for i, r := range results {
				cmp.columns[i].finish(r, c.b.Explain, c.lf.Now())
			}
			cmp.stop.Disable()
		})
	}()
}

// newCompareColumn makes a column titled label; note, when set, says what Continue with this one
// leaves as it is (followUpNote).
func (c *Pane) newCompareColumn(cmp *comparison, label, note string) *compareColumn {
	col := &compareColumn{title: widget.NewLabel(label), answer: markdown.NewView(), facts: widget.NewLabel("Waiting for the answer…"),
		note: widget.NewLabel(note), sent: c.lf.Now()}
	col.title.TextStyle = fyne.TextStyle{Bold: true}
	col.title.Truncation = fyne.TextTruncateEllipsis
	col.facts.Wrapping, col.note.Wrapping = fyne.TextWrapWord, fyne.TextWrapWord
	col.note.TextStyle = fyne.TextStyle{Italic: true}
	widgets.ShowIf(col.note, note != "")
	col.choose = widget.NewButtonWithIcon("Continue with this one", theme.ConfirmIcon(), func() { c.continueWith(cmp, col) })
	col.choose.Disable()
	col.box = container.New(minWidth(compareColumnWidth), container.NewBorder(col.title, container.NewVBox(col.facts, col.note, col.choose),
		nil, nil, container.NewVScroll(col.answer)))
	return col
}

// minWidth is a stack at least w wide.
type minWidth float32

// Layout gives every object the whole size.
func (minWidth) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is the objects' own, at least w wide.
func (w minWidth) MinSize(objects []fyne.CanvasObject) fyne.Size {
	size := fyne.NewSize(float32(w), 0)
	for _, o := range objects {
		size = size.Max(o.MinSize())
	}
	return size
}

// update shows one change of the column's answer (UI goroutine).
func (col *compareColumn) update(ev events.TurnChanged, now time.Time) {
	if col.ended {
		return
	}
	col.turnID = ev.TurnID
	if ev.Status == records.TurnPending && ev.Text != "" {
		col.answer.SetText(safetext.Text(ev.Text))
	}
	col.facts.SetText("Answering… " + seconds(now.Sub(col.sent)))
}

// seconds is d in seconds, to the tenth: the time an answer took, to compare with the others'.
func seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

// finish shows how the column's answer ended: its text, tokens and time, or why it failed.
func (col *compareColumn) finish(r conversations.CompareResult, explainErr func(error) explain.Explanation, now time.Time) {
	col.ended, col.turnID = true, r.Turn.ID
	t := r.Turn
	switch {
	case t.Status.Answered():
		col.answer.SetFinal(safetext.Text(t.Answer))
	case t.Answer != "":
		col.answer.SetCut(safetext.Text(t.Answer))
	}
	var facts []string
	if t.Model != "" {
		facts = append(facts, t.Model)
	}
	if u := t.Usage; u != nil {
		facts = append(facts, fmt.Sprintf("%d tokens in, %d out", u.InputTokens, u.OutputTokens))
	}
	facts = append(facts, seconds(now.Sub(col.sent)))
	if r.Err != nil {
		facts = append(facts, explainErr(r.Err).Sentence)
	}
	col.facts.SetText(strings.Join(facts, " · "))
	if t.ID != 0 {
		col.choose.Enable()
	}
}

// compareFailed shows an error that ended the whole comparison (nothing was sent).
func (c *Pane) compareFailed(cmp *comparison, err error) {
	for _, col := range cmp.columns {
		col.ended = true
		col.facts.SetText(c.b.Explain(err).Sentence)
	}
	cmp.stop.Disable()
}

// stopCompare stops every answer of the comparison still coming.
func (c *Pane) stopCompare(cmp *comparison) {
	for _, col := range cmp.columns {
		if col.turnID != 0 && !col.ended {
			c.store.Answers.Stop(col.turnID)
		}
	}
}

// continueWith shows the branch of col's answer in the conversation and closes the comparison.
func (c *Pane) continueWith(cmp *comparison, col *compareColumn) {
	id := col.turnID
	go func() {
		turns, err := c.store.Versions.ShowBranch(c.lf.Ctx, id)
		c.lf.Do(func() {
			c.errs.SetError(err)
			if err == nil && c.conv.ID == cmp.convID {
				c.showTurns(turns)
				c.scrollToEnd()
			}
			cmp.dialog.Hide()
		})
	}()
}

// endCompare ends a comparison closed: its answers still coming are stopped, and the turns of
// the conversation are read again (the answer saved last is the branch shown, unless Continue
// with this one chose another).
func (c *Pane) endCompare(cmp *comparison) {
	if c.comparing != cmp {
		return
	}
	c.comparing = nil
	c.stopCompare(cmp)
	if c.conv.ID != cmp.convID {
		return
	}
	id := cmp.convID
	go func() {
		turns, err := c.store.Answers.Turns(c.lf.Ctx, id)
		c.lf.Do(func() {
			if c.conv.ID == id && err == nil {
				c.showTurns(turns)
				c.scrollToEnd()
			}
		})
	}()
}
