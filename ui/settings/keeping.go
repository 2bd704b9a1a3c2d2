package settings

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// Keeping is what Settings uses of the core to keep conversations safe: a backup written while the
// app runs, and an import of another's conversations; *conversations.Conversations implements it.
type Keeping interface {
	Backup(ctx context.Context, path string) (int64, time.Duration, error)
	Import(ctx context.Context, path string) (records.ImportResult, error)
}

// Trash is what Settings uses of the core to list deleted conversations and restore them;
// *app.Conversations implements it.
type Trash interface {
	Trash(ctx context.Context) ([]records.Conversation, error)
	Restore(ctx context.Context, id int64) error
	// TrashedProjects and RestoreProject: a deleted project comes back with its conversations.
	TrashedProjects(ctx context.Context) ([]records.Project, error)
	RestoreProject(ctx context.Context, id int64) (records.Project, error)
}

// keeping is the part of Settings that backs up, imports, and shows the trash.
type keeping struct {
	s      *Window
	status *widget.Label
	root   *fyne.Container
	// trash is the list of the last Trash dialog (tests use it), rows of conversations.
	trash *fyne.Container
}

func newKeeping(s *Window) *keeping {
	k := &keeping{s: s, status: widget.NewLabel(""), trash: container.NewVBox()}
	k.status.Wrapping = fyne.TextWrapWord
	backup := widget.NewButtonWithIcon("Backup…", theme.DocumentSaveIcon(), k.chooseBackup)
	imp := widget.NewButtonWithIcon("Import…", theme.FolderOpenIcon(), k.chooseImport)
	bin := widget.NewButtonWithIcon("Trash…", theme.DeleteIcon(), k.showTrash)
	k.root = container.NewVBox(container.NewHBox(backup, imp, bin), k.status)
	return k
}

// chooseBackup asks where to write the backup.
func (k *keeping) chooseBackup() {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		_ = w.Close()
		removeEmpty(path) // the dialog made it, empty: the backup, which replaces no file, goes there
		k.backup(path)
	}, k.s.win)
	d.SetFileName("lectern-backup-" + k.s.lf.Now().Format("2006-01-02") + ".db")
	dialogs.Show(d, k.s.win)
}

// backup writes the backup to path off the UI goroutine.
func (k *keeping) backup(path string) {
	k.status.SetText("Writing the backup…")
	go func() {
		size, took, err := k.s.keepB.Backup(k.s.lf.Ctx, path)
		k.s.lf.Do(func() {
			if err != nil {
				k.status.SetText("")
				k.s.errs.SetError(err)
				return
			}
			k.status.SetText(fmt.Sprintf("Backup written to %s (%s, %.1f s).", path, words.Bytes(size), took.Seconds()))
		})
	}()
}

// chooseImport asks for the backup to import.
func (k *keeping) chooseImport() {
	dialogs.Show(dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		path := r.URI().Path()
		_ = r.Close()
		k.importFile(path)
	}, k.s.win), k.s.win)
}

// importFile adds the conversations of the backup at path off the UI goroutine.
func (k *keeping) importFile(path string) {
	k.status.SetText("Importing…")
	go func() {
		res, err := k.s.keepB.Import(k.s.lf.Ctx, path)
		k.s.lf.Do(func() {
			if err != nil {
				k.status.SetText("")
				k.s.errs.SetError(err)
				return
			}
			k.status.SetText(fmt.Sprintf("Added %s; %s already here, left as they are; %s in its trash left out.",
				res.AddedText(), words.Count(res.Present, "conversation"), words.Count(res.Trashed, "conversation")))
		})
	}()
}

// showTrash opens the trash: the deleted conversations, each with Restore.
func (k *keeping) showTrash() {
	k.loadTrash()
	d := dialog.NewCustom("Trash", "Close", container.NewVScroll(k.trash), k.s.win)
	d.Resize(fyne.NewSize(520, 360))
	dialogs.Show(d, k.s.win)
}

// loadTrash reads the trash off the UI goroutine and lists it.
func (k *keeping) loadTrash() {
	go func() {
		list, err := k.s.trashB.Trash(k.s.lf.Ctx)
		projects, perr := k.s.trashB.TrashedProjects(k.s.lf.Ctx)
		k.s.lf.Do(func() {
			if err = cmp.Or(err, perr); err != nil {
				k.s.errs.SetError(err)
			}
			k.showList(projects, list)
		})
	}()
}

// showList lists the deleted projects (each restored with its conversations), then the deleted
// conversations.
func (k *keeping) showList(projects []records.Project, list []records.Conversation) {
	k.trash.RemoveAll()
	if len(list) == 0 && len(projects) == 0 {
		k.trash.Add(widget.NewLabel("The trash is empty. Deleted conversations stay here for 30 days."))
		return
	}
	for _, p := range projects {
		text := "Project " + safetext.OneLine(p.Name) + ", with " + words.Count(p.Conversations, "conversation")
		k.trash.Add(k.row(text, p.Deleted, func(ctx context.Context) error {
			_, err := k.s.trashB.RestoreProject(ctx, p.ID)
			return err
		}))
	}
	for _, c := range list {
		k.trash.Add(k.row(safetext.OneLine(c.Title), c.Deleted, func(ctx context.Context) error { return k.s.trashB.Restore(ctx, c.ID) }))
	}
}

// row is one deleted project or conversation: its name, when it goes for good, and Restore,
// which calls restore.
func (k *keeping) row(name string, deleted time.Time, restore func(context.Context) error) fyne.CanvasObject {
	title := widget.NewLabel(name)
	title.Truncation = fyne.TextTruncateEllipsis
	until := widgets.CaptionLabel(trashWhen(deleted, k.s.lf.Now()))
	button := widget.NewButton("Restore", nil)
	button.OnTapped = func() {
		button.Disable()
		go func() {
			err := restore(k.s.lf.Ctx)
			k.s.lf.Do(func() {
				k.s.errs.SetError(err)
				k.loadTrash()
			})
		}()
	}
	return container.NewBorder(nil, nil, nil, container.NewHBox(until, button), title)
}

// trashWhen says when a conversation deleted at deleted went to the trash and until when it is
// kept there, seen at now: "Deleted 3 days ago, kept until 26 Dec".
func trashWhen(deleted, now time.Time) string {
	deleted, now = deleted.Local(), now.Local()
	y, m, d := deleted.Date()
	ny, nm, nd := now.Date()
	days := int(time.Date(ny, nm, nd, 0, 0, 0, 0, time.UTC).Sub(time.Date(y, m, d, 0, 0, 0, 0, time.UTC)) / (24 * time.Hour))
	when := fmt.Sprintf("Deleted %s ago", words.Count(days, "day"))
	switch days {
	case 0:
		when = "Deleted today"
	case 1:
		when = "Deleted yesterday"
	}
	gone := deleted.Add(records.TrashKept)
	layout := "2 Jan"
	if gone.Year() != ny {
		layout = "2 Jan 2006"
	}
	return when + ", kept until " + gone.Format(layout)
}

// removeEmpty removes the file at path when it is empty.
func removeEmpty(path string) {
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() && info.Size() == 0 {
		_ = os.Remove(path)
	}
}
