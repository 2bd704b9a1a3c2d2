package ui

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/settings"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/ui/banner"
	"lectern/ui/conversation"
	"lectern/ui/documents"
	"lectern/ui/errview"
	"lectern/ui/internal/life"
	"lectern/ui/internal/parts"
	"lectern/ui/uploads"
	"lectern/ui/widgets"
	"lectern/ui/workspaces"
)

// docPanelShare is the share of the right side the documents panel takes when open, unless the
// person moved the split; docPanelMax is the most a saved share may take, so that the
// conversation keeps the larger part (a share saved by the older layout, documents above the
// conversation, was 0.6).
const (
	docPanelShare = 0.45
	docPanelMax   = 0.6
)

// mainView is the workspace browser, laid out as a chat app (issue 20): the offline banner on
// top, the workspaces and their conversations on the left, the conversation filling the right
// side, the documents as a panel at its right that the person opens and closes (Documents,
// Ctrl/Cmd+D; the choice is saved and nothing else opens it, except a tapped source chip), and
// the status bar, which holds Refresh, Settings and the uploads' one-line strip and button (their
// list is a popover). Nothing but the conversation's own controls takes height from it.
type mainView struct {
	b    *app.App
	sync syncer // the refreshes (tests slow them down or count them)
	lf   life.Life
	win  fyne.Window

	list     *workspaces.List
	docs     *documents.View
	status   *statusBar
	banner   *banner.Banner
	refreshB *widget.Button
	docsB    *widgets.ShrinkButton // opens and closes the documents panel
	syncing  *widget.Activity
	syncText *widget.Label
	listErr  *errview.View
	chat     *conversation.Pane
	convs    *conversation.List
	uploads  *uploads.Panel
	split    *container.Split
	sides    *fyne.Container  // holds split, hiding the workspaces when the right side needs their room
	docSplit *container.Split // the conversation, and the documents panel at its right
	root     fyne.CanvasObject
	busy     bool
	auto     bool    // restoreSelection is choosing a workspace: the window's choice, not the person's
	loads    int     // workspace list reads in flight
	docSize  float64 // the share of the right side the open documents panel takes
	docsOpen bool
	poll     poller // refreshes the shown workspace while documents are not ready
	// lookups counts the last-conversation look-ups not yet shown (tests wait for none).
	lookups atomic.Int32

	onSettings func()
	// notify sends an OS notification of a kind (UI.notify); finished are the uploads ended since
	// the last batch was told.
	notify   func(kind notifyKind, title, body string, open func())
	finished []events.UploadFinished
	// takeNext are files opened with Lectern for the model chat or assistant conversation being
	// made (showOpenForm): it takes them once it is shown.
	takeNext []string
	// onLoaded, when set, is called on the UI goroutine after each workspace list is shown.
	onLoaded func(count int)
}

func newMainView(lf life.Life, c core, win fyne.Window) *mainView {
	focus := win.Canvas().Focus
	b := c.app
	m := &mainView{b: b, sync: c.sync, lf: lf, win: win, list: workspaces.New(focus), docs: documents.New(lf, c.docs, focus),
		status: newStatusBar(lf.Now), syncing: widget.NewActivity(), syncText: widget.NewLabel(""), listErr: errview.New(b.Explain),
		chat: conversation.New(lf, parts.Of(b), conversation.StoreOf(b), win), convs: conversation.NewList(lf, parts.Of(b), conversation.StoreOf(b), win)}
	m.banner = banner.New(lf, parts.Of(b), m.refresh)
	m.refreshB = widget.NewButtonWithIcon("Refresh", theme.ViewRefreshIcon(), m.refresh)
	m.list.OnSelected = m.selectWorkspace
	m.list.OnReselected = m.backToWorkspace
	m.docs.OnContent = func(ws records.CachedWorkspace, docs []client.Document) {
		m.chat.SetDocuments(ws, docs)
		m.pollPending(ws.WorkspaceID, docs)
	}
	m.poll.every = pollEvery
	m.docs.OnAsk = func(d client.Document) { m.showChat(); m.chat.AskDocument(d) }
	m.docs.OnFold = func(folded bool) {
		if folded {
			m.setDocumentsOpen(false) // the panel's own Hide button
		}
	}
	m.chat.OnSource, m.chat.OnSourceIn = m.showSource, m.showSourceIn
	m.chat.SetWebSearchKeys(shortcutText(shortcutWebSearch))
	m.chat.OnSaved = m.convs.Reveal
	m.convs.OnSelected = m.openConversation
	m.convs.OnNew = func() { m.showChat(); m.chat.NewConversation(); m.listWorkspaceKind(); m.chat.FocusInput() }
	m.convs.OnCreated = func() { // a new model chat or assistant conversation: ready to type
		m.chat.FocusInput()
		if paths := m.takeNext; len(paths) > 0 {
			m.takeNext = nil
			m.chat.TakeFiles(paths)
		}
	}
	m.convs.OnOpenTurn = m.openTurn
	m.uploads = uploads.New(lf, b.Uploads(), win, b.Explain)
	m.uploads.WorkspaceName = m.workspaceName
	m.uploads.OnAdd = m.pickFiles
	m.root = m.layout()
	return m
}

func (m *mainView) content() fyne.CanvasObject { return m.root }

func (m *mainView) layout() fyne.CanvasObject {
	workspaces := container.NewBorder(nil, container.NewPadded(m.listErr.Box), nil, nil, m.list.Root())
	left := container.NewVSplit(workspaces, m.convs.Root())
	left.Offset = 0.55
	s := m.b.Settings()
	m.docSize = docPanelShare
	if s.DocSplitOffset > 0.05 && s.DocSplitOffset <= docPanelMax {
		m.docSize = s.DocSplitOffset
	}
	m.docsB = widgets.NewShrinkButton("Documents", theme.FileIcon(), func() { m.setDocumentsOpen(!m.docsOpen) })
	m.chat.AddToBar(m.docsB)
	m.docSplit = container.NewHSplit(m.chat.Root(), m.docs.Root())
	m.split = container.NewHSplit(left, m.docSplit)
	m.sides = container.New(widgets.YieldSplit{Split: m.split}, m.split) // too narrow, the workspaces give way
	m.showDocuments(s.DocumentsOpen)
	m.split.Offset = 0.3
	if s.SplitOffset > 0.05 && s.SplitOffset < 0.95 {
		m.split.Offset = s.SplitOffset
	}
	return widgets.Border(m.banner.Root(), m.statusLine(), nil, nil, m.sides)
}

// statusLine is the window's bottom line: the connection, the uploads' strip and button, when
// the cache was synced, Refresh and Settings (in the status bar, so that no toolbar takes the
// conversation's height).
func (m *mainView) statusLine() fyne.CanvasObject {
	settings := widget.NewButtonWithIcon("Settings", theme.SettingsIcon(), func() {
		if m.onSettings != nil {
			m.onSettings()
		}
	})
	m.refreshB.Importance, settings.Importance = widget.LowImportance, widget.LowImportance
	m.status.setCenter(m.uploads.Strip())
	m.status.addEnd(m.uploads.Button(), m.syncing, m.syncText)
	m.status.addTail(m.refreshB, settings)
	return widgets.SidePadded(m.status.root)
}

// start shows the cached workspaces at once, then refreshes from the server in the background.
// In demo mode after a restart the built-in demo server is started first.
// The refresh begins once the cache is shown, so that the list tells a first refresh (nothing
// cached: "Loading more workspaces…" under those arrived) from a later one.
func (m *mainView) start() {
	m.showConnection(m.b.SignIn().Connection())
	m.uploads.Load()
	m.loadWorkspacesThen(func() {
		if m.b.Settings().DemoMode && !m.b.SignIn().DemoMode() {
			m.runSync(m.b.SignIn().StartDemo)
			return
		}
		m.refresh()
	})
}

// loadWorkspaces reads the workspace list from the cache (off the UI goroutine) and shows it.
func (m *mainView) loadWorkspaces() { m.loadWorkspacesThen(nil) }

// loadWorkspacesThen is loadWorkspaces, then calls next on the UI goroutine (nil: nothing),
// whether the cache could be read or not.
func (m *mainView) loadWorkspacesThen(next func()) {
	m.loads++
	go func() {
		ws, err := m.b.Workspaces().CachedWorkspaces(m.lf.Ctx)
		m.lf.Do(func() {
			m.loads--
			if next != nil {
				defer next()
			}
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
func (m *mainView) selectedGone(list []records.CachedWorkspace) error {
	id := m.docs.Workspace().WorkspaceID
	if id == "" || slices.ContainsFunc(list, func(w records.CachedWorkspace) bool { return w.WorkspaceID == id }) {
		return nil
	}
	return fmt.Errorf("your key can no longer open “%s” (access was removed), so it left the list; its conversations stay on this computer", m.docs.Workspace().Workspace.Name)
}

// restoreSelection selects the workspace the person chose last time on this server, else one of
// their own that takes files (as far as the core knows), else the first one. That choice is the
// window's, not saved as the person's: a published workspace chosen before the server said so
// stayed the server's "last used" for good.
func (m *mainView) restoreSelection() {
	if ws, ok := m.list.Workspace(m.list.Selected()); ok {
		m.docs.Keep(ws)
		return
	}
	if last := m.b.Settings().LastWorkspace[m.serverKey()]; last != "" && m.list.Select(last) {
		return
	}
	m.auto = true
	defer func() { m.auto = false }()
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
		ok, why := m.b.Uploads().CanAddFiles(m.lf.Ctx, id)
		m.lf.Do(func() {
			if m.docs.Workspace().WorkspaceID == id {
				m.uploads.SetTarget(ok, why)
				m.chat.SetTakesFiles(ok)
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
	return m.b.SignIn().Server()
}

func (m *mainView) selectWorkspace(ws records.CachedWorkspace) {
	m.uploads.SetNotice("") // a refusal was about the workspace left
	m.docs.Show(ws)
	m.checkTarget()
	m.chat.HoldIntro(ws.WorkspaceID) // hidden until the lookup below opens the last conversation or shows it
	m.chat.SetWorkspace(ws)
	m.convs.Show(ws.WorkspaceID)
	m.openLastConversation(ws.WorkspaceID)
	if m.auto {
		return // the window chose it (restoreSelection), not the person
	}
	key, id := m.serverKey(), ws.WorkspaceID
	go func() {
		_ = m.b.UpdateSettings(func(s *settings.Settings) {
			if s.LastWorkspace == nil {
				s.LastWorkspace = map[string]string{}
			}
			s.LastWorkspace[key] = id
		})
	}()
}

// openLastConversation opens the workspace's most recent conversation, so that the app opens on
// a conversation; a workspace without one gets a new, empty one, and so does one whose new
// conversation holds a draft (the person was writing there when they left). The documents panel
// stays as the person left it.
func (m *mainView) openLastConversation(wsID string) {
	m.lookups.Add(1)
	go func() {
		conv, ok, err := m.b.Conversations().Last(m.lf.Ctx, wsID)
		if draft, derr := m.b.Conversations().Draft(m.lf.Ctx, records.DraftPlace{WorkspaceID: wsID}); derr == nil && draft != "" {
			ok = false
		}
		m.lf.Do(func() {
			defer m.lookups.Add(-1)
			defer m.focusQuestionFirst()
			if m.docs.Workspace().WorkspaceID != wsID || m.chat.ConversationID() != 0 {
				return // another workspace or conversation was chosen meanwhile, and shows itself
			}
			if err != nil || !ok {
				m.chat.ShowIntro()
				return
			}
			m.chat.Open(conv, 0)
			m.convs.Reveal(conv)
		})
	}()
}

// backToWorkspace shows the conversation of workspace ws again, when a model chat or an assistant
// conversation is shown and the person clicks ws, the workspace selected (issue 35: the click did
// nothing): its last conversation, else a new one, and the list of its conversations.
func (m *mainView) backToWorkspace(ws records.CachedWorkspace) {
	m.showChat()
	if m.chat.Kind() == records.KindWorkspace {
		return // its conversation is shown
	}
	m.chat.NewConversation()
	m.listWorkspaceKind()
	m.openLastConversation(ws.WorkspaceID)
}

// listWorkspaceKind has the conversation list show the conversations of the workspace shown,
// when it is filtered on another kind: a workspace conversation shown is listed (issue 35: Ctrl+N
// made one the list, filtered on model chats, did not show).
func (m *mainView) listWorkspaceKind() {
	m.convs.Reveal(records.Conversation{Kind: records.KindWorkspace, WorkspaceID: m.docs.Workspace().WorkspaceID})
}

// setDocumentsOpen opens or closes the documents panel at the conversation's right (Documents,
// Ctrl/Cmd+D, the panel's Hide button) and saves the choice for the next start.
func (m *mainView) setDocumentsOpen(open bool) {
	if m.docsOpen == open {
		return
	}
	m.keepDocSize()
	m.showDocuments(open)
	go func() { _ = m.b.UpdateSettings(func(s *settings.Settings) { s.DocumentsOpen = open }) }()
}

// showDocuments shows or hides the documents panel. A closed panel is folded (its table hidden)
// and laid out at its least size: a hidden table with no size took every row of a large
// workspace as shown and kept a divider for each (documents.TestFoldedTableOfManyDocumentsKeepsFewSeparators).
func (m *mainView) showDocuments(open bool) {
	m.docsOpen = open
	m.docs.SetFolded(!open)
	root := m.docs.Root()
	widgets.ShowIf(m.docSplit.Trailing, open)
	if open {
		m.docSplit.SetOffset(1 - m.docSize)
		m.docsB.SetImportance(widget.HighImportance) // pressed in
	} else {
		root.Resize(root.MinSize())
		m.docsB.SetImportance(widget.MediumImportance)
	}
	left := m.split.Leading.Visible() // the workspaces give way to the panel, or come back, for the width:
	m.sides.Layout.Layout(m.sides.Objects, m.sides.Size())
	if m.split.Leading.Visible() != left {
		m.split.Refresh() // not sides.Refresh, nor both: each redraws every turn shown
		return
	}
	m.docSplit.Refresh()
}

// showSource shows the document of a tapped source chip: the person asked to see it, so the
// documents panel opens when it was closed.
func (m *mainView) showSource(src client.AnswerSource) {
	m.setDocumentsOpen(true)
	m.docs.SelectDocument(src.DocumentID, src.Name)
}

// showSourceIn shows a source of workspace wsID, which a model consulted, in the documents panel.
func (m *mainView) showSourceIn(wsID string, src client.AnswerSource) {
	if ws, ok := m.list.Workspace(wsID); ok {
		m.setDocumentsOpen(true)
		m.docs.ShowDocumentIn(ws, src.DocumentID, src.Name)
		m.checkTarget()
	}
}

// keepDocSize notes the share of the right side the open documents panel takes.
func (m *mainView) keepDocSize() {
	if o := 1 - m.docSplit.Offset; m.docsOpen && o > 0.05 && o <= docPanelMax {
		m.docSize = o
	}
}

// saveLayout writes the split positions into s, for the next start.
func (m *mainView) saveLayout(s *settings.Settings) {
	s.SplitOffset = m.split.Offset
	m.keepDocSize()
	s.DocSplitOffset = m.docSize
	s.DocumentsOpen = m.docsOpen
}

// workspaceName names workspace id for the uploads' groups, "" when the list does not hold it.
func (m *mainView) workspaceName(id string) string {
	if ws, ok := m.list.Workspace(id); ok {
		return safetext.OneLine(ws.Workspace.Name)
	}
	return ""
}

// showChat closes the uploads popover, when a conversation is opened.
func (m *mainView) showChat() {
	if m.uploads.Open() {
		m.uploads.SetOpen(false)
	}
}

// openConversation shows conv in the chat pane (a new, empty one when conv has no id); one of
// another workspace, listed by the list's wider filters, opens in its own workspace, as a search
// hit does.
func (m *mainView) openConversation(conv records.Conversation) {
	m.showChat()
	if conv.ID == 0 {
		m.chat.NewConversation()
		return
	}
	m.openTurn(conv, 0)
}

// openTurn shows turn turnID of conv, found by a search: in its own workspace, which is selected
// first when another one is shown.
func (m *mainView) openTurn(conv records.Conversation, turnID int64) {
	m.showChat()
	if conv.AsksWorkspace() && conv.WorkspaceID != m.docs.Workspace().WorkspaceID {
		m.list.Select(conv.WorkspaceID) // a model conversation has no workspace: the one shown stays
	}
	m.chat.Open(conv, turnID)
	m.convs.Reveal(conv)
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
	c := m.b.SignIn().Connection()
	m.showConnection(c)
	if err != nil && c.State != connection.ConnOffline && c.State != connection.ConnKeyNeeded {
		m.listErr.SetError(err)
	} else if err == nil {
		m.listErr.SetError(nil)
	}
	m.loadWorkspaces()
}

func (m *mainView) setBusy(on bool) {
	m.busy = on
	m.list.SetLoading(on)
	if on {
		m.refreshB.Disable()
		m.syncing.Start()
		m.syncing.Show()
		m.syncText.SetText("Refreshing…")
		m.status.synced.Hide() // in its place, so that a small window's bottom line keeps its width
		return
	}
	m.refreshB.Enable()
	m.syncing.Stop()
	m.syncing.Hide()
	m.syncText.SetText("")
	m.status.synced.Show()
}

func (m *mainView) showConnection(c connection.Connection) {
	server := c.Server
	if server == "" {
		server = m.b.SignIn().Server()
	}
	m.status.set(c, server, m.b.Settings().DemoMode)
	m.banner.Set(c)
}

// handle reacts to the core's events, on the UI goroutine.
func (m *mainView) handle(ev events.Event) {
	switch e := ev.(type) {
	case events.ConnectionChanged:
		back := m.status.shown == connection.ConnOffline && e.Connection.State == connection.ConnOnline
		m.showConnection(e.Connection)
		if back { // reconnected: catch up with what changed meanwhile (and "Updated" with it)
			m.refresh()
		}
	case events.WorkspacesChanged:
		m.loadWorkspaces()
	case events.DocumentsChanged:
		if e.WorkspaceID == m.docs.Workspace().WorkspaceID {
			m.docs.Reload()
		}
	case events.UploadFinished:
		m.notifyFinished(e)
	}
	m.uploads.Handle(ev)
	m.convs.Handle(ev)
}

// showUploads brings the window forward with the uploads' list open (a click on their notification).
func (m *mainView) showUploads() {
	m.win.Show()
	m.win.RequestFocus()
	m.uploads.SetOpen(true)
}

// focusDocFilter opens the documents panel, when closed, and puts the keyboard in its filter.
func (m *mainView) focusDocFilter() {
	m.setDocumentsOpen(true)
	m.docs.FocusFilter()
}
