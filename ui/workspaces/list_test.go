package workspaces

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/ui/internal/uitest"
)

// demoList is the list in a test window, over four workspaces of the demo's kinds.
func demoList(t *testing.T) (*List, fyne.Window, *[]app.CachedWorkspace) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	l := New(w.Canvas().Focus)
	picked := &[]app.CachedWorkspace{}
	l.OnSelected = func(ws app.CachedWorkspace) { *picked = append(*picked, ws) }
	w.SetContent(l.Root())
	w.Resize(fyne.NewSize(340, 500))
	l.Set([]app.CachedWorkspace{
		{Workspace: client.Workspace{WorkspaceID: "org_fin", Name: "Finance", Scope: "organization", Access: "member"}},
		{Workspace: client.Workspace{WorkspaceID: "org_ops", Name: "Operations", Scope: "organization", Access: "member"}},
		{Workspace: client.Workspace{WorkspaceID: "ws_me", Name: "My documents", Scope: "personal", Access: "owner"}},
		{Workspace: client.Workspace{WorkspaceID: "ws_hb", Name: "Employee handbook", Scope: "personal", Access: "shared"}},
	})
	return l, w, picked
}

func TestFilterAndKeyboard(t *testing.T) {
	l, w, picked := demoList(t)
	test.Type(l.filter, "fin")
	if len(l.shown) != 1 || l.All()[l.shown[0]].Workspace.Name != "Finance" {
		t.Fatalf("filtered workspaces: %v", l.shown)
	}
	l.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(*picked) != 1 || (*picked)[0].Workspace.Name != "Finance" {
		t.Fatalf("picked %v", *picked)
	}
	if w.Canvas().Focused() != l.list {
		t.Errorf("Enter in the filter box should move the focus to the list, focused: %T", w.Canvas().Focused())
	}
	test.Type(l.filter, "zzz")
	if !l.empty.Root.Visible() || !strings.Contains(l.empty.Text.Text, "No workspace matches") {
		t.Errorf("no-match text: %q", l.empty.Text.Text)
	}
}

func TestFilterHidingTheShownWorkspaceSaysSo(t *testing.T) {
	l, _, _ := demoList(t)
	if !l.SelectNamed("Finance") {
		t.Fatal("no Finance")
	}
	test.Type(l.filter, "zzz")
	if !l.hidden.Visible() || !strings.Contains(l.hidden.Text, "“Finance”, shown on the right, is hidden by the filter") {
		t.Fatalf("hidden note %v %q", l.hidden.Visible(), l.hidden.Text)
	}
	if !l.empty.ClearButton.Visible() {
		t.Error("no Clear filter in the empty workspace list")
	}
	l.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if l.filter.Text != "" || l.hidden.Visible() || l.empty.Root.Visible() {
		t.Errorf("after Esc: %q, hidden note %v", l.filter.Text, l.hidden.Visible())
	}
	if l.Selected() != "org_fin" || l.position(l.selected) < 0 {
		t.Error("the shown workspace is not selected in the list again")
	}
}

func TestWorkspaceRowsRedrawWhenCountsChange(t *testing.T) {
	test.NewTempApp(t)
	l := New(func(fyne.Focusable) {})
	w := test.NewWindow(l.root)
	defer w.Close()
	w.Resize(fyne.NewSize(340, 400))
	ws := []app.CachedWorkspace{
		{Workspace: client.Workspace{WorkspaceID: "org_1", Name: "Finance", Scope: "organization", Access: "member"}},
		{Workspace: client.Workspace{WorkspaceID: "ws_1", Name: "Mine", Scope: "personal", Access: "owner",
			Counts: client.Counts{Documents: 1, Ready: 1}}},
	}
	l.Set(ws)
	if l.all[0].Workspace.Name != "Mine" {
		t.Fatalf("personal workspaces must come first: %v", l.all[0].Workspace.Name)
	}
	changed := append([]app.CachedWorkspace(nil), ws...)
	changed[1].Counts = client.Counts{Documents: 2, Ready: 1, NotReady: 1}
	l.Set(changed)
	var texts []string
	for _, o := range test.LaidOutObjects(l.list) {
		if r, ok := o.(*workspaceRow); ok {
			texts = append(texts, r.counts.Text)
		}
	}
	if !strings.Contains(strings.Join(texts, "|"), "2 documents · 1 ready · 1 not ready · 0 failed") {
		t.Errorf("rows after the counts changed: %q", texts)
	}
}
func TestNarrowWorkspaceRowKeepsTheNameOverTheBadges(t *testing.T) {
	test.NewTempApp(t)
	l := New(func(fyne.Focusable) {})
	w := test.NewWindow(l.root)
	defer w.Close()
	w.Resize(fyne.NewSize(230, 300))
	l.Set([]app.CachedWorkspace{{Workspace: client.Workspace{WorkspaceID: "ws_1", Name: "Employee handbook",
		Scope: "personal", Access: "shared"}}})
	for _, o := range test.LaidOutObjects(l.list) {
		r, ok := o.(*workspaceRow)
		if !ok {
			continue
		}
		name := r.name.Size().Width
		full := fyne.MeasureText(r.name.Text, theme.TextSize(), r.name.TextStyle).Width
		box := test.WidgetRenderer(r).Objects()[0].(*fyne.Container)
		if name < full || box.Objects[0] != r.name {
			t.Errorf("name %.0f wide (needs %.0f), or not alone on the first line", name, full)
		}
		return
	}
	t.Fatal("no row laid out")
}

// The rows' counts line and the note of a hidden selection read at 4.5:1 or more in both themes,
// on the background and, for the counts, on a hovered or selected row (issue 12).
func TestCaptionContrast(t *testing.T) {
	test.NewTempApp(t)
	l := New(func(fyne.Focusable) {})
	uitest.CheckContrast(t, map[string]*widget.Label{"workspace counts": newWorkspaceRow().counts, "hidden selection": l.hidden,
		"more loading": l.loading},
		map[string]bool{"workspace counts": true})
}

// A workspace whose last sync failed says why on its row, in words, in place of its counts.
func TestRowSaysWhyAWorkspaceIsNotUpToDate(t *testing.T) {
	test.NewTempApp(t)
	r := newWorkspaceRow()
	why := "The server, or a proxy in front of it, had a problem (HTTP 502, Bad Gateway). Try again in a moment."
	r.set(app.CachedWorkspace{Workspace: client.Workspace{WorkspaceID: "ws_big", Name: "Big", Scope: "personal", Access: "owner"},
		SyncError: why})
	if r.counts.Text != "Not up to date: "+why {
		t.Fatalf("row says %q", r.counts.Text)
	}
	r.set(app.CachedWorkspace{Workspace: client.Workspace{WorkspaceID: "ws_big", Name: "Big", Counts: client.Counts{Documents: 3, Ready: 3}}})
	if !strings.HasPrefix(r.counts.Text, "3 documents") {
		t.Fatalf("once synced the row says %q", r.counts.Text)
	}
}

func TestArrowsAndEnterPickAWorkspace(t *testing.T) {
	l, w, picked := demoList(t)
	l.SelectNamed("My documents")
	*picked = nil
	c := w.Canvas()
	for i := 0; i < 4 && c.Focused() != l.list; i++ {
		c.FocusNext()
	}
	if c.Focused() != l.list {
		t.Fatal("Tab does not reach the workspace rows")
	}
	l.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	l.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(*picked) != 1 || (*picked)[0].Workspace.Name != "Employee handbook" {
		t.Errorf("Down and Enter from My documents picked %v, want Employee handbook", *picked)
	}
}

// The note that the filter hides the workspace shown on the right is said only while it is true:
// picking a workspace the filter shows takes it away.
func TestHiddenNoteOnlyWhileTrue(t *testing.T) {
	l, _, _ := demoList(t)
	if !l.Select("ws_me") {
		t.Fatal("My documents not shown")
	}
	l.filter.SetText("fin")
	if !l.hidden.Visible() || !strings.Contains(l.hidden.Text, "My documents") {
		t.Fatalf("filtered away: note %v %q", l.hidden.Visible(), l.hidden.Text)
	}
	if !l.Select("org_fin") {
		t.Fatal("Finance not shown")
	}
	if l.hidden.Visible() {
		t.Errorf("Finance shown, yet the note says %q", l.hidden.Text)
	}
}

// Issue 36: an Arabic name was drawn with its runs in the order of the text, its number at the
// right where a reader of Arabic starts. The row draws it as the bidirectional algorithm lays it
// out, and a screen reader is given it in the order it is written.
func TestArabicNameIsDrawnInBidiOrder(t *testing.T) {
	test.NewTempApp(t)
	l := New(func(fyne.Focusable) {})
	w := test.NewTempWindow(t, l.root)
	w.Resize(fyne.NewSize(300, 300))
	name := "تقرير 2024"
	l.Set([]app.CachedWorkspace{{Workspace: client.Workspace{WorkspaceID: "ws_ar", Name: name, Scope: "personal", Access: "owner"}}})
	for _, o := range test.LaidOutObjects(l.list) {
		if r, ok := o.(*workspaceRow); ok {
			if got := uitest.Drawn(r.name.Text); got != "2024 ريرقت" {
				t.Errorf("%q is drawn %q, its number where a reader of Arabic starts", name, got)
			}
			if said := r.AccessibilityLabel(); !strings.HasPrefix(said, name+",") {
				t.Errorf("a screen reader is given %q", said)
			}
			return
		}
	}
	t.Fatal("no row laid out")
}
