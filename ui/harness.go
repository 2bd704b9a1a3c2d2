package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/conversation"
	"lectern/ui/internal/doclist"
	"lectern/ui/internal/harness"
)

// driver does for the test harness (ui/internal/tour: the smoke driver and the screenshot tour,
// built into a binary of their own) what a person's clicks and keystrokes would, through
// harness.Window, so that neither the harness nor the product's UI type carries the other's
// methods. Its functions run on the UI goroutine (fyne.DoAndWait).
type driver struct{ u *UI }

// harness is the harness's handle on this window, over the application core a.
func (u *UI) harness(a *app.App) *harness.Window {
	d := driver{u}
	return &harness.Window{App: a, Main: u.Window, Settings: u.SettingsWindow,
		Quit: u.Quit, ApplyTheme: u.applyTheme, ShowSettings: u.ShowSettings, Refresh: u.Refresh,
		ShowPalette: u.showPalette, Pane: d.pane, FocusRing: d.focusRing, OpenConversation: d.openConversation,
		ConversationList: d.conversationList,
		FirstRun:         harness.FirstRun{FirstRunShown: d.firstRunShown, TypeServer: d.typeServer, TryDemo: d.tryDemo},
		Browser: harness.Browser{Settled: d.settled, ShowBrowser: d.showBrowser, WorkspaceNames: d.workspaceNames,
			ConversationTitles: d.conversationTitles,
			SelectWorkspace:    d.selectWorkspace, FilterDocuments: d.filterDocuments, SortDocuments: d.sortDocuments,
			SelectDocument: d.selectDocument, DocumentDetailsShown: d.documentDetailsShown,
			FoldDocuments: d.foldDocuments, LimitsShown: d.limitsShown},
		Chat: harness.Chat{NewConversation: u.newConversation, Ask: d.ask, Answer: d.answer, StopAnswer: d.stopAnswer,
			TurnList: d.turnList, QuestionBox: d.questionBox, Question: d.question},
		Model: harness.Model{NewModelChat: d.onPane((*conversation.Pane).NewModelChat),
			SetUpModelChat: d.setUpModelChat, OpenTierPicker: d.onPane((*conversation.Pane).OpenTierPicker),
			TakeImages: d.takeImages, Attached: d.attached, TypeQuestion: d.typeQuestion, ContextMeter: d.contextMeter,
			ModelTier: d.modelTier, SetTools: d.setTools, CallsAsking: d.callsAsking},
		Assistant: harness.Assistant{NewAssistant: u.inBrowser(func(m *mainView) { m.convs.NewAssistant() })},
		Uploads:   harness.Uploads{AddFiles: d.addFiles, UploadRows: d.uploadRows, ShowUploads: d.showUploads},
		AtHand: harness.AtHand{Quick: u.QuickWindow, ShowQuick: u.ShowQuick, OpenAsked: func() string { return u.openForm.asked(u.win) },
			TrayMenu: d.trayMenu, Focused: func() bool { return focused },
			UploadsOpen: func() bool { return u.main != nil && u.main.uploads.Open() }},
	}
}

// conversationList is the conversation list, nil before the browser is shown.
func (d driver) conversationList() *conversation.List {
	if d.u.main == nil {
		return nil
	}
	return d.u.main.convs
}

// settled reports whether the workspace browser shows its workspaces, and a selected workspace's
// documents, with nothing loading.
func (d driver) settled() bool {
	m := d.u.main
	return m != nil && !m.busy && m.loads == 0 && len(m.list.All()) > 0 && m.docs.Workspace().WorkspaceID != "" &&
		!m.docs.Loading()
}

// firstRunShown reports whether the window shows the first-run page.
func (d driver) firstRunShown() bool {
	_, ok := d.u.active.(*firstRun)
	return ok
}

// typeServer fills the first-run page's server address with s, when that page is shown.
func (d driver) typeServer(s string) {
	if f, ok := d.u.active.(*firstRun); ok {
		f.Server.SetText(s)
	}
}

// tryDemo presses the first-run page's demo button, when that page is shown.
func (d driver) tryDemo() {
	if f, ok := d.u.active.(*firstRun); ok {
		f.doDemo()
	}
}

// showBrowser shows a new workspace browser for the current server, as after connecting.
func (d driver) showBrowser() {
	d.u.showMain()
}

// workspaceNames returns the names of the browser's workspaces (none before it is shown).
func (d driver) workspaceNames() []string {
	if d.u.main == nil {
		return nil
	}
	names := make([]string, 0, len(d.u.main.list.All()))
	for _, w := range d.u.main.list.All() {
		names = append(names, w.Workspace.Name)
	}
	return names
}

// conversationTitles returns the conversation list's titles (none before the browser is shown).
func (d driver) conversationTitles() []string {
	if d.u.main == nil {
		return nil
	}
	return d.u.main.convs.Titles()
}

// selectWorkspace selects the browser's workspace named name; false when it shows none.
func (d driver) selectWorkspace(name string) bool {
	if d.u.main == nil {
		return false
	}
	return d.u.main.list.SelectNamed(name)
}

// filterDocuments sets the documents filter to text, as one keystroke would.
func (d driver) filterDocuments(text string) {
	if d.u.main != nil {
		d.u.main.docs.SetFilter(text)
	}
}

// sortDocuments sorts the documents table by col, as a click on its header would.
func (d driver) sortDocuments(col doclist.Column) {
	if d.u.main != nil {
		d.u.main.docs.SortBy(col)
	}
}

// ask types question in the conversation's box and sends it, as Enter does.
func (d driver) ask(question string) {
	if d.u.main != nil {
		d.u.main.chat.Ask(question)
	}
}

// answer returns the newest turn's answer text so far, and whether an answer is streaming.
func (d driver) answer() (text string, streaming bool) {
	if d.u.main == nil {
		return "", false
	}
	return d.u.main.chat.Answer()
}

// turnList returns the conversation's list of turns, nil before the browser is shown.
func (d driver) turnList() *widget.List {
	if d.u.main == nil {
		return nil
	}
	return d.u.main.chat.TurnList()
}

// questionBox returns the conversation's question box, nil before the browser is shown.
func (d driver) questionBox() fyne.Focusable {
	if d.u.main == nil {
		return nil
	}
	return d.u.main.chat.QuestionBox()
}

// question is what the question box holds, "" before the browser is shown.
func (d driver) question() string {
	if d.u.main == nil {
		return ""
	}
	return d.u.main.chat.Question()
}

// stopAnswer stops the answer streaming now, as Esc does.
func (d driver) stopAnswer() {
	if d.u.main != nil {
		d.u.main.chat.StopAnswer()
	}
}

// foldDocuments closes the documents panel beside the conversation, or opens it, as its button does.
func (d driver) foldDocuments(on bool) {
	if d.u.main != nil {
		d.u.main.setDocumentsOpen(!on)
	}
}

// limitsShown reports whether the workspace shown has its limits bar.
func (d driver) limitsShown() bool {
	return d.u.main != nil && d.u.main.docs.LimitsShown()
}

// uploadRows counts the uploads panel's rows: all of them, those still running, and the files
// refused before they were queued.
func (d driver) uploadRows() (rows, running, refused int) {
	if d.u.main == nil {
		return 0, 0, 0
	}
	for _, it := range d.u.main.uploads.Items() {
		rows++
		if it.Running() {
			running++
		}
		if it.Refused() {
			refused++
		}
	}
	return rows, running, refused
}

// showUploads opens or hides the uploads panel, as its button does.
func (d driver) showUploads(on bool) {
	if d.u.main != nil {
		d.u.main.uploads.SetOpen(on)
	}
}

// selectDocument selects the row of the document named name in the table shown, as a click on it
// would, which shows its details; false when no listed document has that name.
func (d driver) selectDocument(name string) bool {
	if d.u.main == nil {
		return false
	}
	d.u.main.setDocumentsOpen(true) // a click on a row needs the panel open
	return d.u.main.docs.SelectNamed(name)
}

// documentDetailsShown reports whether the selected document's details panel is shown.
func (d driver) documentDetailsShown() bool {
	return d.u.main != nil && d.u.main.docs.DetailsShown()
}

// addFiles adds files as a drop on the window would.
func (d driver) addFiles(paths ...string) {
	if d.u.main != nil {
		d.u.main.addPaths(paths)
	}
}

// pane is the conversation pane, nil before the browser is shown.
func (d driver) pane() *conversation.Pane {
	if d.u.main == nil {
		return nil
	}
	return d.u.main.chat
}

// onPane calls fn on the pane, when the browser is shown.
func (d driver) onPane(fn func(*conversation.Pane)) func() {
	return func() {
		if c := d.pane(); c != nil {
			fn(c)
		}
	}
}

// setUpModelChat sets up the model chat shown (Pane.SetUpModelChat); false before the browser is.
func (d driver) setUpModelChat(tier, system, format string) bool {
	c := d.pane()
	return c != nil && c.SetUpModelChat(tier, system, format)
}

// takeImages attaches the images at paths to the model chat shown, as a drop does.
func (d driver) takeImages(paths []string) bool {
	c := d.pane()
	return c != nil && c.TakeImages(paths)
}

// attached names the images attached to the model chat shown.
func (d driver) attached() []string {
	if c := d.pane(); c != nil {
		return c.Attached()
	}
	return nil
}

// typeQuestion types text in the question box without sending it.
func (d driver) typeQuestion(text string) {
	if c := d.pane(); c != nil {
		c.TypeQuestion(text)
	}
}

// contextMeter is the model chat's context meter line.
func (d driver) contextMeter() string {
	if c := d.pane(); c != nil {
		return c.ContextMeter()
	}
	return ""
}

// modelTier is the tier of the model chat shown, "" for a workspace conversation.
func (d driver) modelTier() string {
	if c := d.pane(); c != nil {
		return c.ModelTier()
	}
	return ""
}

// setTools sets the tools of the model chat shown (Pane.SetTools); false before the browser is.
func (d driver) setTools(web bool, id, name string) bool {
	c := d.pane()
	return c != nil && c.SetTools(web, id, name)
}

// callsAsking counts (and allows) the calls asking in the pane shown (Pane.CallsAsking).
func (d driver) callsAsking(allow bool) int {
	if c := d.pane(); c != nil {
		return c.CallsAsking(allow)
	}
	return 0
}

// trayMenu is the tray menu's labels as the app makes it now.
func (d driver) trayMenu() []string {
	var labels []string
	for _, it := range d.u.trayMenu().Items {
		if !it.IsSeparator {
			labels = append(labels, it.Label)
		}
	}
	return labels
}

// focusRing is where the ring around the focused control is drawn on the canvas, and whether it shows.
func (d driver) focusRing() (fyne.Position, fyne.Size, bool) {
	if d.u.ring == nil {
		return fyne.Position{}, fyne.Size{}, false
	}
	return d.u.ring.Ring()
}

// openConversation opens conversation id as a click on its row of the conversation list does.
func (d driver) openConversation(id int64) {
	m := d.u.main
	if m == nil {
		return
	}
	go func() {
		conv, err := d.u.b.Conversations().Get(m.lf.Ctx, id)
		if err == nil {
			m.lf.Do(func() { m.openConversation(conv) })
		}
	}()
}
