package settings

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// Settings backs up the data while it is open, imports a backup (adding nothing already here),
// and lists the trash with Restore, through the core (the file dialogs are the platform's own:
// the test starts from the paths they would give).
func TestBackupImportAndTrash(t *testing.T) {
	f := newFixture(t)
	f.connect()
	ctx := context.Background()
	list, err := f.app.Workspaces().CachedWorkspaces(ctx)
	if err != nil || len(list) == 0 {
		t.Fatalf("workspaces %v, %v", list, err)
	}
	conv, err := f.app.Conversations().New(ctx, list[0].WorkspaceID, "", "Holiday plans")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.app.Conversations().Delete(ctx, conv.ID); err != nil {
		t.Fatal(err)
	}
	w := f.open()
	k := w.keeping

	k.loadTrash()
	until(t, "the trash listed", func() bool { return len(k.trash.Objects) == 1 })
	row := k.trash.Objects[0].(*fyne.Container)
	if title := row.Objects[0].(*widget.Label).Text; title != "Holiday plans" {
		t.Fatalf("the trash shows %q", title)
	}
	buttons := row.Objects[1].(*fyne.Container)
	test.Tap(buttons.Objects[1].(*widget.Button))
	until(t, "the trash empty", func() bool {
		l, ok := k.trash.Objects[0].(*widget.Label)
		return ok && strings.Contains(l.Text, "The trash is empty")
	})
	if got, err := f.app.Conversations().Get(ctx, conv.ID); err != nil || got.Title != "Holiday plans" {
		t.Fatalf("after Restore: %+v, %v", got, err)
	}

	file := filepath.Join(t.TempDir(), "backup.db")
	k.backup(file)
	until(t, "the backup written", func() bool { return strings.HasPrefix(k.status.Text, "Backup written to "+file) })
	if info, err := os.Stat(file); err != nil || info.Size() == 0 {
		t.Fatalf("backup file: %v, %v", info, err)
	}
	k.backup(file) // never over a file
	until(t, "the refusal", func() bool { return strings.Contains(w.errs.Message(), "already exists") })

	k.importFile(file)
	until(t, "the import's result", func() bool {
		return strings.HasPrefix(k.status.Text, "Added 0 conversations; 1 conversation already here")
	})
}

// The trash says when each conversation was deleted and until when it is kept, told from the
// window's clock (issue 28), in the local zone: the same whatever day the suite runs.
func TestTrashSaysWhenFromTheClockGiven(t *testing.T) {
	now := time.Date(2026, 12, 10, 0, 30, 0, 0, time.Local)
	for _, c := range []struct {
		deleted time.Time
		want    string
	}{
		{now.Add(-20 * time.Minute), "Deleted today, kept until 9 Jan 2027"},
		{now.Add(-40 * time.Minute), "Deleted yesterday, kept until 8 Jan 2027"},
		{now.Add(-3 * 24 * time.Hour), "Deleted 3 days ago, kept until 6 Jan 2027"},
		{now.Add(-20 * 24 * time.Hour), "Deleted 20 days ago, kept until 20 Dec"},
	} {
		if got := trashWhen(c.deleted, now); got != c.want {
			t.Errorf("deleted %v: %q; want %q", c.deleted, got, c.want)
		}
	}
}

// A deleted project is listed in the trash, with how many conversations went with it; Restore
// brings it back with them.
func TestProjectRestoredFromTheTrash(t *testing.T) {
	f := newFixture(t)
	f.connect()
	ctx := context.Background()
	list, _ := f.app.Workspaces().CachedWorkspaces(ctx)
	c := f.app.Conversations()
	a, _ := c.New(ctx, list[0].WorkspaceID, "", "Seeds")
	b, _ := c.New(ctx, list[0].WorkspaceID, "", "Soil")
	p, err := c.NewProject(ctx, "Garden", "green")
	if err == nil {
		err = c.MoveToProject(ctx, []int64{a.ID, b.ID}, p.ID)
	}
	if err == nil {
		err = c.DeleteProject(ctx, p.ID)
	}
	if err != nil {
		t.Fatal(err)
	}
	k := f.open().keeping
	k.loadTrash()
	until(t, "the trash listed", func() bool { return len(k.trash.Objects) == 3 })
	row := k.trash.Objects[0].(*fyne.Container)
	if title := row.Objects[0].(*widget.Label).Text; title != "Project Garden, with 2 conversations" {
		t.Fatalf("the trash's first row %q", title)
	}
	test.Tap(row.Objects[1].(*fyne.Container).Objects[1].(*widget.Button))
	until(t, "the trash empty", func() bool {
		l, ok := k.trash.Objects[0].(*widget.Label)
		return ok && strings.Contains(l.Text, "The trash is empty")
	})
	if in, _ := c.Projects(ctx); len(in) != 1 || in[0].Conversations != 2 {
		t.Errorf("after Restore: %+v", in)
	}
}
