package conversation

import (
	"context"
	"strings"
	"time"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// The conversation list's actions on one conversation: rename, export to Markdown, and delete
// with undo. Each runs the app's method off the UI goroutine and shows a failure in the list's
// error view.

// run calls op off the UI goroutine, then, on the UI goroutine, shows its error (or clears the
// error view) and calls done when set.
func (c *List) run(op func(ctx context.Context) error, done func(err error)) {
	go func() {
		err := op(c.lf.Ctx)
		c.lf.Do(func() {
			c.setError(err)
			if done != nil {
				done(err)
			}
		})
	}()
}

// setError shows err in the error view (nil hides it) and lays the list out again when the view
// appears or goes.
func (c *List) setError(err error) {
	was := c.errView.Err() != nil
	c.errView.SetError(err)
	if was != (err != nil) {
		c.root.Refresh()
	}
}

// askRename opens the rename dialog over conv's title.
func (c *List) askRename(conv records.Conversation) {
	entry := widgets.NewEntry("Title")
	entry.SetText(conv.Title)
	items := []*widget.FormItem{widget.NewFormItem("Title", entry)}
	d := dialog.NewForm("Rename conversation", "Rename", "Cancel", items, func(ok bool) {
		if ok {
			c.rename(conv.ID, entry.Text)
		}
	}, c.win)
	entry.OnSubmitted = func(string) { d.Submit() }
	d.Resize(fyne.NewSize(440, d.MinSize().Height))
	dialogs.Show(d, c.win)
	c.win.Canvas().Focus(entry)
}

// rename gives conversation id a new title; the app refuses an empty one, in words.
func (c *List) rename(id int64, title string) {
	c.run(func(ctx context.Context) error { return c.store.Lists.Rename(ctx, id, title) },
		func(err error) {
			if err == nil {
				c.load()
			}
		})
}

// askExport asks where to save conv as Markdown, proposing its title as the file name, and exports.
func (c *List) askExport(conv records.Conversation) {
	c.chooseExport(exportFileName(Title(conv)), func(path string) { c.export(conv.ID, path) })
}

// export writes conversation id as Markdown to path.
func (c *List) export(id int64, path string) {
	c.run(func(ctx context.Context) error { return c.store.Lists.Export(ctx, id, path) }, func(err error) {
		if err == nil {
			c.done.Say("Exported to " + safetext.OneLine(path))
		}
	})
}

// saveDialog is chooseExport for people: a file save dialog for Markdown files.
func (c *List) saveDialog(fileName string, then func(path string)) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			c.setError(err)
			return
		}
		path := w.URI().Path()
		_ = w.Close() // Export replaces the file atomically
		then(path)
	}, c.win)
	d.SetFileName(fileName)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".md"}))
	dialogs.Show(d, c.win)
}

// exportFileName makes a file name from a title: separators become dashes, other characters
// that file systems refuse are left out, and .md is added.
func exportFileName(title string) string {
	name := strings.Map(func(r rune) rune {
		switch {
		case strings.ContainsRune(`/\:`, r):
			return '-'
		case unicode.IsControl(r) || strings.ContainsRune(`*?"<>|`, r):
			return -1
		}
		return r
	}, title)
	name = strings.Trim(strings.TrimSpace(name), ".")
	if r := []rune(name); len(r) > 100 {
		name = strings.TrimSpace(string(r[:100]))
	}
	if name == "" {
		name = "Conversation"
	}
	return name + ".md"
}

// pendingDelete is a conversation deleted in the list and not yet in the app: Undo brings it back;
// when the timer fires, the app deletes it.
type pendingDelete struct {
	conv     records.Conversation
	selected bool // it was the open conversation
	timer    *time.Timer
}

// remove takes conv out of the list at once and shows the undo bar; only when UndoTimeout has
// passed without Undo is the app asked to delete it. Deleting another conversation meanwhile
// carries out the earlier deletion at once. Removing the open conversation calls OnSelected with
// no conversation.
func (c *List) remove(conv records.Conversation) {
	c.commitDelete()
	p := &pendingDelete{conv: conv, selected: conv.ID == c.selected}
	c.pending, c.hidden[conv.ID] = p, true
	if i := c.index(conv.ID); i >= 0 {
		c.all = append(c.all[:i], c.all[i+1:]...)
	}
	if p.selected {
		c.selected = 0
	}
	c.refreshRows()
	c.showUndoBar(true)
	p.timer = time.AfterFunc(c.UndoTimeout, func() {
		c.lf.Do(func() {
			if c.pending == p {
				c.commitDelete()
			}
		})
	})
	if p.selected && c.OnSelected != nil {
		c.OnSelected(records.Conversation{})
	}
}

// undoDelete brings the pending deletion back, reopening it when it was open and nothing else
// has been opened since.
func (c *List) undoDelete() {
	p := c.takePending()
	if p == nil {
		return
	}
	delete(c.hidden, p.conv.ID)
	if p.conv.WorkspaceID != c.workspaceID {
		return
	}
	c.insert(p.conv)
	reopen := p.selected && c.selected == 0
	if reopen {
		c.selected = p.conv.ID
	}
	c.refreshRows()
	if reopen && c.OnSelected != nil {
		c.OnSelected(p.conv)
	}
}

// commitDelete asks the app to delete the pending conversation. After the app has quit (the
// context is cancelled) nothing is deleted.
func (c *List) commitDelete() {
	p := c.takePending()
	if p == nil {
		return
	}
	id := p.conv.ID
	c.run(func(ctx context.Context) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return c.store.Lists.Delete(ctx, id)
	}, func(err error) {
		delete(c.hidden, id)
		if err != nil {
			c.load() // it is still there: show it again
		}
	})
}

// takePending returns the pending deletion, if any, and ends it: its timer stops and the undo bar
// goes.
func (c *List) takePending() *pendingDelete {
	p := c.pending
	if p != nil {
		p.timer.Stop()
		c.pending = nil
		c.showUndoBar(false)
	}
	return p
}

// showUndoBar shows or hides the undo bar and lays the list out again around it.
func (c *List) showUndoBar(on bool) {
	if on {
		c.undoBar.Show()
	} else {
		c.undoBar.Hide()
	}
	c.root.Refresh()
}
