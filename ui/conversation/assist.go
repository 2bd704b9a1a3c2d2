package conversation

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/assistant"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// Assistants is what the pane uses of the saved conversations for a conversation with the
// assistant (POST /chat); *assistant.Assistant is one.
type Assistants interface {
	NewAssistant(ctx context.Context, workspaceID, title string) (records.Conversation, error)
	SetAssistantWorkspace(ctx context.Context, id int64, workspaceID string) (records.Conversation, error)
	// NewAssistantInProject starts one in a project, pinned to its workspace when the assistant takes it.
	NewAssistantInProject(ctx context.Context, project int64, title string) (records.Conversation, error)
}

// noWorkspace is the workspace picker's first choice.
const noWorkspace = "No workspace"

// serverHistory says where else an assistant conversation is kept (model-api.md §4: POST /chat is
// "saved in the key owner's chat history").
const serverHistory = "Assistant conversations are also saved on the server, in the key owner's chat history."

// assistBar is the pane's controls for a conversation with the assistant: the workspace to pin on
// the first message (from GET /workspaces; said once pinned), the line saying the server keeps the
// conversation too, the files of the next message as chips with a remove button, and Attach. The
// turns and the question box are the pane's own, as for every kind.
type assistBar struct {
	c          *Pane
	workspaces []client.ToolWorkspace
	wsSel      *widgets.Select
	pinned     *widget.Label
	chooser    *fyne.Container // the workspace picker with its label, before the first message
	pinDone    bool            // the first message went (or the turns are not read yet): no picker
	top        *fyne.Container
	note       *widget.Label // the line saying the server keeps the conversation, made when first shown
	files      *attachTray
	attach     *widget.Button
}

// assistTypes are the types the Attach picker lists: those /chat takes, and the old Office ones,
// so that choosing one says what to save it as.
var assistTypes = slices.Concat(client.ChatDocumentTypes, client.ChatAudioTypes, client.ChatVideoTypes,
	[]string{".doc", ".xls", ".ppt"})

func newAssistBar(c *Pane) *assistBar {
	a := &assistBar{c: c, wsSel: widgets.NewSelect("Workspace to pin", []string{noWorkspace}, nil), pinned: widget.NewLabel("")}
	a.wsSel.SetSelectedIndex(0)
	a.pinned.Truncation = fyne.TextTruncateEllipsis
	a.chooser = container.NewBorder(nil, nil, widget.NewLabel("Workspace"), nil, a.wsSel)
	a.top = container.NewVBox(a.chooser, a.pinned) // the server's line joins when first shown
	a.files = newAttachTray(c)
	a.attach = widget.NewButtonWithIcon("Attach", theme.FileIcon(), a.choose)
	a.hide()
	return a
}

// hide hides every assistant control (another kind of conversation is shown).
func (a *assistBar) hide() {
	for _, o := range []fyne.CanvasObject{a.top, a.files.box, a.attach} {
		o.Hide()
	}
}

// show shows the controls for conv and reads the workspaces the assistant may use off the UI
// goroutine. Neither the picker nor the pin shows until the pane has read the turns (setBegun).
func (a *assistBar) show(conv records.Conversation) {
	if a.note == nil { // made here, not at the start: a hidden label is still measured, and its
		// italic face would be loaded for nothing in a window that never shows the assistant
		a.note = widget.NewLabel(serverHistory)
		a.note.Wrapping, a.note.TextStyle = fyne.TextWrapWord, fyne.TextStyle{Italic: true}
		a.top.Add(a.note)
	}
	for _, o := range []fyne.CanvasObject{a.top, a.attach} {
		o.Show()
	}
	a.files.clear()
	a.pinDone = true
	a.chooser.Hide()
	a.pinned.Hide()
	go func() {
		list, err := a.c.b.ToolWorkspaces(a.c.lf.Ctx)
		a.c.lf.Do(func() {
			if a.c.conv.ID != conv.ID || a.c.conv.Kind != records.KindAssistant {
				return
			}
			if err != nil && !a.begun() {
				a.c.errs.SetError(err) // the picker stays at No workspace
			}
			a.setWorkspaces(list)
		})
	}()
}

// begun reports whether the conversation shown has its pin (its first message went).
func (a *assistBar) begun() bool { return a.pinDone }

// setBegun shows the workspace picker before the first message, or the pin after it.
func (a *assistBar) setBegun(begun bool) {
	a.pinDone = begun
	widgets.ShowIf(a.chooser, !begun)
	widgets.ShowIf(a.pinned, begun)
	a.pinned.SetText(a.pinText())
}

// setWorkspaces fills the picker with the workspaces the assistant may use, the conversation's
// own chosen.
func (a *assistBar) setWorkspaces(list []client.ToolWorkspace) {
	a.workspaces = list
	opts := []string{noWorkspace}
	for _, w := range list {
		opts = append(opts, workspaceOption(w))
	}
	a.wsSel.Options = opts
	a.wsSel.SetSelectedIndex(0)
	for i, w := range list {
		if w.ID == a.c.conv.WorkspaceID {
			a.wsSel.SetSelectedIndex(i + 1)
		}
	}
	a.pinned.SetText(a.pinText())
}

// workspaceOption names a workspace in the picker: its name on one line, or its id.
func workspaceOption(w client.ToolWorkspace) string {
	if w.Name == "" {
		return safetext.OneLine(w.ID)
	}
	return words.Cut(safetext.OneLine(w.Name), 60)
}

// chosen is the id of the workspace picked, "" for none.
func (a *assistBar) chosen() string {
	if i := a.wsSel.SelectedIndex() - 1; i >= 0 && i < len(a.workspaces) {
		return a.workspaces[i].ID
	}
	return ""
}

// pinText says the workspace the conversation is pinned to, by name when the list has it.
func (a *assistBar) pinText() string {
	id := a.c.conv.WorkspaceID
	if id == "" {
		return "No workspace pinned: the assistant answers from the files and what it finds itself."
	}
	for _, w := range a.workspaces {
		if w.ID == id {
			id = workspaceOption(w)
		}
	}
	return "Pinned to the workspace " + safetext.OneLine(id) + "."
}

// choose opens the file picker on the home folder; the files chosen are attached.
func (a *assistBar) choose() {
	home, err := os.UserHomeDir()
	if err != nil {
		home = string(filepath.Separator)
	}
	dialogs.ShowPicker(a.c.win, home, dialogs.Picking{Title: "Attach files", Button: "Attach", Types: assistTypes},
		func(paths []string) { a.c.takeAssistantFiles(paths) })
}

// takeAssistantFiles attaches the files at paths to the next message of the assistant
// conversation shown (Attach, or a drop onto the window), each checked off the UI goroutine (its
// type: old .doc, .xls and .ppt are refused with what to save them as; its size).
func (c *Pane) takeAssistantFiles(paths []string) {
	takeFiles(c, records.KindAssistant, paths, assistant.AssistantFile, c.assist.files.take)
}

// takeFiles loads each of paths with load off the UI goroutine (a drop or Attach), then, while a
// conversation of kind is still shown, says the first file refused under the box and gives the
// others to take.
func takeFiles[T any](c *Pane, kind records.ConversationKind, paths []string, load func(string) (T, error), take func([]T)) {
	go func() {
		var taken []T
		var refused error
		for _, p := range paths {
			v, err := load(p)
			if err != nil {
				refused = cmp.Or(refused, err)
				continue
			}
			taken = append(taken, v)
		}
		c.lf.Do(func() {
			if c.conv.Kind != kind {
				return
			}
			c.errs.SetError(refused)
			if len(taken) > 0 {
				take(taken)
			}
		})
	}()
}

// AttachedFiles names the files attached to the next message of the assistant conversation shown.
func (c *Pane) AttachedFiles() []string {
	var names []string
	for _, f := range c.assist.files.files {
		names = append(names, f.Name)
	}
	return names
}

// PickAssistantWorkspace picks the workspace named name (or with that id) to pin on the first
// message of the assistant conversation shown; false when none is offered by that name.
func (c *Pane) PickAssistantWorkspace(name string) bool {
	a := c.assist
	if c.conv.Kind != records.KindAssistant || a.begun() {
		return false
	}
	for i, w := range a.workspaces {
		if w.Name == name || w.ID == name {
			a.wsSel.SetSelectedIndex(i + 1)
			return true
		}
	}
	return false
}
