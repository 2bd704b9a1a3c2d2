package conversation

import (
	"context"
	"fmt"
	"image/color"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/records"
	"lectern/ui/widgets"
)

// rowTexts lists the rows as shown: "[Name]" for an open folder, "[Name +]" for a closed one, "-"
// for a folder's note, a conversation's title (with "*" when marked).
func (c *List) rowTexts() []string {
	out := []string{}
	for i := range c.list.Length() {
		it := c.newItem().(*listItem)
		c.list.UpdateItem(i, it)
		switch {
		case it.folder.Visible() && it.folder.closed:
			out = append(out, "["+it.folder.name.Text+" +]")
		case it.folder.Visible():
			out = append(out, "["+it.folder.name.Text+"]")
		case it.note.Visible():
			out = append(out, "-")
		case it.conv.mark.Visible():
			out = append(out, it.conv.title.Text+"*")
		default:
			out = append(out, it.conv.title.Text)
		}
	}
	return out
}

// waitRows waits until the rows are want.
func (f *convFixture) waitRows(want ...string) {
	f.t.Helper()
	until(f.t, "rows "+strings.Join(want, "|"), func() bool { return slices.Equal(f.c.rowTexts(), want) })
}

// project makes a project named name in the app.
func (f *convFixture) project(name string) records.Project {
	f.t.Helper()
	p, err := f.app.Conversations().NewProject(f.ctx, name, "blue")
	if err != nil {
		f.t.Fatal(err)
	}
	return p
}

// move puts conversations in project p through the app.
func (f *convFixture) move(p records.Project, convs ...records.Conversation) {
	f.t.Helper()
	var ids []int64
	for _, c := range convs {
		ids = append(ids, c.ID)
	}
	if err := f.app.Conversations().MoveToProject(f.ctx, ids, p.ID); err != nil {
		f.t.Fatal(err)
	}
}

// Projects show as folders before the other conversations, their own under them; a click closes
// a folder and another opens it, and the choice is kept in the app; an empty project shows a note.
func TestProjectFoldersOpenCloseAndKeep(t *testing.T) {
	f := newConvFixture(t)
	a, b, loose := f.newConv(opsID, "Alpha"), f.newConv(opsID, "Beta"), f.newConv(opsID, "Loose")
	trip := f.project("Trip")
	f.project("Empty")
	f.move(trip, a, b)
	f.showWith(opsID)
	f.waitRows("[Empty]", "-", "[Trip]", "Beta", "Alpha", "Loose")

	f.c.list.Select(2) // the Trip folder
	f.waitRows("[Empty]", "-", "[Trip +]", "Loose")
	until(t, "closed kept", func() bool { p, _ := f.app.Conversations().Project(f.ctx, trip.ID); return p.Collapsed })
	if len(f.opened) != 0 {
		t.Errorf("a folder opened a conversation: %+v", f.opened)
	}
	f.c.Show(financeID) // read again from the app: still closed
	f.c.Show(opsID)
	f.waitRows("[Empty]", "-", "[Trip +]", "Loose")
	f.c.list.Select(2)
	f.waitRows("[Empty]", "-", "[Trip]", "Beta", "Alpha", "Loose")
	f.c.list.Select(5)
	if len(f.opened) != 1 || f.opened[0].ID != loose.ID {
		t.Errorf("opened %+v", f.opened)
	}
	for _, name := range records.ProjectColours {
		if ProjectColour(name) == color.Transparent {
			t.Errorf("the colour %q is not drawn", name)
		}
	}
}

// The filter keeps the rows whose titles hold its words, in folders or not; a folder without
// any is left out.
func TestProjectFilterKeepsMatchingRows(t *testing.T) {
	f := newConvFixture(t)
	a := f.newConv(opsID, "Harbour fees")
	f.newConv(opsID, "Holiday dates")
	f.newConv(opsID, "Harbour hours")
	f.move(f.project("Port"), a)
	f.showWith(opsID)
	f.waitRows("[Port]", "Harbour fees", "Harbour hours", "Holiday dates")
	f.c.SetFilter("HARB")
	f.waitRows("[Port]", "Harbour fees", "Harbour hours")
	f.c.SetFilter("harbour hours")
	f.waitRows("Harbour hours")
	f.c.SetFilter("nothing like it")
	f.waitRows()
	if !f.c.empty.Visible() || !strings.Contains(f.c.empty.Text, "No conversation's title") {
		t.Errorf("empty note %q", f.c.empty.Text)
	}
	f.c.SetFilter("")
	f.waitRows("[Port]", "Harbour fees", "Harbour hours", "Holiday dates")
}

// Ctrl-click marks conversations (the open one first), Shift-click a run of them; the row menu's
// Move to project moves the marked ones together, and a plain click takes the marks away.
func TestProjectMoveSeveralByTheMenu(t *testing.T) {
	f := newConvFixture(t)
	one, two, three := f.newConv(opsID, "One"), f.newConv(opsID, "Two"), f.newConv(opsID, "Three")
	f.project("Dest")
	f.showWith(opsID)
	f.waitRows("[Dest]", "-", "Three", "Two", "One")
	var mods fyne.KeyModifier
	f.c.modifiers = func() fyne.KeyModifier { return mods }
	f.c.list.Select(2) // Three, opened
	mods = fyne.KeyModifierControl
	f.c.list.Select(4) // One
	f.waitRows("[Dest]", "-", "Three*", "Two", "One*")
	if got := f.c.Marked(); !slices.Equal(got, []int64{three.ID, one.ID}) {
		t.Fatalf("marked %v", got)
	}
	item := f.c.moveItem(one)
	if item.Label != "Move 2 conversations to project" || item.ChildMenu.Items[0].Label != "Dest" {
		t.Fatalf("menu %q %+v", item.Label, item.ChildMenu.Items)
	}
	item.ChildMenu.Items[0].Action()
	f.waitRows("[Dest]", "Three", "One", "Two")
	if got, _ := f.app.Conversations().Get(f.ctx, two.ID); got.ProjectID != 0 {
		t.Errorf("an unmarked conversation moved: %+v", got)
	}
	// Shift marks the run from the last click; the menu of an unmarked row moves it alone.
	mods = 0
	f.c.rowReselected(1) // Three, the open one, clicked again
	mods = fyne.KeyModifierShift
	f.c.list.Select(3) // Two: Three, One and Two marked
	f.waitRows("[Dest]", "Three*", "One*", "Two*")
	mods = 0
	f.c.list.Select(2) // a plain click: the marks go
	f.waitRows("[Dest]", "Three", "One", "Two")
	listed, _ := f.c.conversation(three.ID)
	item = f.c.moveItem(listed)
	if item.Label != "Move to project" || item.ChildMenu.Items[len(item.ChildMenu.Items)-1].Label != "No project" {
		t.Fatalf("menu of a conversation in a project: %q %+v", item.Label, item.ChildMenu.Items)
	}
	item.ChildMenu.Items[len(item.ChildMenu.Items)-1].Action()
	f.waitRows("[Dest]", "One", "Three", "Two")
}

// A drag of a conversation row onto a folder moves it into that project; a drag that ends
// elsewhere moves nothing.
func TestProjectDragRowOntoFolder(t *testing.T) {
	f := newConvFixture(t)
	f.newConv(opsID, "Stay")
	mover := f.newConv(opsID, "Mover")
	dest := f.project("Dest")
	f.showWith(opsID)
	f.waitRows("[Dest]", "-", "Mover", "Stay")
	f.win.Content().Refresh()
	folder, row := f.shownFolder(dest.ID), f.shownConvRow(mover.ID)
	if folder == nil || row == nil {
		t.Fatal("the folder or the row is not drawn")
	}
	drv := fyne.CurrentApp().Driver()
	from := drv.AbsolutePositionForObject(row).Add(fyne.NewPos(40, 10))
	to := drv.AbsolutePositionForObject(folder).Add(fyne.NewPos(40, 10))
	drag(row, from, from.Add(fyne.NewPos(0, 300))) // below every row: nothing moves
	drain()
	if got, _ := f.app.Conversations().Get(f.ctx, mover.ID); got.ProjectID != 0 {
		t.Fatalf("a drop outside a folder moved %+v", got)
	}
	drag(row, from, to)
	f.waitRows("[Dest]", "Mover", "Stay")
	if got, _ := f.app.Conversations().Get(f.ctx, mover.ID); got.ProjectID != dest.ID {
		t.Errorf("after the drop: %+v", got)
	}
}

// drag moves the pointer from from to to in steps over d, as the window's driver tells a drag
// (the absolute position of the pointer with each step), and ends it.
func drag(d fyne.Draggable, from, to fyne.Position) {
	const steps = 8
	for i := 1; i <= steps; i++ {
		at := fyne.NewPos(from.X+(to.X-from.X)*float32(i)/steps, from.Y+(to.Y-from.Y)*float32(i)/steps)
		d.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{AbsolutePosition: at},
			Dragged: fyne.NewDelta((to.X-from.X)/steps, (to.Y-from.Y)/steps)})
	}
	d.DragEnd()
}

// shownFolder is the folder row drawn for project id.
func (f *convFixture) shownFolder(id int64) *folderRow {
	for _, r := range f.c.ShownRows() {
		if fr, ok := r.Object.(*folderRow); ok && fr.id == id {
			return fr
		}
	}
	return nil
}

// shownConvRow is the row drawn for conversation id.
func (f *convFixture) shownConvRow(id int64) *conversationRow {
	var found *conversationRow
	walk(f.win.Content(), func(o fyne.CanvasObject) {
		if r, ok := o.(*conversationRow); ok && r.Visible() && r.id == id {
			found = r
		}
	})
	return found
}

// New project asks for a name and makes it; a name taken is refused in words.
func TestProjectNewByTheDialog(t *testing.T) {
	f := newConvFixture(t)
	f.newConv(opsID, "Some")
	f.showWith(opsID, "Some")
	f.c.AskNewProject()
	typeInDialog(t, f, "Garden")
	f.waitRows("[Garden]", "-", "Some")
	f.c.AskNewProject()
	typeInDialog(t, f, "garden")
	until(t, "the error said", func() bool {
		return f.c.errView.Err() != nil && strings.Contains(f.app.Describe(f.c.errView.Err()), "exists already")
	})
}

// typeInDialog types text in the entry of the dialog on top and submits it.
func typeInDialog(t *testing.T, f *convFixture, text string) {
	t.Helper()
	top := f.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	var entry *widgets.Entry
	walk(top, func(o fyne.CanvasObject) {
		if e, ok := o.(*widgets.Entry); ok && entry == nil {
			entry = e
		}
	})
	if entry == nil {
		t.Fatal("no entry in the dialog")
	}
	test.Type(entry, text)
	entry.OnSubmitted(entry.Text)
}

// Move to project… (the keyboard's way, File menu and palette) moves the open conversation to a
// project picked, or to a new one typed.
func TestProjectMoveByTheKeyboardDialog(t *testing.T) {
	f := newConvFixture(t)
	conv := f.newConv(opsID, "Open one")
	f.project("Kept")
	f.showWith(opsID)
	f.waitRows("[Kept]", "-", "Open one")
	f.c.AskMove()
	if f.c.errView.Err() == nil {
		t.Error("a move with nothing open said nothing")
	}
	f.c.list.Select(2)
	f.c.AskMove()
	typeInDialog(t, f, "Fresh")
	f.waitRows("[Fresh]", "Open one", "[Kept]", "-")
	if got, _ := f.app.Conversations().Get(f.ctx, conv.ID); got.ProjectID == 0 {
		t.Errorf("not moved: %+v", got)
	}
}

// A preset keeps the tools of the chat it was saved from, MCP servers among them; picking it for a
// new chat shows them, and the chat saved offers them (issue 30's folder or preset).
func TestProjectPresetCarriesTheMCPServersInThePane(t *testing.T) {
	f := newFixture(t, fastConfig())
	ctx := context.Background()
	tools := records.ToolSettings{WebSearch: true, MCPServers: []string{"local"}}
	if _, err := f.app.Models().SavePreset(ctx, records.Preset{Name: "Researcher", Tier: "Fast", Tools: tools}); err != nil {
		t.Fatal(err)
	}
	c := modelChat(t, f)
	until(t, "the presets offered", func() bool { return len(c.model.preset.Options) == 2 })
	c.model.preset.SetSelected("Researcher")
	if !slices.Equal(c.model.tools.settings.MCPServers, []string{"local"}) || !c.model.tools.web.Checked ||
		!strings.Contains(c.model.tools.mcp.Text, "local") {
		t.Fatalf("after the preset: %+v, button %q", c.model.tools.settings, c.model.tools.mcp.Text)
	}
	c.Ask("Good morning")
	until(t, "the answer", func() bool { return len(c.turns) == 1 && c.turns[0].Status != records.TurnPending })
	saved, _ := f.app.Models().ToolSettings(ctx, c.ConversationID())
	if !slices.Equal(saved.MCPServers, []string{"local"}) || !saved.WebSearch {
		t.Errorf("the chat saved offers %+v", saved)
	}
	c.model.savePreset("Copy")
	until(t, "the preset saved", func() bool { return len(c.model.presets) == 2 })
	list, _ := f.app.Models().Presets(ctx)
	for _, p := range list {
		if !slices.Equal(p.Tools.MCPServers, []string{"local"}) {
			t.Errorf("preset %q keeps %+v", p.Name, p.Tools)
		}
	}
}

// menuAction runs the item labelled label of menu.
func menuAction(t *testing.T, menu *fyne.Menu, label string) {
	t.Helper()
	for _, it := range menu.Items {
		if it.Label == label {
			it.Action()
			return
		}
	}
	t.Fatalf("no %q in the menu", label)
}

// TestProjectFolderMenuStartsEveryKind: a folder's menu starts a question, a model chat and an
// assistant conversation in the project, with its defaults: the question on the project's
// workspace, else the one shown; the assistant pinned to the project's workspace when it takes it
// (the demo's assistant takes My documents), else to none. Each opens and is listed in the folder.
func TestProjectFolderMenuStartsEveryKind(t *testing.T) {
	f := newConvFixture(t)
	p := f.project("Trip")
	f.showWith(opsID)
	f.waitRows("[Trip]", "-")
	started := func(what string) records.Conversation {
		t.Helper()
		n := len(f.opened)
		menuAction(t, f.c.folderMenu(p), what)
		until(t, what+" opened", func() bool { return len(f.opened) > n })
		conv := f.opened[len(f.opened)-1]
		if saved, err := f.app.Conversations().Get(f.ctx, conv.ID); err != nil || saved.ProjectID != p.ID {
			t.Fatalf("%s: %+v %v", what, saved, err)
		}
		return conv
	}
	if q := started("New question here"); q.Kind != records.KindWorkspace || q.WorkspaceID != opsID {
		t.Errorf("a question in a project without a workspace: %+v", q)
	}
	if a := started("New assistant conversation here"); a.Kind != records.KindAssistant || a.WorkspaceID != "" {
		t.Errorf("an assistant conversation in a project without a workspace: %+v", a)
	}
	own := f.info.Personal
	if err := f.app.Conversations().SetProjectDefaults(f.ctx, p.ID, records.ProjectDefaults{WorkspaceID: own, Tier: "Smart"}); err != nil {
		t.Fatal(err)
	}
	until(t, "the defaults listed", func() bool { q, _ := f.c.project(p.ID); return q.Defaults.WorkspaceID == own })
	p, _ = f.c.project(p.ID)
	if q := started("New question here"); q.WorkspaceID != own {
		t.Errorf("a question on the project's workspace: %+v", q)
	}
	if a := started("New assistant conversation here"); a.WorkspaceID != own {
		t.Errorf("an assistant conversation pinned to the project's workspace: %+v", a)
	}
	f.c.OnNewModelChat = func(conv records.Conversation) { f.opened = append(f.opened, conv) }
	if m := started("New model chat here"); m.Kind != records.KindModel || m.Model != "Smart" {
		t.Errorf("a model chat with the project's tier: %+v", m)
	}
	if err := f.app.Conversations().SetProjectDefaults(f.ctx, p.ID, records.ProjectDefaults{WorkspaceID: financeID}); err != nil {
		t.Fatal(err)
	}
	until(t, "the defaults listed", func() bool { q, _ := f.c.project(p.ID); return q.Defaults.WorkspaceID == financeID })
	p, _ = f.c.project(p.ID)
	if a := started("New assistant conversation here"); a.WorkspaceID != "" {
		t.Errorf("a workspace the assistant does not take was pinned: %+v", a)
	}
	if in, _ := f.app.Conversations().Project(f.ctx, p.ID); in.Conversations != 6 {
		t.Errorf("the project holds %d conversations, want 6", in.Conversations)
	}
}

// The rows shown are what the list draws: a row cut by the list's bottom edge is given as its
// part inside the list, so that a drop below that edge is not taken as a drop on it (and the real
// window's drag picks a row in sight whole).
func TestProjectRowsShownStopAtTheListsEdge(t *testing.T) {
	f := newConvFixture(t)
	f.newConv(opsID, "Loose")
	for i := range 20 {
		f.project(fmt.Sprintf("Project %02d", i))
	}
	f.showWith(opsID)
	until(t, "every folder listed", func() bool { return len(f.c.rowTexts()) == 41 })
	f.win.Content().Refresh()
	drv := fyne.CurrentApp().Driver()
	top := drv.AbsolutePositionForObject(f.c.list).Y
	edge := top + f.c.list.Size().Height
	cut := false
	for _, r := range f.c.ShownRows() {
		if r.At.Y < top-0.5 || r.At.Y+r.Size.Height > edge+0.5 {
			t.Errorf("%q is given from y %.0f to %.0f, outside the list's %.0f to %.0f", r.Text, r.At.Y, r.At.Y+r.Size.Height, top, edge)
		}
		cut = cut || drv.AbsolutePositionForObject(r.Object).Y+r.Object.Size().Height > edge+0.5
	}
	if !cut {
		t.Fatal("no row is cut by the list's edge: the test shows nothing")
	}
}
