package ui

import (
	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/doclist"
)

// The methods in this file are the hooks of the test harness (ui/internal/tour: the smoke driver
// and the screenshot tour, built into a binary of their own), which drives the real window from a
// goroutine of its own, as RunOptions.Driver. Call them on the UI goroutine (fyne.DoAndWait). They
// do what a user's clicks and keystrokes would, so that the harness needs no view's internals.

// Backend returns the application core the window shows.
func (u *UI) Backend() Backend { return u.b }

// Settled reports whether the workspace browser shows its workspaces, and a selected workspace's
// documents, with nothing loading.
func (u *UI) Settled() bool {
	m := u.main
	return m != nil && !m.busy && m.loads == 0 && len(m.list.all) > 0 && m.docs.ws.WorkspaceID != "" &&
		!m.docs.loading.Visible()
}

// FirstRunShown reports whether the window shows the first-run page.
func (u *UI) FirstRunShown() bool {
	_, ok := u.active.(*firstRun)
	return ok
}

// TypeServer fills the first-run page's server address with s, when that page is shown.
func (u *UI) TypeServer(s string) {
	if f, ok := u.active.(*firstRun); ok {
		f.server.SetText(s)
	}
}

// TryDemo presses the first-run page's demo button, when that page is shown.
func (u *UI) TryDemo() {
	if f, ok := u.active.(*firstRun); ok {
		f.doDemo()
	}
}

// ShowBrowser shows a new workspace browser for the current server, as after connecting.
func (u *UI) ShowBrowser() { u.showMain() }

// WorkspaceNames returns the names of the browser's workspaces (none before it is shown).
func (u *UI) WorkspaceNames() []string {
	if u.main == nil {
		return nil
	}
	names := make([]string, 0, len(u.main.list.all))
	for _, w := range u.main.list.all {
		names = append(names, w.Workspace.Name)
	}
	return names
}

// SelectWorkspace selects the browser's workspace named name; false when it shows none.
func (u *UI) SelectWorkspace(name string) bool {
	if u.main == nil {
		return false
	}
	for _, w := range u.main.list.all {
		if w.Workspace.Name == name {
			return u.main.list.Select(w.WorkspaceID)
		}
	}
	return false
}

// FilterDocuments sets the documents filter to text, as one keystroke would.
func (u *UI) FilterDocuments(text string) {
	if u.main != nil {
		u.main.docs.filter.SetText(text)
	}
}

// SortDocuments sorts the documents table by col, as a click on its header would.
func (u *UI) SortDocuments(col doclist.Column) {
	if u.main != nil {
		u.main.docs.table.sortBy(col)
	}
}

// ApplyTheme applies the theme saved in the settings now, rather than when the core's
// SettingsChanged event comes back to the window.
func (u *UI) ApplyTheme() { u.applyTheme() }

// Ask types question in the conversation's box and sends it, as Enter does.
func (u *UI) Ask(question string) {
	if u.main != nil {
		u.main.chat.input.SetText(question)
		u.main.chat.sendQuestion()
	}
}

// NewConversation starts a new, empty conversation in the workspace shown (Ctrl/Cmd+N).
func (u *UI) NewConversation() { u.newConversation() }

// Answer returns the newest turn's answer text so far, and whether an answer is streaming.
func (u *UI) Answer() (text string, streaming bool) {
	if u.main == nil || len(u.main.chat.turns) == 0 {
		return "", false
	}
	c := u.main.chat
	t := c.turns[len(c.turns)-1]
	if v := c.views[t.ID]; v != nil {
		text = v.answer.Text()
	}
	return text, c.streaming != nil
}

// StopAnswer stops the answer streaming now, as Esc does.
func (u *UI) StopAnswer() {
	if u.main != nil {
		u.main.chat.stopAnswer()
	}
}

// FoldDocuments folds the documents away above the conversation, or shows them again.
func (u *UI) FoldDocuments(on bool) {
	if u.main != nil {
		u.main.docs.setFolded(on)
	}
}

// LimitsShown reports whether the workspace shown has its limits bar.
func (u *UI) LimitsShown() bool { return u.main != nil && u.main.docs.limits.root.Visible() }

// UploadRows counts the uploads panel's rows: all of them, those still running, and the files
// refused before they were queued.
func (u *UI) UploadRows() (rows, running, refused int) {
	if u.main == nil {
		return 0, 0, 0
	}
	for _, it := range u.main.intake.items {
		rows++
		if it.running() {
			running++
		}
		if it.refused() {
			refused++
		}
	}
	return rows, running, refused
}

// ShowUploads opens or hides the uploads panel, as its button does.
func (u *UI) ShowUploads(on bool) {
	if u.main != nil {
		u.main.intake.setOpen(on)
	}
}

// SelectDocument selects the row of the document named name in the table shown, as a click on it
// would, which shows its details; false when no listed document has that name.
func (u *UI) SelectDocument(name string) bool {
	if u.main == nil {
		return false
	}
	d := u.main.docs
	if d.folded {
		d.setFolded(false)
	}
	m := d.table.model
	for row := range m.Rows() {
		if r := m.Row(row); r.Kind == doclist.RowDocument && m.Doc(r.Index).Name == name {
			d.table.table.Select(widget.TableCellID{Row: row, Col: 0})
			return true
		}
	}
	return false
}

// DocumentDetailsShown reports whether the selected document's details panel is shown.
func (u *UI) DocumentDetailsShown() bool { return u.main != nil && u.main.docs.detail.shown() }
