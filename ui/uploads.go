package ui

import (
	"fmt"
	"lectern/ui/internal/life"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/widgets"
)

// uploadsPanelHeight is the least height of the open uploads list (its split gives it more).
const uploadsPanelHeight = 80

// uploadsPanel lists every upload of the queue, and the files refused before they were queued,
// under the workspace's documents. Rows stay until removed; Clear finished removes the ready ones
// and the refused ones together. It opens by itself when files are added, and can be hidden; its
// button's badge counts what is still running. A row changes with RefreshItem, never the list.
type uploadsPanel struct {
	b                  Backend
	lf                 life.Life
	items              []uploadItem
	list               *widget.List
	body               *fyne.Container
	toggle, clear, add *widget.Button
	count              *widgets.Badge
	notice             *widget.Label // why a drop was not taken
	root               *fyne.Container
	open               bool
	// onOpen is called when the list is shown or hidden.
	onOpen func(open bool)
	// onAdd is called by Add files.
	onAdd func()
	// onChanged, when set, is called on the UI goroutine after a row changed (tests, the harness).
	onChanged func()
}

func newUploadsPanel(lf life.Life, b Backend) *uploadsPanel {
	p := &uploadsPanel{b: b, lf: lf, count: widgets.NewBadge("", theme.ColorNamePrimary)}
	p.list = widget.NewList(func() int { return len(p.items) },
		func() fyne.CanvasObject { return p.newRow() },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*uploadRow).set(p.items[i]) })
	p.toggle = widget.NewButtonWithIcon("Uploads", theme.UploadIcon(), func() { p.setOpen(!p.open) })
	p.toggle.Importance = widget.LowImportance
	p.add = widget.NewButtonWithIcon("Add files…", theme.ContentAddIcon(), func() {
		if p.onAdd != nil {
			p.onAdd()
		}
	})
	p.clear = widget.NewButtonWithIcon("Clear finished", theme.ContentClearIcon(), p.clearFinished)
	p.clear.Importance = widget.LowImportance
	space := canvas.NewRectangle(nil)
	space.SetMinSize(fyne.NewSize(0, uploadsPanelHeight))
	p.body = container.NewStack(space, p.list)
	p.body.Hide()
	bar := container.NewHBox(p.add, p.toggle, container.NewCenter(p.count), layout.NewSpacer(), p.clear)
	p.notice = widget.NewLabel("")
	p.notice.Wrapping = fyne.TextWrapWord
	p.notice.Importance = widget.DangerImportance
	p.notice.Hide()
	p.root = container.NewVBox(widget.NewSeparator(), bar, p.notice)
	p.updateCount()
	return p
}

func (p *uploadsPanel) newRow() *uploadRow {
	r := newUploadRow()
	r.OnRetry = p.retry
	r.OnRemove = p.remove
	return r
}

// setOpen shows or hides the list.
func (p *uploadsPanel) setOpen(on bool) {
	p.open = on
	widgets.ShowIf(p.body, on)
	if p.onOpen != nil {
		p.onOpen(on)
	}
	if on {
		p.toggle.SetText("Hide uploads")
	} else {
		p.toggle.SetText("Uploads")
	}
	p.root.Refresh()
}

// setNotice shows text above the list ("" hides it): why a drop was not taken.
func (p *uploadsPanel) setNotice(text string) {
	p.notice.SetText(text)
	widgets.ShowIf(p.notice, text != "")
	p.root.Refresh()
}

// load reads the whole queue (at start, and after a server change), keeping the refused files.
func (p *uploadsPanel) load() {
	go func() {
		list, err := p.b.Uploads().List(p.lf.Ctx)
		p.lf.Do(func() {
			if err != nil {
				return
			}
			items := p.refusedItems()
			for _, e := range list {
				items = append(items, uploadItem{Entry: e})
			}
			p.items = items
			p.list.Refresh()
			p.updateCount()
			if p.runningCount() > 0 {
				p.setOpen(true) // resuming after a restart: show it
			}
		})
	}()
}

func (p *uploadsPanel) refusedItems() []uploadItem {
	var out []uploadItem
	for _, it := range p.items {
		if it.refused() {
			out = append(out, it)
		}
	}
	return out
}

// addResults lists what AddFiles did with a drop: refused files with their reasons, and the
// queued ones (their rows come, or are already there, through the queue's events).
func (p *uploadsPanel) addResults(results []app.EnqueueResult) {
	for _, r := range results {
		if r.ID != 0 {
			p.fetch(r.ID)
			continue
		}
		p.items = append(p.items, uploadItem{Entry: app.Upload{Name: r.Name, Path: r.Path, Size: fileSize(r.Path)}, Reason: r.Reason})
	}
	p.list.Refresh()
	p.setOpen(true)
	p.changed()
}

// index returns the row of queue entry id, -1 when none.
func (p *uploadsPanel) index(id int64) int {
	return slices.IndexFunc(p.items, func(it uploadItem) bool { return it.Entry.ID == id })
}

// handle follows the queue's events: bytes sent and states change one row; a removed entry
// leaves; an entry this window does not show yet is read and added.
func (p *uploadsPanel) handle(ev app.Event) {
	ch, ok := ev.(app.UploadChanged)
	if !ok {
		return
	}
	i := p.index(ch.ID)
	switch {
	case ch.State == "" && i >= 0:
		p.items = slices.Delete(p.items, i, i+1)
		p.list.Refresh()
	case ch.State == "":
	case i < 0:
		p.fetch(ch.ID)
		return
	case p.items[i].Entry.State == ch.State && ch.State == app.UploadSending && p.items[i].Entry.Error == "":
		p.items[i].Entry.Sent = ch.Sent // progress: no need to read the entry
		p.list.RefreshItem(i)
	default:
		p.fetch(ch.ID)
		return
	}
	p.changed()
}

// fetch reads entry id off the UI goroutine and shows it in its row (a new row when it has none).
func (p *uploadsPanel) fetch(id int64) {
	go func() {
		e, err := p.b.Uploads().Get(p.lf.Ctx, id)
		p.lf.Do(func() {
			if err != nil {
				return
			}
			if i := p.index(id); i >= 0 {
				p.items[i].Entry = e
				p.list.RefreshItem(i)
			} else {
				p.items = append(p.items, uploadItem{Entry: e})
				p.list.Refresh()
			}
			p.changed()
		})
	}()
}

func (p *uploadsPanel) changed() {
	p.updateCount()
	if p.onChanged != nil {
		p.onChanged()
	}
}

func (p *uploadsPanel) runningCount() int {
	n := 0
	for _, it := range p.items {
		if it.running() {
			n++
		}
	}
	return n
}

// updateCount shows how many uploads still run on the button's badge.
func (p *uploadsPanel) updateCount() {
	n := p.runningCount()
	widgets.ShowIf(p.count, n > 0)
	p.count.Text = fmt.Sprint(n)
	p.count.Refresh()
}
