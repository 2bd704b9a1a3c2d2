// Package conversation is the conversation, the window's main area (the turns in a virtualised list,
// the scope, tier and thinking pickers, the question box) and the list of a workspace's
// conversations with its search, rename, export and delete.
package conversation

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	appask "lectern/app/ask"
	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/settings"
	"lectern/client"
	"lectern/ui/errview"
	"lectern/ui/internal/life"
	"lectern/ui/internal/work"
	"lectern/ui/markdown"
	"lectern/ui/widgets"
)

// frameInterval is a frame of a 60 Hz screen: a file's progress is redrawn at most that often.
const frameInterval = 16 * time.Millisecond

// Pane is the conversation, the window's main area: the turns so far in a virtualised list (each
// turn's objects built when it is first shown), the scope, tier and thinking pickers, and the
// question box. Asking runs in a goroutine of its own; the answer's deltas are coalesced to the
// frame rate and drawn by the turn's incremental Markdown view.
type Pane struct {
	b     Core
	store Store
	lf    life.Life
	win   fyne.Window

	ws    records.CachedWorkspace
	conv  records.Conversation // ID 0: a new conversation, saved with its first question
	turns []records.Turn
	views map[int64]*turnView
	// wsNames are the workspaces' names by id as last read, for the turns answered from another
	// workspace than the conversation's (compare.go).
	wsNames map[string]string
	// comparing is the comparison shown (Compare tiers…, compare.go), nil when none.
	comparing *comparison

	picker   *scopePicker
	askBar   *fyne.Container // the workspace's pickers (scope, tier and thinking) and the scope's note
	tier     *widgets.Select
	think    *widgets.Check
	list     *widget.List
	intro    *widget.Label
	introBox *container.Scroll // the intro's scroll over the turns, shown and hidden with the intro
	held     bool              // HoldIntro: the intro stays hidden until ShowIntro or another conversation
	input    *widgets.Composer
	send     *widget.Button
	stop     *widget.Button
	jump     *widget.Button
	jumpBar  *fyne.Container // jump on a line above the question box, shown while the reader is scrolled away
	errs     *errview.View
	bar      *fyne.Container             // the pickers' line, the window's buttons at its end (AddToBar)
	model    *modelBar                   // the controls of a conversation with a model, hidden in other kinds
	assist   *assistBar                  // the controls of a conversation with the assistant, hidden in other kinds
	files    FileTools                   // the core's file tools (PDF, OCR, downloads), nil when the store has none
	notify   func(title, content string) // an OS notification (tests replace it)
	editing  int64                       // the turn the question box edits, 0 when it asks anew
	drafts   draftKeeper                 // each conversation's draft, kept in the store (drafts.go)
	filling  bool                        // the pane itself is putting text in the box: no draft
	noFiles  bool                        // the workspace shown takes no files (SetTakesFiles)
	dropped  *widgets.Toast              // says that files dropped went to the next message (drops.go)
	root     fyne.CanvasObject

	streaming  *streamState                         // the answer streaming in the conversation shown, nil when none
	consents   map[string]*consentAsk               // the core's questions waiting on a card, by call id
	askCards   map[string]*widgets.FunctionCallCard // the cards of calls waiting for consent, by call id
	follow     bool                                 // keep the newest turn in view while it grows
	marked     int64                                // the turn opened from a search, marked a moment (mark.go)
	autoAt     float32                              // the scroll offset the pane itself last scrolled to
	endQueued  bool                                 // a scroll to the newest turn waits for the rows being measured
	keyed      bool                                 // a key came in the question box since the last frame (inputSeen)
	seenAt     float32                              // the list's scroll offset at the last frame, or the pane's last scroll
	rowHeights map[int]float32                      // the heights given to the list's rows, by index, as the list keeps them
	fontsWarm  bool                                 // the answers' fonts are loaded (markdown.WarmFonts, on the first question)

	// OnSource is called when a source chip is tapped (the window selects the document).
	OnSource func(src client.AnswerSource)
	// OnSourceIn is called when a source chip of a workspace a model consulted is tapped (the
	// window shows that workspace's documents and selects the document).
	OnSourceIn func(workspaceID string, src client.AnswerSource)
	// OnSaved is called with the conversation shown when its first question is saved (a new
	// conversation) and again when an answer in it ends.
	OnSaved func(conv records.Conversation)
	// OnShown, when set, is called after a saved conversation's turns are shown (start-up trace).
	OnShown func(turns int)
	// Work, when set, is told of each answer streaming and each OCR job followed (the tray lists
	// them; the window tells the person through the OS when one ends out of sight).
	Work *work.Board
}

// streamState is the answer streaming now: its turn and the latest stage, shared with the asking
// goroutine, and the coalescer that hands its text to the UI goroutine once a frame.
type streamState struct {
	mu        sync.Mutex
	turnID    int64
	w         progress      // what the stage line says (wait.go)
	ended     chan struct{} // closed when the answer ended
	text      *markdown.Coalescer
	replaces  int64                // the edited turn the new one replaces, 0 when none
	question  string               // what was asked, given back to the box when it is refused before being sent
	images    []records.Image      // the images sent with it (a model chat), given back with the question
	files     []records.Attachment // the files sent with it (the assistant), shown on the turn, given back
	fileTexts []records.FileText   // the texts of files sent with it (a model chat), given back with the question
}

// Core is what the conversation views use of the application core; *app.App implements it.
type Core interface {
	Settings() settings.Settings
	Explain(err error) explain.Explanation
	Connection() connection.Connection
	Ask(ctx context.Context, q appask.Question, opts conversations.AskOptions) (records.Turn, error)
	CachedWorkspaces(ctx context.Context) ([]records.CachedWorkspace, error)
	Functions() []client.FunctionTool // offered to a model (demo mode offers one)
	// ToolWorkspaces lists the workspaces the assistant may be pinned to (GET /workspaces).
	ToolWorkspaces(ctx context.Context) ([]client.ToolWorkspace, error)
}

// Answers is how the pane asks, the same for every kind of conversation; *app.Conversations is
// one.
type Answers interface {
	Turns(ctx context.Context, conversationID int64) ([]records.Turn, error)
	Send(ctx context.Context, conversationID int64, m conversations.Message, opts conversations.AskOptions) (records.Turn, error)
	Retry(ctx context.Context, turnID int64, opts conversations.AskOptions) (records.Turn, error)
	Resend(ctx context.Context, turnID int64, text string, opts conversations.AskOptions) (records.Turn, error)
	Stop(turnID int64) bool
	// ShowTurn makes the conversation show the branch that holds turnID.
	ShowTurn(ctx context.Context, conversationID, turnID int64) error
	// TurnImages returns the images a turn sent, with their bytes.
	TurnImages(ctx context.Context, turnID int64) ([]records.Image, error)
}

// Lists is what the conversation list does with the saved conversations; *app.Conversations is
// one.
type Lists interface {
	List(ctx context.Context, workspaceID string) ([]records.Conversation, error)
	ListAll(ctx context.Context, f records.ListFilter) ([]records.Conversation, error)
	Pin(ctx context.Context, id int64) error
	Unpin(ctx context.Context, id int64) error
	Rename(ctx context.Context, id int64, title string) error
	Export(ctx context.Context, id int64, path string) error
	Delete(ctx context.Context, id int64) error
	Search(ctx context.Context, text string) ([]records.SearchHit, error)
	Untouched(ctx context.Context, kind records.ConversationKind, tier string) (records.Conversation, bool, error)
}

// Versions are a question's versions (an edit, a Retry, a comparison's answers) and the
// comparison that makes several at once; *app.Conversations is one.
type Versions interface {
	// SwitchBranch shows another version of a turn, step places from it, and returns the turns
	// now shown; ShowBranch shows the branch through a turn (Continue with this one).
	SwitchBranch(ctx context.Context, turnID int64, step int) ([]records.Turn, error)
	ShowBranch(ctx context.Context, turnID int64) ([]records.Turn, error)
	Compare(ctx context.Context, conversationID int64, text string, targets []conversations.CompareTarget,
		onUpdate func(i int, ev events.TurnChanged)) ([]conversations.CompareResult, error)
	// New saves a workspace conversation before its first question (one compared).
	New(ctx context.Context, workspaceID, documentID, title string) (records.Conversation, error)
}

// Generator makes a file in a model chat (POST /generate); *app.Conversations is one.
type Generator interface {
	Generate(ctx context.Context, conversationID int64, prompt string, opts conversations.AskOptions) (records.Turn, error)
}

// Store is the saved conversations as the pane and the list use them, each part a small
// interface; StoreOf makes one of the core's conversations.
type Store struct {
	Answers    Answers
	Versions   Versions
	Lists      Lists
	Models     ModelChats
	Library    Library
	Assistants Assistants
	Files      Generator
	Tools      Tools
	Drafts     Drafts
	FileTools  FileTools  // nil: no PDF, OCR or downloads in model chats
	MCP        MCPServers // nil: no MCP servers to offer
	// Projects are the folders of the list; nil shows none. ProjectChats starts a chat in one.
	Projects     Projects
	ProjectChats ProjectChats
}

// StoreOf is the Store of the core a: its conversations, the answerers of model chats and of the
// assistant, and the file tools.
func StoreOf(a *app.App) Store {
	c, m := a.Conversations(), a.Models()
	return Store{Answers: c, Versions: c, Lists: c, Models: m, Library: m, Assistants: a.Assistant(), Files: m, Tools: m, Drafts: c,
		FileTools: a.Tools(), MCP: m.MCPServers(), Projects: c, ProjectChats: m}
}

// New makes the pane, showing no workspace, over the core b and its conversations store.
func New(lf life.Life, b Core, store Store, win fyne.Window) *Pane {
	c := &Pane{b: b, store: store, lf: lf, win: win, views: map[int64]*turnView{}, follow: true, wsNames: map[string]string{},
		rowHeights: map[int]float32{}, consents: map[string]*consentAsk{}, askCards: map[string]*widgets.FunctionCallCard{},
		intro: widget.NewLabel(""), input: widgets.NewComposer(), errs: errview.New(b.Explain), dropped: widgets.NewToast(lf.Do)}
	c.files = store.FileTools
	c.drafts = draftKeeper{store: store.Drafts, ctx: lf.Ctx}
	c.notify = osNotify
	c.model = newModelBar(c, store, b.Functions())
	c.assist = newAssistBar(c)
	c.picker = newScopePicker(c.scopeChanged)
	c.tier = widgets.NewSelect("Tier", []string{"Fast", "Smart", "Genius"}, nil)
	c.think = widgets.NewCheck("Thinking", nil)
	c.intro.Wrapping, c.intro.Alignment = fyne.TextWrapWord, fyne.TextAlignCenter
	c.intro.TextStyle = fyne.TextStyle{Italic: true} // the normal text colour: low importance is too pale in the light theme
	c.list = widget.NewList(func() int { return len(c.turns) }, func() fyne.CanvasObject { return newTurnRow(c.readClicked) },
		c.updateRow)
	c.list.HideSeparators = true
	c.input.OnSend, c.input.OnEscape = c.sendQuestion, c.StopAnswer
	c.input.OnKey = func() { c.keyed = true }
	c.input.OnChanged = func(text string) {
		c.draftChanged(text)
		if c.conv.Kind == records.KindModel {
			c.model.meter.changed()
		}
	}
	c.send = widget.NewButtonWithIcon("Ask", theme.MailSendIcon(), c.sendQuestion)
	c.send.Importance = widget.HighImportance
	c.stop = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), c.StopAnswer)
	c.jump = widget.NewButtonWithIcon("Jump to latest", theme.MoveDownIcon(), c.jumpToLatest)
	// A line of its own above the question box: laid over the turns it hid the buttons of the
	// lowest one (Edit, Retry) at the moment the reader had scrolled to reach them.
	c.jumpBar = container.NewCenter(c.jump)
	c.jumpBar.Hide() // until the reader scrolls up from a growing answer (refit, showJump)
	c.root = c.layout()
	c.applyDefaults()
	c.showIdle()
	return c
}

func (c *Pane) layout() fyne.CanvasObject {
	// Both always show a choice, so their least width need not hold the placeholder's words: the
	// scope's is the least, the tier's its longest name. The scope gets the room to show its
	// choice first (the window's Documents button shows only its icon when there is no more).
	c.picker.sel.PlaceHolder, c.tier.PlaceHolder = " ", "Genius"
	c.bar = container.New(&widgets.FitRow{Want: c.picker.wantWidth}, c.picker.sel, c.tier, c.think)
	c.askBar = container.NewVBox(c.bar, c.picker.note)
	top := container.NewVBox(c.askBar, c.model.top, c.assist.top)
	// In a scroll, so that a short window can have the two lines the intro wraps to at a narrow width.
	// The scroll is hidden with the intro: left over the turns, it took the mouse wheel from them.
	c.introBox = container.NewVScroll(container.NewPadded(container.NewVBox(layout.NewSpacer(), c.intro, layout.NewSpacer())))
	c.showIntroIf(false) // until a conversation is shown empty (showTurns)
	// The visible turns are measured again at a new width: their wrapped text changes its height.
	turns := container.New(&widthWatch{changed: c.list.Refresh, heightChanged: c.keepEnd}, c.list, c.introBox)
	buttons := container.NewVBox(c.send, c.stop, c.model.attach, c.assist.attach)
	bottom := container.NewVBox(c.jumpBar, c.model.tools.box, c.model.images.box, c.model.files.box, c.assist.files.box, c.dropped.Label, c.errs.Box,
		container.NewBorder(nil, nil, nil, buttons, c.input), c.model.meter.box)
	return widgets.Border(container.NewPadded(top), container.NewPadded(bottom), nil, nil, turns)
}

// applyDefaults sets the tier and thinking from the settings.
func (c *Pane) applyDefaults() {
	s := c.b.Settings()
	tier := s.DefaultTier
	if tier == "" {
		tier = "fast"
	}
	c.tier.SetSelected(tierName(tier))
	c.think.SetChecked(s.Thinking)
}

// SetWorkspace asks ws from now on, starting a new conversation when the workspace changed.
func (c *Pane) SetWorkspace(ws records.CachedWorkspace) {
	changed := ws.WorkspaceID != c.ws.WorkspaceID
	c.ws = ws
	if changed {
		c.picker.setDocuments(nil)
		c.newConversation()
	}
}

// SetDocuments offers the documents of ws as scopes, when ws is the workspace asked.
func (c *Pane) SetDocuments(ws records.CachedWorkspace, docs []client.Document) {
	if ws.WorkspaceID == c.ws.WorkspaceID {
		c.picker.setDocuments(docs)
	}
}

// detach leaves the answer streaming in the conversation shown to go on in the background: the
// core saves it when it ends; the pane no longer draws it.
func (c *Pane) detach() {
	c.streaming = nil
	c.refuseAll() // no card is left to ask on
}

// NewConversation empties the pane for a new conversation in the current workspace and scope.
func (c *Pane) NewConversation() {
	c.held = false
	c.newConversation()
}

// newConversation is NewConversation, the intro held if it was (SetWorkspace).
func (c *Pane) newConversation() {
	c.detach()
	c.leaveDraft()
	c.conv = records.Conversation{Kind: records.KindWorkspace, WorkspaceID: c.ws.WorkspaceID, DocumentID: c.picker.documentID()}
	c.showDraft()
	c.showTurns(nil)
	c.cancelEdit()
	c.errs.SetError(nil)
	c.showKind()
	c.showIdle()
}

// NewModelChat empties the pane for a new conversation with a model: the default tier, no system
// prompt, the presets offered. It is saved with its first message.
func (c *Pane) NewModelChat() {
	c.held = false
	c.detach()
	c.leaveDraft()
	c.conv = records.Conversation{Kind: records.KindModel, Model: c.store.Models.DefaultTier()}
	c.showTurns(nil)
	c.cancelEdit()
	c.errs.SetError(nil)
	c.showKind()
	c.showIdle()
}

// showKind shows the controls of the conversation's kind: the workspace's pickers, the model's
// (its tier, system prompt, images and context meter) or the assistant's (its workspace, files).
func (c *Pane) showKind() {
	kind := c.conv.Kind
	widgets.ShowIf(c.askBar, c.conv.AsksWorkspace())
	c.send.SetText("Send")
	c.model.hide()
	c.assist.hide()
	switch kind {
	case records.KindModel:
		c.model.show(c.conv)
	case records.KindAssistant:
		c.assist.show(c.conv)
	default:
		c.send.SetText("Ask")
	}
}

// Open shows a saved conversation, at turn atTurn when it is not 0 (else at its newest turn): its
// turns are read off the UI goroutine.
func (c *Pane) Open(conv records.Conversation, atTurn int64) {
	c.held = false
	c.detach()
	c.leaveDraft()
	c.conv = conv
	c.showDraft()
	c.picker.choose(conv.DocumentID)
	c.cancelEdit()
	c.showKind()
	go func() {
		var err error
		if atTurn != 0 {
			err = c.store.Answers.ShowTurn(c.lf.Ctx, conv.ID, atTurn) // a turn on a branch out of sight
		}
		turns, terr := c.store.Answers.Turns(c.lf.Ctx, conv.ID)
		var names []records.CachedWorkspace
		if answeredElsewhere(turns) {
			names, _ = c.b.CachedWorkspaces(c.lf.Ctx) // without them, a turn names its workspace by id
		}
		c.lf.Do(func() {
			if c.conv.ID != conv.ID {
				return
			}
			c.learnNames(names)
			c.errs.SetError(errors.Join(err, terr))
			c.showTurns(turns)
			if conv.Kind == records.KindModel && len(turns) == 0 {
				c.model.setBegun(false) // saved by New model chat: its setup is still to choose
			}
			if conv.Kind == records.KindAssistant {
				c.assist.setBegun(len(turns) > 0) // its workspace is chosen until the first message
			}
			c.showIdle()
			if i := c.index(atTurn); i >= 0 {
				c.follow = false
				c.list.ScrollTo(i)
				c.markTurn(atTurn)
			}
			if c.OnShown != nil {
				c.OnShown(len(turns))
			}
		})
	}()
}

// showTurns replaces the turns shown; their views are built when first shown. The rows get
// estimated heights while the list is empty (SetItemHeight lays the list out each time: with no
// rows that costs nothing), then one refresh shows the newest turns.
func (c *Pane) showTurns(turns []records.Turn) {
	c.turns, c.views = nil, map[int64]*turnView{}
	for i := range turns {
		c.setRowHeight(i, c.estimateHeight(turns[i]))
	}
	c.turns, c.follow = turns, true
	c.list.Refresh()
	c.intro.SetText(c.introText())
	c.showIntroIf(len(turns) == 0)
	c.showJump(false)
	c.scrollToEnd()
}

// HoldIntro keeps the intro of an empty conversation hidden while the last conversation of
// workspace ws is looked up: the window calls it before SetWorkspace, and the lookup then opens
// that conversation (Open) or calls ShowIntro. Shown even for a moment, the intro flashed before
// the conversation came, and at start-up it was the only italic text: showing its scroll measures
// it, and Fyne loads the fonts of a text style on its first use (its own font, the emoji and
// symbol fonts and a system fallback, about 8.5 MB for each style). A conversation already open
// in ws stays as it is.
func (c *Pane) HoldIntro(ws string) {
	if c.conv.ID == 0 || ws != c.ws.WorkspaceID {
		c.held = true
		c.showIntroIf(false)
	}
}

// ShowIntro shows the intro when the conversation shown has no turns (after HoldIntro).
func (c *Pane) ShowIntro() {
	c.held = false
	c.showIntroIf(len(c.turns) == 0)
}

// showIntroIf shows or hides the intro and its scroll; held, it stays hidden.
func (c *Pane) showIntroIf(on bool) {
	on = on && !c.held
	widgets.ShowIf(c.intro, on)
	widgets.ShowIf(c.introBox, on)
}

// introText invites the first question of a new conversation.
func (c *Pane) introText() string {
	switch c.conv.Kind {
	case records.KindModel:
		return "Write your first message to the model. Choose its tier, a preset or a system prompt above first, if you like. " +
			c.DropHint()
	case records.KindAssistant:
		return "Write your first message to the assistant. It picks its tools itself and reads the files you attach " +
			"(audio, video, PDF, Word, Excel, PowerPoint, text and email files): press Attach, or drop them on the window. " +
			"They go with your next message; they are not added to a workspace."
	}
	if c.ws.WorkspaceID == "" {
		return "Choose a workspace on the left, then ask a question about its documents."
	}
	return "Ask a question about " + c.picker.scopeName(c.ws.Name) + ". The answer comes only from its documents, with its sources. " +
		c.DropHint()
}

// updateRow puts turn i's view (built now if it is the first time) into a list row.
func (c *Pane) updateRow(i widget.ListItemID, row fyne.CanvasObject) {
	if i >= len(c.turns) {
		return
	}
	v := c.view(i)
	box := row.(*fyne.Container) // newTurnRow: the tapSink, the mark, then the turn
	if len(box.Objects) != 3 || box.Objects[2] != v.row {
		box.Objects = []fyne.CanvasObject{box.Objects[0], box.Objects[1], v.row}
	}
	c.paintMark(box.Objects[1].(*canvas.Rectangle), c.turns[i].ID)
	c.measure(i, v, row.Size().Width)
}

// view returns the view of turn i, building it the first time.
func (c *Pane) view(i int) *turnView {
	t := c.turns[i]
	if v, ok := c.views[t.ID]; ok {
		return v
	}
	v := newTurnView(t, turnCallbacks{retry: c.retryTurn, edit: c.editTurn, branch: c.switchBranch, source: c.sourceTapped, link: c.linkTapped,
		do: c.lf.Do, sourceIn: c.sourceInTapped, consent: c.cardAsks, file: c.OfferFile, stop: c.StopAnswer, now: c.lf.Now,
		workspaceName: c.workspaceName})
	v.answer.SetSight(func() (float32, float32, bool) { return c.answerSight(v) })
	v.answer.Frame = c.lf.Frame // a long code block is coloured a few lines a frame
	v.onResize = func() {
		v.fitWidth = 0
		if i := c.index(t.ID); i >= 0 {
			c.measure(i, v, 0)
			c.list.RefreshItem(i)
		}
	}
	if i > 0 {
		v.follows(&c.turns[i-1])
	}
	if len(t.Images) > 0 {
		c.loadImages(v)
	}
	c.views[t.ID] = v
	return v
}

// loadImages shows the images turn view v's message sent, read from the database off the UI
// goroutine.
func (c *Pane) loadImages(v *turnView) {
	id := v.turn.ID
	go func() {
		images, err := c.store.Answers.TurnImages(c.lf.Ctx, id)
		c.lf.Do(func() {
			if err != nil {
				c.errs.SetError(err)
				return
			}
			v.model.showImages(images)
			v.resized()
		})
	}()
}

// measure sets row i's height to what view v needs at width w. Wrapped text knows its height only
// once it has its width, so the view is laid out at that width until its height settles. A view
// already measured at that width, and unchanged since, is not measured again (scrolling shows
// rows that were measured before).
func (c *Pane) measure(i int, v *turnView, w float32) {
	if w <= 0 {
		w = c.list.Size().Width
	}
	if v.fitWidth == w {
		return
	}
	v.fitWidth = w
	pad := 2 * theme.Padding()
	h := v.root.MinSize().Height
	for range 3 {
		v.root.Resize(fyne.NewSize(w-pad, h))
		next := v.root.MinSize().Height
		if next == h {
			break
		}
		h = next
	}
	v.root.Layout.Layout(v.root.Objects, v.root.Size()) // again, with the heights its wrapped text now knows
	// The row's padding around it too: a row put in a list row that was not resized kept its
	// size of 0, and the next layout of the turn (when a part of it changed its size) laid it
	// out at a width of less than 0, its text over the parts under it (issue 35).
	v.row.Resize(fyne.NewSize(w, h+pad))
	c.setRowHeight(i, h+pad)
	c.keepEnd()
}

// keepEnd scrolls to the newest turn again, once the rows measured in this layout pass have
// their heights, while the view follows it: a conversation opens scrolled to the estimated
// heights, and the measured ones would leave it part-way up (issue 20).
func (c *Pane) keepEnd() {
	if !c.follow || c.endQueued {
		return
	}
	c.endQueued = true
	c.lf.Do(func() {
		c.endQueued = false
		if c.scrolledAway() { // the wheel came between the measure and this: it wins
			c.follow = false
			c.showJump(true)
		}
		if c.follow {
			c.scrollToEnd()
		}
	})
}

// estimateHeight guesses the height of a turn not built yet, so that the scroll bar is about right
// before it is shown: its lines of text at the list's width.
func (c *Pane) estimateHeight(t records.Turn) float32 {
	w := max(c.list.Size().Width, 300)
	perLine := int(w / (theme.TextSize() * 0.55))
	lines := 3 // question, actions, spacing
	for _, para := range strings.Split(t.Question+"\n"+t.Answer, "\n") {
		lines += 1 + len([]rune(para))/max(perLine, 1)
	}
	return float32(lines) * (theme.TextSize() + theme.InnerPadding())
}

// showIdle shows the question box ready for a question, and the intro of an empty conversation.
func (c *Pane) showIdle() {
	asking := c.streaming != nil
	widgets.ShowIf(c.stop, asking)
	widgets.ShowIf(c.send, !asking)
	if c.ws.WorkspaceID == "" && c.conv.Kind == records.KindWorkspace {
		c.input.Disable()
	} else {
		c.input.Enable()
	}
}

func (c *Pane) scopeChanged() {
	if len(c.turns) > 0 && c.picker.documentID() != c.conv.DocumentID {
		c.NewConversation() // a conversation keeps its scope: another scope starts another one
	}
	c.conv.DocumentID = c.picker.documentID()
	c.intro.SetText(c.introText())
}

// AskDocument starts a conversation about one document (from the documents table).
func (c *Pane) AskDocument(doc client.Document) {
	if !c.picker.choose(doc.DocumentID) {
		return
	}
	c.scopeChanged()
	c.win.Canvas().Focus(c.input)
}

// FocusInput puts the keyboard in the question box.
func (c *Pane) FocusInput() { c.win.Canvas().Focus(c.input) }

// readClicked keeps the keyboard in the question box after a click on a turn's read-only text:
// Fyne takes it from the focused widget at a click on anything that cannot have it, and the keys
// typed after a click in an answer (while reading it as it streams) went nowhere. The click is in
// the conversation, whose place for the keyboard is the box (as F6 has it); selecting text (Select
// text) clicks the text's own labels, which take the keyboard for copying.
func (c *Pane) readClicked() {
	if c.CanAsk() {
		c.FocusInput()
	}
}

// TurnList returns the list of turns, for the test harness's probe of the real window (its place,
// size and scroll offset).
func (c *Pane) TurnList() *widget.List { return c.list }

// QuestionBox returns the question box, for the test harness's probe (is it focused).
func (c *Pane) QuestionBox() fyne.Focusable { return c.input }

// Owns says whether f is the question box, so that F6 knows the pane it is in.
func (c *Pane) Owns(f fyne.Focusable) bool { return f == c.input }

// Root is the pane's content.
func (c *Pane) Root() fyne.CanvasObject { return c.root }

// Kind is the kind of the conversation shown.
func (c *Pane) Kind() records.ConversationKind { return c.conv.Kind }

// ConversationID is the conversation shown, 0 for a new one not saved yet.
func (c *Pane) ConversationID() int64 { return c.conv.ID }

// Ask types question in the box and sends it, as Enter does.
func (c *Pane) Ask(question string) {
	c.input.SetText(question)
	c.sendQuestion()
}

// Answer returns the newest turn's answer text so far, and whether an answer is streaming.
func (c *Pane) Answer() (text string, streaming bool) {
	if len(c.turns) == 0 {
		return "", false
	}
	if v := c.views[c.turns[len(c.turns)-1].ID]; v != nil {
		text = v.answer.Text()
	}
	return text, c.streaming != nil
}

// NewestAnswer is the Markdown view of the newest turn's answer, nil when there is no turn: for
// drivers (the real-window probe finds its code blocks).
func (c *Pane) NewestAnswer() *markdown.View {
	if len(c.turns) == 0 {
		return nil
	}
	return c.view(len(c.turns) - 1).answer
}

// Turns are the turns shown.
func (c *Pane) Turns() []records.Turn { return c.turns }

// IntroShown reports whether the invitation to ask the first question is shown.
func (c *Pane) IntroShown() bool { return c.intro.Visible() }

// Error is the sentence under the question box, "" when none.
func (c *Pane) Error() string { return c.errs.Message() }

// CanAsk reports whether the question box takes a question (a workspace is chosen, and the
// conversation shown is one this pane continues).
func (c *Pane) CanAsk() bool { return !c.input.Disabled() }

// Question is what the question box holds.
func (c *Pane) Question() string { return c.input.Text }

// Scopes are the choices of the scope picker: the whole workspace, then its documents.
func (c *Pane) Scopes() []string { return c.picker.sel.Options }

// AddToBar puts o at the end of the pickers' line (the window's Documents button), so that the
// window needs no toolbar of its own above the conversation.
func (c *Pane) AddToBar(o fyne.CanvasObject) { c.bar.Add(o) }

// Transcript is the list of turns, the conversation's main area (the window measures its share).
func (c *Pane) Transcript() fyne.CanvasObject { return c.list }
