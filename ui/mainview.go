package ui

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/ui/conversation"
	"lectern/ui/documents"
	"lectern/ui/errview"
	"lectern/ui/internal/life"
	"lectern/ui/uploads"
	"lectern/ui/widgets"
	"lectern/ui/workspaces"
)

// docSplitOffset is the share of the right side the documents take above the conversation.
const docSplitOffset = 0.6

// mainView is the workspace browser: a toolbar, the offline banner, the workspaces on the left,
// the selected workspace's documents on the right with its conversation under them, and the
// status bar. The uploads panel's bar is under the right side; its list takes the conversation's
// place while open.
type mainView struct {
	b    *app.App
	sync syncer // the refreshes (tests slow them down or count them)
	lf   life.Life
	win  fyne.Window

	list     *workspaces.List
	docs     *documents.View
	status   *statusBar
	banner   *connectionBanner
	refreshB *widget.Button
	syncing  *widget.Activity
	syncText *widget.Label
	listErr  *errview.View
	chat     *conversation.Pane
	convs    *conversation.List
	uploads  *uploads.Panel
	split    *container.Split
	docSplit *container.Split // the documents above the conversation
	root     fyne.CanvasObject
	busy     bool
	loads    int     // workspace list reads in flight
	docSize  float64 // the share of the right side the unfolded documents take
	poll     poller  // refreshes the shown workspace while documents are not ready
	// lookups counts the last-conversation look-ups not yet shown (tests wait for none).
	lookups atomic.Int32

	onSettings func()
	// onLoaded, when set, is called on the UI goroutine after each workspace list is shown.
	onLoaded func(count int)
}

func newMainView(lf life.Life, c core, win fyne.Window) *mainView {
	focus := win.Canvas().Focus
	b := c.app
	m := &mainView{b: b, sync: c.sync, lf: lf, win: win, list: workspaces.New(focus), docs: documents.New(lf, c.docs, focus),
		status: newStatusBar(), syncing: widget.NewActivity(), syncText: widget.NewLabel(""), listErr: errview.New(b.Explain),
		chat: conversation.New(lf, b, b.Conversations(), win), convs: conversation.NewList(lf, b, b.Conversations(), win)}
	m.banner = newConnectionBanner(lf, b, m.refresh)
	m.refreshB = widget.NewButtonWithIcon("Refresh", theme.ViewRefreshIcon(), m.refresh)
	m.list.OnSelected = m.selectWorkspace
	m.docs.OnContent = func(ws app.CachedWorkspace, docs []client.Document) {
		m.chat.SetDocuments(ws, docs)
		m.pollPending(ws.WorkspaceID, docs)
	}
	m.poll.every = pollEvery
	m.docs.OnAsk = func(d client.Document) { m.showChat(); m.chat.AskDocument(d) }
	m.docs.OnFold = m.foldDocuments
	m.docs.OnDetail = m.roomForDetails
	m.chat.OnSource = func(src client.AnswerSource) { m.docs.SelectDocument(src.DocumentID, src.Name) }
	m.chat.OnSaved = func(conv app.Conversation) { m.convs.SelectConversation(conv.ID) }
	m.convs.OnSelected = m.openConversation
	m.convs.OnNew = func() { m.showChat(); m.chat.NewConversation(); m.chat.FocusInput() }
	m.convs.OnOpenTurn = m.openTurn
	m.uploads = uploads.New(lf, b.Uploads(), b.Explain)
	m.uploads.OnAdd = m.pickFiles
	m.root = m.layout()
	return m
}

func (m *mainView) content() fyne.CanvasObject { return m.root }

func (m *mainView) layout() fyne.CanvasObject {
	settings := widget.NewButtonWithIcon("Settings", theme.SettingsIcon(), func() {
		if m.onSettings != nil {
			m.onSettings()
		}
	})
	settings.Importance = widget.LowImportance
	bar := container.NewHBox(m.refreshB, m.syncing, m.syncText, layout.NewSpacer(), settings)
	top := container.NewVBox(widgets.SidePadded(bar), m.banner.root)
	workspaces := container.NewBorder(nil, container.NewPadded(m.listErr.Box), nil, nil, m.list.Root())
	left := container.NewVSplit(workspaces, m.convs.Root())
	left.Offset = 0.55
	s := m.b.Settings()
	m.docSize = docSplitOffset
	if s.DocSplitOffset > 0.05 && s.DocSplitOffset < 0.95 {
		m.docSize = s.DocSplitOffset
	}
	// The open uploads list takes the conversation's place under the documents, so that new
	// documents show in the table above it; hiding it brings the conversation back.
	m.docSplit = container.NewVSplit(m.docs.Root(), container.NewStack(m.chat.Root(), m.uploads.Body()))
	m.docSplit.Offset = m.docSize
	m.uploads.OnOpen = func(open bool) { widgets.ShowIf(m.chat.Root(), !open); m.docSplit.Refresh() }
	right := container.NewBorder(nil, m.uploads.Root(), nil, nil, m.docSplit)
	m.split = container.NewHSplit(left, right)
	m.split.Offset = 0.3
	if s.SplitOffset > 0.05 && s.SplitOffset < 0.95 {
		m.split.Offset = s.SplitOffset
	}
	return container.NewBorder(top, widgets.SidePadded(m.status.root), nil, nil, m.split)
}

// start shows the cached workspaces at once, then refreshes from the server in the background.
// In demo mode after a restart the built-in demo server is started first.
func (m *mainView) start() {
	m.showConnection(m.b.Connection())
	m.loadWorkspaces()
	m.uploads.Load()
	if m.b.Settings().DemoMode && !m.b.DemoMode() {
		m.runSync(m.b.StartDemo)
		return
	}
	m.refresh()
}

// loadWorkspaces reads the workspace list from the cache (off the UI goroutine) and shows it.
func (m *mainView) loadWorkspaces() {
	m.loads++
	go func() {
		ws, err := m.b.CachedWorkspaces(m.lf.Ctx)
		m.lf.Do(func() {
			m.loads--
			if err != nil {
				if !m.b.Settings().DemoMode {
					m.listErr.SetError(err)
				}
				return
			}
			gone := m.selectedGone(ws)
			m.listErr.SetError(gone)
			m.list.Set(ws)
			m.restoreSelection()
			m.checkTarget()
			if m.onLoaded != nil {
				m.onLoaded(len(ws))
			}
		})
	}()
}

// selectedGone says that the workspace shown is not in list any more (the key lost access to it),
// or is nil.
func (m *mainView) selectedGone(list []app.CachedWorkspace) error {
	id := m.docs.Workspace().WorkspaceID
	if id == "" || slices.ContainsFunc(list, func(w app.CachedWorkspace) bool { return w.WorkspaceID == id }) {
		return nil
	}
	return fmt.Errorf("your key can no longer open “%s” (access was removed), so it left the list; its conversations stay on this computer", m.docs.Workspace().Workspace.Name)
}

// restoreSelection selects the workspace chosen last time on this server, else the first one.
func (m *mainView) restoreSelection() {
	if id := m.list.Selected(); id != "" {
		if ws, ok := m.list.Workspace(id); ok {
			m.docs.Keep(ws)
			return
		}
	}
	last := m.b.Settings().LastWorkspace[m.serverKey()]
	if last != "" && m.list.Select(last) {
		return
	}
	for _, w := range m.list.All() { // the first start's upload target is one that takes files
		if w.TakesFiles() && m.list.Select(w.WorkspaceID) {
			return
		}
	}
	m.list.SelectFirst()
}

// checkTarget tells the uploads panel whether the workspace shown takes files (the core decides:
// CanAddFiles), off the UI goroutine; an answer for a workspace no longer shown is dropped.
func (m *mainView) checkTarget() {
	id := m.docs.Workspace().WorkspaceID
	if id == "" {
		return
	}
	go func() {
		ok, why := m.b.CanAddFiles(m.lf.Ctx, id)
		m.lf.Do(func() {
			if m.docs.Workspace().WorkspaceID == id {
				m.uploads.SetTarget(ok, why)
			}
		})
	}()
}

// serverKey names the current server in Settings.LastWorkspace; the demo's address changes on
// every start, so it is saved under "demo".
func (m *mainView) serverKey() string {
	if m.b.Settings().DemoMode {
		return "demo"
	}
	return m.b.Server()
}

func (m *mainView) selectWorkspace(ws app.CachedWorkspace) {
	m.docs.Show(ws)
	m.checkTarget()
	m.chat.SetWorkspace(ws)
	m.convs.Show(ws.WorkspaceID)
	m.openLastConversation(ws.WorkspaceID)
	key, id := m.serverKey(), ws.WorkspaceID
	go func() {
		_ = m.b.UpdateSettings(func(s *app.Settings) {
			if s.LastWorkspace == nil {
				s.LastWorkspace = map[string]string{}
			}
			s.LastWorkspace[key] = id
		})
	}()
}

// openLastConversation opens the workspace's most recent conversation, so that the app opens on
// a conversation, with the documents folded away to give it the room; a workspace without one
// gets a new, empty one, under its documents.
func (m *mainView) openLastConversation(wsID string) {
	m.lookups.Add(1)
	m.chat.HoldIntro()
	go func() {
		conv, ok, err := m.b.Conversations().Last(m.lf.Ctx, wsID)
		m.lf.Do(func() {
			defer m.lookups.Add(-1)
			if m.docs.Workspace().WorkspaceID != wsID || m.chat.ConversationID() != 0 {
				return // another workspace or conversation was chosen meanwhile, and shows itself
			}
			if err != nil || !ok {
				m.chat.ShowIntro()
				if err == nil {
					m.docs.SetFolded(false)
				}
				return
			}
			m.chat.Open(conv, 0)
			m.convs.SelectConversation(conv.ID)
			m.docs.SetFolded(true)
		})
	}()
}

// foldDocuments gives the conversation the room the folded documents leave, or takes it back.
func (m *mainView) foldDocuments(folded bool) {
	if folded {
		if o := m.docSplit.Offset; o > 0.05 && o < 0.95 {
			m.docSize = o
		}
		m.docSplit.SetOffset(0)
	} else {
		m.docSplit.SetOffset(m.docSize)
	}
}

// detailsOffset is the least share of the right side the documents take while a document's
// details are shown, so that the table keeps a few rows above them.
const detailsOffset = 0.65

// roomForDetails gives the documents more of the right side when a document's details appear.
func (m *mainView) roomForDetails() {
	if !m.docs.Folded() && m.docSplit.Offset < detailsOffset {
		m.docSplit.SetOffset(detailsOffset)
	}
}

// saveLayout writes the split positions into s, for the next start.
func (m *mainView) saveLayout(s *app.Settings) {
	s.SplitOffset = m.split.Offset
	if o := m.docSplit.Offset; !m.docs.Folded() && o > 0.05 && o < 0.95 {
		m.docSize = o
	}
	s.DocSplitOffset = m.docSize
}

// showChat hides the uploads list, which takes the conversation's place while open.
func (m *mainView) showChat() {
	if m.uploads.Open() {
		m.uploads.SetOpen(false)
	}
}

// openConversation shows conv in the chat pane (a new, empty one when conv has no id).
func (m *mainView) openConversation(conv app.Conversation) {
	m.showChat()
	if conv.ID == 0 {
		m.chat.NewConversation()
		return
	}
	m.chat.Open(conv, 0)
}

// openTurn shows turn turnID of conv, found by a search: in its own workspace, which is selected
// first when another one is shown.
func (m *mainView) openTurn(conv app.Conversation, turnID int64) {
	m.showChat()
	if conv.Kind == app.KindWorkspace && conv.WorkspaceID != m.docs.Workspace().WorkspaceID {
		m.list.Select(conv.WorkspaceID) // a model conversation has no workspace: the one shown stays
	}
	m.chat.Open(conv, turnID)
	m.convs.SelectConversation(conv.ID)
}

// refresh syncs every workspace with the server in the background (button, Ctrl/Cmd+R).
func (m *mainView) refresh() { m.runSync(m.sync.Refresh) }

func (m *mainView) runSync(fn func(context.Context) error) {
	if m.busy {
		return
	}
	m.setBusy(true)
	go func() {
		err := fn(m.lf.Ctx)
		m.lf.Do(func() {
			m.setBusy(false)
			m.syncDone(err)
		})
	}()
}

func (m *mainView) syncDone(err error) {
	c := m.b.Connection()
	m.showConnection(c)
	if err != nil && c.State != app.ConnOffline && c.State != app.ConnKeyNeeded {
		m.listErr.SetError(err)
	} else if err == nil {
		m.listErr.SetError(nil)
	}
	m.loadWorkspaces()
}

func (m *mainView) setBusy(on bool) {
	m.busy = on
	if on {
		m.refreshB.Disable()
		m.syncing.Start()
		m.syncing.Show()
		m.syncText.SetText("Refreshing from the server…")
		return
	}
	m.refreshB.Enable()
	m.syncing.Stop()
	m.syncing.Hide()
	m.syncText.SetText("")
}

func (m *mainView) showConnection(c app.Connection) {
	server := c.Server
	if server == "" {
		server = m.b.Server()
	}
	m.status.set(c, server, m.b.Settings().DemoMode)
	m.banner.set(c)
}

// handle reacts to the core's events, on the UI goroutine.
func (m *mainView) handle(ev app.Event) {
	switch e := ev.(type) {
	case app.ConnectionChanged:
		back := m.status.shown == app.ConnOffline && e.Connection.State == app.ConnOnline
		m.showConnection(e.Connection)
		if back { // reconnected: catch up with what changed meanwhile (and "Last synced" with it)
			m.refresh()
		}
	case app.WorkspacesChanged:
		m.loadWorkspaces()
	case app.DocumentsChanged:
		if e.WorkspaceID == m.docs.Workspace().WorkspaceID {
			m.docs.Reload()
		}
	case app.UploadFinished:
		m.notifyFinished(e)
	}
	m.uploads.Handle(ev)
	m.convs.Handle(ev)
}

func (m *mainView) focusDocFilter() { m.docs.FocusFilter() }
