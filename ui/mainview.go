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
)

// docSplitOffset is the share of the right side the documents take above the conversation.
const docSplitOffset = 0.6

// mainView is the workspace browser: a toolbar, the offline banner, the workspaces on the left,
// the selected workspace's documents on the right with its conversation under them, and the
// status bar. The right side keeps a slot for the uploads panel (ROADMAP: document intake).
type mainView struct {
	b   Backend
	ctx context.Context
	win fyne.Window

	list     *workspaceList
	docs     *documentsView
	status   *statusBar
	banner   *offlineBanner
	refreshB *widget.Button
	syncing  *widget.Activity
	syncText *widget.Label
	listErr  *errorView
	chat     *chatPane
	convs    *conversationList
	uploads  *fyne.Container // holds the uploads panel
	intake   *uploadsPanel
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

func newMainView(b Backend, ctx context.Context, win fyne.Window) *mainView {
	focus := win.Canvas().Focus
	m := &mainView{b: b, ctx: ctx, win: win, list: newWorkspaceList(focus), docs: newDocumentsView(b, ctx, focus),
		status: newStatusBar(), syncing: widget.NewActivity(), syncText: widget.NewLabel(""), listErr: newErrorView(b.Explain),
		chat: newChatPane(b, ctx, win), convs: newConversationList(b, ctx, win), uploads: container.NewStack()}
	m.banner = newOfflineBanner(b, ctx, m.refresh)
	m.refreshB = widget.NewButtonWithIcon("Refresh", theme.ViewRefreshIcon(), m.refresh)
	m.list.OnSelected = m.selectWorkspace
	m.docs.onContent = func(ws app.CachedWorkspace, docs []client.Document) {
		m.chat.setDocuments(ws, docs)
		m.pollPending(ws.WorkspaceID, docs)
	}
	m.poll.every = pollEvery
	m.docs.onAsk = func(d client.Document) { m.showChat(); m.chat.askDocument(d) }
	m.docs.onFold = m.foldDocuments
	m.docs.onDetail = m.roomForDetails
	m.chat.onSource = func(src client.AnswerSource) { m.docs.selectDocument(src.DocumentID) }
	m.chat.onSaved = func(conv app.Conversation) { m.convs.selectConversation(conv.ID) }
	m.convs.OnSelected = m.openConversation
	m.convs.OnNew = func() { m.showChat(); m.chat.newConversation(); m.chat.focusInput() }
	m.convs.OnOpenTurn = m.openTurn
	m.intake = newUploadsPanel(b, ctx)
	m.intake.onAdd = m.pickFiles
	m.uploads.Add(m.intake.root)
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
	top := container.NewVBox(sidePadded(bar), m.banner.root)
	workspaces := container.NewBorder(nil, container.NewPadded(m.listErr.box), nil, nil, m.list.root)
	left := container.NewVSplit(workspaces, m.convs.root)
	left.Offset = 0.55
	s := m.b.Settings()
	m.docSize = docSplitOffset
	if s.DocSplitOffset > 0.05 && s.DocSplitOffset < 0.95 {
		m.docSize = s.DocSplitOffset
	}
	// The open uploads list takes the conversation's place under the documents, so that new
	// documents show in the table above it; hiding it brings the conversation back.
	m.docSplit = container.NewVSplit(m.docs.root, container.NewStack(m.chat.root, m.intake.body))
	m.docSplit.Offset = m.docSize
	m.intake.onOpen = func(open bool) { showIf(m.chat.root, !open); m.docSplit.Refresh() }
	right := container.NewBorder(nil, m.uploads, nil, nil, m.docSplit)
	m.split = container.NewHSplit(left, right)
	m.split.Offset = 0.3
	if s.SplitOffset > 0.05 && s.SplitOffset < 0.95 {
		m.split.Offset = s.SplitOffset
	}
	return container.NewBorder(top, sidePadded(m.status.root), nil, nil, m.split)
}

// start shows the cached workspaces at once, then refreshes from the server in the background.
// In demo mode after a restart the built-in demo server is started first.
func (m *mainView) start() {
	m.showConnection(m.b.Connection())
	m.loadWorkspaces()
	m.intake.load()
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
		ws, err := m.b.CachedWorkspaces(m.ctx)
		uiDo(func() {
			m.loads--
			if err != nil {
				if !m.b.Settings().DemoMode {
					m.listErr.SetError(err)
				}
				return
			}
			gone := m.selectedGone(ws)
			m.listErr.SetError(gone)
			m.list.set(ws)
			m.restoreSelection()
			if m.onLoaded != nil {
				m.onLoaded(len(ws))
			}
		})
	}()
}

// selectedGone says that the workspace shown is not in list any more (the key lost access to it),
// or is nil.
func (m *mainView) selectedGone(list []app.CachedWorkspace) error {
	id := m.docs.ws.WorkspaceID
	if id == "" || slices.ContainsFunc(list, func(w app.CachedWorkspace) bool { return w.WorkspaceID == id }) {
		return nil
	}
	return fmt.Errorf("your key can no longer open “%s” (access was removed), so it left the list; its conversations stay on this computer", m.docs.ws.Workspace.Name)
}

// restoreSelection selects the workspace chosen last time on this server, else the first one.
func (m *mainView) restoreSelection() {
	if m.list.selected != "" {
		if ws, ok := m.list.workspace(m.list.selected); ok {
			m.docs.setHeader(ws)
			m.docs.ws = ws
			return
		}
	}
	last := m.b.Settings().LastWorkspace[m.serverKey()]
	if last != "" && m.list.Select(last) {
		return
	}
	if len(m.list.shown) > 0 {
		m.list.list.Select(0)
	}
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
	m.docs.show(ws)
	m.chat.setWorkspace(ws)
	m.convs.show(ws.WorkspaceID)
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
	m.chat.holdIntro()
	go func() {
		conv, ok, err := m.b.Conversations().Last(m.ctx, wsID)
		uiDo(func() {
			defer m.lookups.Add(-1)
			if m.docs.ws.WorkspaceID != wsID || m.chat.conv.ID != 0 {
				return // another workspace or conversation was chosen meanwhile, and shows itself
			}
			if err != nil || !ok {
				m.chat.showIntro()
				if err == nil {
					m.docs.setFolded(false)
				}
				return
			}
			m.chat.open(conv, 0)
			m.convs.selectConversation(conv.ID)
			m.docs.setFolded(true)
		})
	}()
}

// sidePadded pads o on its left and right only: the window's top and bottom bars stay as short as
// their buttons and labels, which leaves the rows of a small window to the documents.
func sidePadded(o fyne.CanvasObject) fyne.CanvasObject {
	p := theme.Padding()
	return container.New(layout.NewCustomPaddedLayout(0, 0, p, p), o)
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
	if !m.docs.folded && m.docSplit.Offset < detailsOffset {
		m.docSplit.SetOffset(detailsOffset)
	}
}

// saveLayout writes the split positions into s, for the next start.
func (m *mainView) saveLayout(s *app.Settings) {
	s.SplitOffset = m.split.Offset
	if o := m.docSplit.Offset; !m.docs.folded && o > 0.05 && o < 0.95 {
		m.docSize = o
	}
	s.DocSplitOffset = m.docSize
}

// showChat hides the uploads list, which takes the conversation's place while open.
func (m *mainView) showChat() {
	if m.intake.open {
		m.intake.setOpen(false)
	}
}

// openConversation shows conv in the chat pane (a new, empty one when conv has no id).
func (m *mainView) openConversation(conv app.Conversation) {
	m.showChat()
	if conv.ID == 0 {
		m.chat.newConversation()
		return
	}
	m.chat.open(conv, 0)
}

// openTurn shows turn turnID of conv, found by a search: in its own workspace, which is selected
// first when another one is shown.
func (m *mainView) openTurn(conv app.Conversation, turnID int64) {
	m.showChat()
	if conv.Kind == app.KindWorkspace && conv.WorkspaceID != m.docs.ws.WorkspaceID {
		m.list.Select(conv.WorkspaceID) // a model conversation has no workspace: the one shown stays
	}
	m.chat.open(conv, turnID)
	m.convs.selectConversation(conv.ID)
}

// refresh syncs every workspace with the server in the background (button, Ctrl/Cmd+R).
func (m *mainView) refresh() { m.runSync(m.b.Refresh) }

func (m *mainView) runSync(fn func(context.Context) error) {
	if m.busy {
		return
	}
	m.setBusy(true)
	go func() {
		err := fn(m.ctx)
		uiDo(func() {
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
		m.showConnection(e.Connection)
	case app.WorkspacesChanged:
		m.loadWorkspaces()
	case app.DocumentsChanged:
		if e.WorkspaceID == m.docs.ws.WorkspaceID {
			m.docs.reload()
		}
	case app.UploadFinished:
		m.notifyFinished(e)
	}
	m.intake.handle(ev)
	m.convs.handle(ev)
}

func (m *mainView) focusDocFilter() { m.docs.focusFilter() }
