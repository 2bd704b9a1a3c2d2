package conversation

import (
	"lectern/app"
)

// What a drop of files on the window does depends on the conversation shown: a workspace's adds
// them to it, a model chat and the assistant attach them to the next message. Nothing marks the
// window while files are dragged over it (Fyne's window hears of a drag only once it is dropped),
// so each conversation says it in its intro, and a drop that attached files says so (issue 35).

// DropHint says what a drop of files on the window does in the conversation shown.
func (c *Pane) DropHint() string {
	switch c.conv.Kind {
	case app.KindModel:
		return "Images and PDFs dropped on the window go with your next message to the model; they are not added to a workspace."
	case app.KindAssistant:
		return "Files dropped on the window go with your next message to the assistant; they are not added to a workspace."
	}
	switch {
	case c.ws.WorkspaceID == "":
		return ""
	case c.noFiles:
		return "Files dropped on the window are not added: " + quoted(c.ws.Name) + " takes none."
	}
	return "Files dropped on the window are added to " + quoted(c.ws.Name) + "."
}

// SetTakesFiles says whether the workspace shown takes files (the window asks the core), for
// DropHint.
func (c *Pane) SetTakesFiles(takes bool) {
	c.noFiles = !takes
	c.intro.SetText(c.introText())
}

// saidDropped says, under the question box, that the files just dropped are for the next
// message rather than added to a workspace (whether each is taken, its tray says).
func (c *Pane) saidDropped() { c.dropped.Say(droppedNote) }

// droppedNote is what a drop on a model chat or the assistant says, short enough for one line.
const droppedNote = "Dropped files are for this chat's next message; they are not added to a workspace."

// DroppedNote is what the pane says of the files just dropped, "" once it went (tests, the harness).
func (c *Pane) DroppedNote() string { return c.dropped.Text() }

// quoted is a workspace's name on one line, in quotes.
func quoted(name string) string { return "“" + app.OneLine(name) + "”" }
