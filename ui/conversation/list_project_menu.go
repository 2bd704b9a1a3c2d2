package conversation

import (
	"context"
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// A folder's menu (New question here, New model chat here, New assistant conversation here,
// Rename…, Colour ▸, Project defaults…, Delete…) and the dialogs it opens, and New project. Each
// New … here starts a conversation of its kind in the project with the project's defaults.

// project returns the listed project id.
func (c *List) project(id int64) (records.Project, bool) {
	for _, p := range c.projects {
		if p.ID == id {
			return p, true
		}
	}
	return records.Project{}, false
}

// showFolderMenu opens a folder's menu under its button.
func (c *List) showFolderMenu(id int64, at fyne.CanvasObject) {
	p, ok := c.project(id)
	if !ok {
		return
	}
	widget.ShowPopUpMenuAtRelativePosition(c.folderMenu(p), c.win.Canvas(), fyne.NewPos(0, at.Size().Height), at)
}

// folderMenu is the menu of p's folder.
func (c *List) folderMenu(p records.Project) *fyne.Menu {
	var colours []*fyne.MenuItem
	for _, name := range append([]string{""}, records.ProjectColours...) {
		label := "No colour"
		if name != "" {
			label = strings.ToUpper(name[:1]) + name[1:]
		}
		it := fyne.NewMenuItem(label, func() { c.setColour(p.ID, name) })
		it.Checked = name == p.Colour
		colours = append(colours, it)
	}
	colour := fyne.NewMenuItemWithIcon("Colour", theme.ColorPaletteIcon(), nil)
	colour.ChildMenu = fyne.NewMenu("", colours...)
	return fyne.NewMenu("",
		fyne.NewMenuItemWithIcon("New question here", theme.ContentAddIcon(), func() { c.NewQuestionIn(p.ID) }),
		fyne.NewMenuItemWithIcon("New model chat here", theme.ComputerIcon(), func() { c.NewChatIn(p.ID) }),
		fyne.NewMenuItemWithIcon("New assistant conversation here", theme.AccountIcon(), func() { c.NewAssistantIn(p.ID) }),
		fyne.NewMenuItemWithIcon("Rename…", theme.DocumentCreateIcon(), func() { c.askRenameProject(p) }),
		colour,
		fyne.NewMenuItemWithIcon("Project defaults…", theme.SettingsIcon(), func() { c.askDefaults(p) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItemWithIcon("Delete…", theme.DeleteIcon(), func() { c.askDeleteProject(p) }))
}

// AskNewProject asks for a name and makes a project (the New project button, the File menu).
func (c *List) AskNewProject() {
	c.askProjectName("New project", "Make", "", func(name string) {
		c.run(func(ctx context.Context) error { _, err := c.store.Projects.NewProject(ctx, name, ""); return err }, nil)
	})
}

// askProjectName opens a dialog titled title that asks for a project's name, starting from name,
// and calls then with what was typed.
func (c *List) askProjectName(title, confirm, name string, then func(name string)) {
	entry := widgets.NewEntry("Project name")
	entry.SetText(name)
	items := []*widget.FormItem{widget.NewFormItem("Name", entry)}
	d := dialog.NewForm(title, confirm, "Cancel", items, func(ok bool) {
		if ok {
			then(entry.Text)
		}
	}, c.win)
	entry.OnSubmitted = func(string) { d.Submit() }
	d.Resize(fyne.NewSize(420, d.MinSize().Height))
	dialogs.Show(d, c.win)
	c.win.Canvas().Focus(entry)
}

// askRenameProject renames p.
func (c *List) askRenameProject(p records.Project) {
	c.askProjectName("Rename project", "Rename", p.Name, func(name string) {
		c.run(func(ctx context.Context) error { return c.store.Projects.RenameProject(ctx, p.ID, name) }, nil)
	})
}

// setColour gives project id colour ("" for none).
func (c *List) setColour(id int64, colour string) {
	c.run(func(ctx context.Context) error { return c.store.Projects.SetProjectColour(ctx, id, colour) }, nil)
}

// askDeleteProject asks, then deletes p with its conversations (to the trash, together).
func (c *List) askDeleteProject(p records.Project) {
	msg := "Delete the project “" + safetext.OneLine(p.Name) + "”? It goes to the trash"
	if p.Conversations > 0 {
		msg += " with its " + words.Count(p.Conversations, "conversation") + ", which come back with it when it is restored (Settings → Trash)"
	}
	d := dialog.NewConfirm("Delete project", msg+".", func(ok bool) {
		if ok {
			c.run(func(ctx context.Context) error { return c.store.Projects.DeleteProject(ctx, p.ID) }, nil)
		}
	}, c.win)
	d.SetConfirmText("Delete")
	dialogs.Show(d, c.win)
}

// NewChatIn starts a model chat with project id's defaults and opens it as NewModelChat does.
func (c *List) NewChatIn(id int64) {
	c.openNew(func(ctx context.Context) (records.Conversation, error) {
		return c.store.ProjectChats.NewChatInProject(ctx, id, "")
	}, c.OnNewModelChat)
}

// NewQuestionIn starts a workspace conversation in project id, on the project's workspace, else
// the workspace shown, and opens it (the window shows its workspace).
func (c *List) NewQuestionIn(id int64) {
	shown := c.workspaceID
	c.openNew(func(ctx context.Context) (records.Conversation, error) {
		return c.store.Projects.NewInProject(ctx, id, shown, "", "")
	}, nil)
}

// NewAssistantIn starts an assistant conversation in project id, pinned to the project's
// workspace when the assistant takes it, and opens it.
func (c *List) NewAssistantIn(id int64) {
	c.openNew(func(ctx context.Context) (records.Conversation, error) {
		return c.store.Assistants.NewAssistantInProject(ctx, id, "")
	}, nil)
}

// askDefaults opens Project defaults…: the workspace, tier and system prompt a conversation
// started in p begins with, and its tools (web search, the MCP servers whose tools it offers).
func (c *List) askDefaults(p records.Project) {
	d := p.Defaults
	wsNames, wsIDs := []string{"None"}, []string{""}
	for id, name := range c.wsNames {
		wsNames, wsIDs = append(wsNames, safetext.OneLine(name)), append(wsIDs, id)
	}
	ws := widgets.NewSelect("Workspace", wsNames, nil)
	ws.SetSelectedIndex(0)
	for i, id := range wsIDs {
		if id == d.WorkspaceID && id != "" {
			ws.SetSelectedIndex(i)
		}
	}
	tier := widgets.NewEntry("Tier")
	tier.SetPlaceHolder("the default tier")
	tier.SetText(d.Tier)
	system := widgets.NewMultiLineEntry("System prompt")
	system.SetText(d.System)
	system.SetMinRowsVisible(3)
	web := widgets.NewCheck("Web search", nil)
	web.Checked = d.Tools.WebSearch
	var servers []string
	if c.store.MCP != nil {
		for _, s := range c.store.MCP.States() {
			servers = append(servers, s.Name)
		}
	}
	mcp := widgets.NewCheckList(servers, d.Tools.MCPServers)
	items := []*widget.FormItem{widget.NewFormItem("Workspace", ws), widget.NewFormItem("Tier", tier),
		widget.NewFormItem("System prompt", system), widget.NewFormItem("Tools", web)}
	if len(servers) > 0 {
		items = append(items, widget.NewFormItem("MCP servers", mcp.Box))
	}
	dlg := dialog.NewForm("Defaults of “"+safetext.OneLine(p.Name)+"”", "Save", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		d.WorkspaceID, d.Tier, d.System = wsIDs[max(ws.SelectedIndex(), 0)], tier.Text, system.Text
		d.Tools.WebSearch, d.Tools.MCPServers = web.Checked, mcp.Selected()
		c.run(func(ctx context.Context) error { return c.store.Projects.SetProjectDefaults(ctx, p.ID, d) }, nil)
	}, c.win)
	dlg.Resize(fyne.NewSize(480, dlg.MinSize().Height))
	dialogs.Show(dlg, c.win)
}

// AskMove asks which project the marked conversations (else the open one) go to: one of the
// list's, none, or a new one by name (File → Move to project…, the command palette: the
// keyboard's way to move).
func (c *List) AskMove() {
	ids := c.Marked()
	if len(ids) == 0 && c.selected != 0 {
		ids = []int64{c.selected}
	}
	if len(ids) == 0 {
		c.setError(errors.New("open a conversation, or mark several with Ctrl-click, to move them to a project"))
		return
	}
	names := []string{"No project"}
	for _, p := range c.projects {
		names = append(names, safetext.OneLine(words.Cut(p.Name, 60)))
	}
	pick := widgets.NewSelect("Project", names, nil)
	pick.SetSelectedIndex(0)
	if conv, ok := c.conversation(ids[0]); ok {
		for i, p := range c.projects {
			if p.ID == conv.ProjectID {
				pick.SetSelectedIndex(i + 1)
			}
		}
	}
	fresh := widgets.NewEntry("New project")
	fresh.SetPlaceHolder("or type a new project's name")
	items := []*widget.FormItem{widget.NewFormItem("Project", pick), widget.NewFormItem("New project", fresh)}
	d := dialog.NewForm("Move "+words.Count(len(ids), "conversation"), "Move", "Cancel", items, func(ok bool) {
		switch i := pick.SelectedIndex(); {
		case !ok:
		case strings.TrimSpace(fresh.Text) != "":
			c.moveToNew(ids, fresh.Text)
		case i <= 0:
			c.moveTo(ids, 0)
		default:
			c.moveTo(ids, c.projects[i-1].ID)
		}
	}, c.win)
	fresh.OnSubmitted = func(string) { d.Submit() }
	d.Resize(fyne.NewSize(440, d.MinSize().Height))
	dialogs.Show(d, c.win)
}
