// Package harness is the test harness's handle on the real desktop window (ui/internal/tour: the
// smoke driver and the screenshot tour). Package ui fills a Window for ui.RunOptions.Driver; the
// product's types carry none of it. Call its functions on the UI goroutine (fyne.DoAndWait): they
// do what a person's clicks and keystrokes would, and report what the window shows.
package harness

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/conversation"
	"lectern/ui/internal/doclist"
	"lectern/ui/quick"
)

// Window drives the desktop window. Each function acts on the page it names and does nothing (or
// reports false) when another page is shown.
type Window struct {
	App      *app.App           // the application core the window shows
	Main     func() fyne.Window // the main window
	Settings func() fyne.Window // the open Settings window, or nil

	Quit, ApplyTheme, ShowSettings, Refresh func() // as the menu does; ApplyTheme applies the saved theme now
	FirstRun                                       // the first-run page
	Browser                                        // the workspace browser
	Chat                                           // the conversation under the documents
	Model                                          // the controls of a model chat
	Assistant                                      // the controls of an assistant conversation
	Uploads                                        // the uploads panel
	AtHand                                         // the Quick ask window, Open with Lectern, the tray

	// ShowPalette opens the command palette (Ctrl/Cmd+K), the keyboard in its box.
	ShowPalette func()
	// Pane is the conversation pane, nil before the browser is shown: issue 22's files (TakeFiles,
	// FileCards, ReadWithOCR, GenerateFile) and the assistant are driven through its own methods.
	Pane func() *conversation.Pane
	// FocusRing is where the ring around the control with the keyboard is drawn on the canvas,
	// and whether it shows (widgets.FocusRing).
	FocusRing func() (fyne.Position, fyne.Size, bool)
	// OpenConversation opens conversation id as a click on its row in the conversation list does.
	OpenConversation func(id int64)
	// ConversationList is the conversation list (its folders and rows), nil before the browser is shown.
	ConversationList func() *conversation.List
}

// FirstRun drives the first-run page.
type FirstRun struct {
	FirstRunShown func() bool       // whether the first-run page is shown
	TypeServer    func(text string) // fills the server address
	TryDemo       func()            // presses Try the demo
}

// Browser drives the workspace browser.
type Browser struct {
	// Settled reports whether the browser shows its workspaces, and the selected one's documents,
	// with nothing loading.
	Settled              func() bool
	ShowBrowser          func()                   // a new browser for the current server, as after connecting
	WorkspaceNames       func() []string          // the listed workspaces' names
	ConversationTitles   func() []string          // the conversation list's titles, newest first
	SelectWorkspace      func(name string) bool   // selects the workspace named name
	FilterDocuments      func(text string)        // types text in the documents filter
	SortDocuments        func(col doclist.Column) // clicks a column header
	SelectDocument       func(name string) bool   // selects the row of the document named name
	DocumentDetailsShown func() bool              // whether the selected document's details show
	FoldDocuments        func(on bool)            // folds the documents away, or shows them again
	LimitsShown          func() bool              // whether the limits bar shows
}

// Chat drives the conversation pane.
type Chat struct {
	NewConversation func()                               // Ctrl/Cmd+N
	Ask             func(question string)                // types question and presses Enter
	Answer          func() (text string, streaming bool) // the newest answer so far
	StopAnswer      func()                               // Esc
	// TurnList is the list of turns shown (its place, size and scroll offset), nil before the
	// browser is; QuestionBox is the question box, to compare with the canvas's focus.
	TurnList    func() *widget.List
	QuestionBox func() fyne.Focusable
	Question    func() string // what the question box holds, "" before the browser is shown
}

// AtHand drives what issue 33 added around the main window.
type AtHand struct {
	Quick     func() *quick.Window // the Quick ask window, nil when closed
	ShowQuick func()               // opens it, as the tray's Quick ask… does
	OpenAsked func() string        // the question asked of files opened with Lectern, "" when none shows
	TrayMenu  func() []string      // the tray's menu as the app makes it now (disabled lines too)
	Focused   func() bool          // whether a window of the app has the keyboard (the app is in front)
	// UploadsOpen reports whether the uploads' list is open over the main window.
	UploadsOpen func() bool
}

// Uploads drives the uploads panel.
type Uploads struct {
	AddFiles    func(paths ...string)               // as a drop on the window
	UploadRows  func() (rows, running, refused int) // the panel's rows by state
	ShowUploads func(on bool)                       // its Uploads button
}

// Model drives the controls of a model chat in the conversation pane.
type Model struct {
	NewModelChat func() // empties the pane for a new model chat, as New model chat does
	// SetUpModelChat picks the tier, the system prompt and the answer format option (e.g.
	// "JSON: price_list"; "" leaves it) before the first message; false until they are offered.
	SetUpModelChat func(tier, system, format string) bool
	OpenTierPicker func()                    // a click on the tier picker
	TakeImages     func(paths []string) bool // as Attach or a drop does; false when no model chat shows
	Attached       func() []string           // the names of the images attached to the next message
	TypeQuestion   func(text string)         // types text in the question box without sending it
	ContextMeter   func() string             // the context meter's line, "" while it is not shown
	ModelTier      func() string             // the tier of the model chat shown, "" for a workspace's
	// SetTools turns web search on or off and has the chat consult the workspace with that id and
	// name ("" for none), as the toggle and the picker do; CallsAsking counts the cards asking
	// whether their call may run and, when allow, presses Allow once on each.
	SetTools    func(webSearch bool, workspaceID, name string) bool
	CallsAsking func(allow bool) int
}

// Assistant drives an assistant conversation in the conversation pane.
type Assistant struct {
	NewAssistant func() // as New assistant conversation does (it opens once saved)
}

// TakeFiles attaches the files at paths to the next message of the assistant conversation shown,
// as a drop does.
func (a Window) TakeFiles(paths []string) bool {
	c := a.Pane()
	return c != nil && c.TakeFiles(paths)
}

// PickWorkspace picks the workspace named name to pin on the first message.
func (a Window) PickWorkspace(name string) bool {
	c := a.Pane()
	return c != nil && c.PickAssistantWorkspace(name)
}

// AttachedFiles names the files attached to the next message.
func (a Window) AttachedFiles() []string {
	if c := a.Pane(); c != nil {
		return c.AttachedFiles()
	}
	return nil
}
