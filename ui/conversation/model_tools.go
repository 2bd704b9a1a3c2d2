package conversation

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// Tools is what the pane uses of a model chat's tools (issue 22): its settings, saved with it,
// and the sentence saying what its tier does with them; *app.Conversations is one.
type Tools interface {
	ToolSettings(ctx context.Context, conversationID int64) (records.ToolSettings, error)
	SetToolSettings(ctx context.Context, conversationID int64, s records.ToolSettings) error
	ToolsNote(ctx context.Context, conversationID int64) (string, error)
}

// toolsBar is a model chat's tools, by the question box: the web search toggle (its shortcut in
// its label and in the command palette), the workspaces the model may consult, and, on a tier
// that cannot call functions, why the model cannot use them itself.
type toolsBar struct {
	m        *modelBar
	settings records.ToolSettings
	names    map[string]string // workspace names by id, as last read for the picker
	web      *widgets.Check
	consult  *widget.Button
	mcp      *widget.Button // the MCP servers whose tools are offered (model_mcp.go)
	note     *widget.Label
	box      *fyne.Container
	keys     string // the toggle's shortcut as the person presses it ("Ctrl+Shift+E")
}

func newToolsBar(m *modelBar) *toolsBar {
	t := &toolsBar{m: m, note: widget.NewLabel(""), names: map[string]string{}}
	t.web = widgets.NewCheck("Web search", t.webToggled)
	t.consult = widget.NewButtonWithIcon("Workspaces to consult: none", theme.FolderOpenIcon(), t.pickWorkspaces)
	t.consult.Importance = widget.LowImportance
	t.note.Wrapping, t.note.Importance = fyne.TextWrapWord, widget.WarningImportance
	t.note.Hide()
	t.mcp = widget.NewButtonWithIcon(t.mcpText(), theme.ComputerIcon(), t.pickMCP)
	t.mcp.Importance = widget.LowImportance
	// The three wrap onto a second line in a narrow window rather than widen it: with an MCP
	// server's name on its button they need about 640 px on one line.
	t.box = container.NewVBox(container.New(layout.NewRowWrapLayout(), t.web, t.consult, t.mcp), t.note)
	return t
}

// setKeys names the toggle's shortcut in its label.
func (t *toolsBar) setKeys(keys string) {
	t.keys = keys
	t.web.Text = "Web search (" + keys + ")"
	t.web.Refresh()
}

// show shows conv's tools: none for a new chat; a saved one's are read off the UI goroutine.
func (t *toolsBar) show(conv records.Conversation) {
	t.set(records.ToolSettings{}, "")
	if conv.ID == 0 {
		return
	}
	ctx, tools := t.m.c.lf.Ctx, t.m.store.Tools
	go func() {
		s, err := tools.ToolSettings(ctx, conv.ID)
		note, nerr := tools.ToolsNote(ctx, conv.ID)
		list, lerr := t.m.c.b.CachedWorkspaces(ctx) // the names of the workspaces consulted
		t.m.c.lf.Do(func() {
			if t.m.c.conv.ID != conv.ID {
				return
			}
			t.m.c.errs.SetError(cmp.Or(err, nerr, lerr))
			t.learnNames(list)
			t.set(s, note)
		})
	}()
}

// set shows settings s and the tier's note.
func (t *toolsBar) set(s records.ToolSettings, note string) {
	t.settings = s
	t.web.OnChanged = nil // showing the saved state is not a change to save
	t.web.SetChecked(s.WebSearch)
	t.web.OnChanged = t.webToggled
	t.mcp.SetText(t.mcpText())
	t.setNote(note)
	t.tierChanged()
}

// setNote keeps the tier's note (what it does with the tools; "" on a tier that calls functions)
// and shows it while web search is on, the one tool such a tier still uses: off, the disabled
// workspaces' button already says that the tier cannot call functions.
func (t *toolsBar) setNote(note string) {
	t.note.SetText(safetext.OneLine(note))
	widgets.ShowIf(t.note, note != "" && t.settings.WebSearch)
}

// tierChanged offers the workspaces only on a tier that calls functions (or one not listed yet),
// and says why not on one that does not.
func (t *toolsBar) tierChanged() {
	tier, listed := t.m.tierNamed(t.m.c.conv.Model)
	if listed && !tier.Tools {
		t.consult.Disable()
		t.consult.SetText("Workspaces to consult: not on " + tier.Name + ", which cannot call functions")
		t.mcp.Disable()
		t.mcp.SetText("MCP tools: not on " + tier.Name)
		return
	}
	t.consult.Enable()
	t.consult.SetText(t.consultText())
	t.mcp.Enable()
	t.mcp.SetText(t.mcpText())
}

// reloadNote asks again what the saved chat's tier does with the tools (after a change of tier).
func (t *toolsBar) reloadNote() {
	id := t.m.c.conv.ID
	if id == 0 {
		return
	}
	go func() {
		note, err := t.m.store.Tools.ToolsNote(t.m.c.lf.Ctx, id)
		t.m.c.lf.Do(func() {
			if t.m.c.conv.ID == id && err == nil {
				t.setNote(note)
			}
		})
	}()
}

// consultTextChars is how much of the chosen workspaces' names the picker's button shows.
const consultTextChars = 50

// consultText names the workspaces chosen on the picker's button.
func (t *toolsBar) consultText() string {
	if len(t.settings.Workspaces) == 0 {
		return "Workspaces to consult: none"
	}
	names := make([]string, len(t.settings.Workspaces))
	for i, id := range t.settings.Workspaces {
		names[i] = safetext.OneLine(cmp.Or(t.names[id], id))
	}
	return "Workspaces to consult: " + words.Cut(strings.Join(names, ", "), consultTextChars)
}

// webToggled turns web search on or off from the next message.
func (t *toolsBar) webToggled(on bool) {
	t.settings.WebSearch = on
	t.setNote(t.note.Text)
	t.save()
}

// toggle turns web search on or off (its shortcut).
func (t *toolsBar) toggle() { t.web.SetChecked(!t.web.Checked) }

// save writes the settings of a saved chat (a new chat's are written when it is saved); the
// context meter then counts the tools offered.
func (t *toolsBar) save() {
	id, s := t.m.c.conv.ID, t.settings
	if id == 0 {
		return
	}
	t.m.save(func(ctx context.Context) error { return t.m.store.Tools.SetToolSettings(ctx, id, s) }, t.m.meter.changed)
}

// allowed notes that calls of tool run without asking in this chat (the person chose Always); the
// app saved it, and the next save of the settings keeps it.
func (t *toolsBar) allowed(tool records.ToolKind) {
	if !slices.Contains(t.settings.Allowed, tool) {
		t.settings.Allowed = append(t.settings.Allowed, tool)
	}
}

// pickWorkspaces opens the list of workspaces, those the chat consults ticked; OK saves the choice.
func (t *toolsBar) pickWorkspaces() {
	ctx := t.m.c.lf.Ctx
	go func() {
		list, err := t.m.c.b.CachedWorkspaces(ctx)
		t.m.c.lf.Do(func() {
			if err != nil {
				t.m.c.errs.SetError(err)
				return
			}
			t.showPicker(list)
		})
	}()
}

// learnNames keeps the names of the workspaces of list, for the picker's button.
func (t *toolsBar) learnNames(list []records.CachedWorkspace) {
	for _, ws := range list {
		t.names[ws.WorkspaceID] = safetext.OneLine(ws.Workspace.Name)
	}
}

// pickerNameChars is how much of a workspace's name the picker shows.
const pickerNameChars = 60

// showPicker shows the workspaces of list as ticks in a dialog.
func (t *toolsBar) showPicker(list []records.CachedWorkspace) {
	t.learnNames(list)
	var opts []string
	ids := map[string]string{}
	for _, ws := range list {
		name := words.Cut(safetext.OneLine(ws.Workspace.Name), pickerNameChars)
		if _, dup := ids[name]; dup {
			name += " (" + safetext.OneLine(ws.WorkspaceID) + ")"
		}
		ids[name] = ws.WorkspaceID
		opts = append(opts, name)
	}
	var selected []string
	for name, id := range ids {
		if slices.Contains(t.settings.Workspaces, id) {
			selected = append(selected, name)
		}
	}
	group := widgets.NewCheckList(opts, selected)
	intro := widget.NewLabel("The model may ask these workspaces questions while it answers; each time, you allow it first.")
	intro.Wrapping = fyne.TextWrapWord
	body := container.NewBorder(intro, nil, nil, nil, container.NewVScroll(group.Box))
	d := dialog.NewCustomConfirm("Workspaces to consult", "Save", "Cancel", body, func(ok bool) {
		if ok {
			t.chosen(opts, group.Selected(), ids)
		}
	}, t.m.c.win)
	d.Resize(fyne.NewSize(460, 360))
	d.Show()
}

// chosen saves the workspaces ticked, in the list's order (opts).
func (t *toolsBar) chosen(opts, selected []string, ids map[string]string) {
	t.settings.Workspaces = nil
	for _, name := range opts {
		if slices.Contains(selected, name) {
			t.settings.Workspaces = append(t.settings.Workspaces, ids[name])
		}
	}
	t.consult.SetText(t.consultText())
	t.save()
}

// ToggleWebSearch turns web search on or off in the model chat shown (the toggle's shortcut); it
// reports false when a workspace conversation is shown, which has no such toggle.
func (c *Pane) ToggleWebSearch() bool {
	if c.conv.Kind != records.KindModel {
		return false
	}
	c.model.tools.toggle()
	return true
}

// SetWebSearchKeys names the web search toggle's shortcut in its label ("Ctrl+Shift+E").
func (c *Pane) SetWebSearchKeys(keys string) { c.model.tools.setKeys(keys) }

// WebSearchOn reports whether web search is on in the model chat shown.
func (c *Pane) WebSearchOn() bool {
	return c.conv.Kind == records.KindModel && c.model.tools.web.Checked
}
