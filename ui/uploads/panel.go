// Package uploads is the uploads panel: every entry of the upload queue (whoever queued it) and the
// files refused before they were queued, with their progress, state and reasons, Retry (or Send as
// …), Remove and Clear finished.
package uploads

import (
	"context"
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/internal/life"
	"lectern/ui/widgets"
)

// panelHeight is the least height of the open uploads list (its split gives it more).
const panelHeight = 80

// Panel lists every upload of the queue, and the files refused before they were queued,
// under the workspace's documents. Rows stay until removed; Clear finished removes the ready ones
// and the refused ones together. It opens by itself when files are added, and can be hidden; its
// button's badge counts what is still running. A row changes with RefreshItem, never the list.
type Panel struct {
	lf                 life.Life
	q                  Queue
	explain            func(error) app.Explanation
	items              []Item
	list               *widget.List
	body               *fyne.Container
	toggle, clear, add *widget.Button
	count              *widgets.Badge
	notice             *widget.Label // why a drop was not taken
	addWhy             *widget.Label // why the workspace shown takes no files (Add files… disabled)
	root               *fyne.Container
	open               bool
	// OnOpen is called when the list is shown or hidden.
	OnOpen func(open bool)
	// OnAdd is called by Add files.
	OnAdd func()
	// OnChanged, when set, is called on the UI goroutine after a row changed (tests, the harness).
	OnChanged func()
}

// Queue is what the panel uses of the upload queue; *app.Uploads implements it.
type Queue interface {
	List(ctx context.Context) ([]app.Upload, error)
	Get(ctx context.Context, id int64) (app.Upload, error)
	RetryAs(ctx context.Context, id int64, name string) error
	Remove(ctx context.Context, id int64) error
	ClearFinished(ctx context.Context) error
}

// New makes the panel, closed and empty, over the queue q; Load reads the queue. An action that
// fails is told on its row in explain's words (the core's Explain).
func New(lf life.Life, q Queue, explain func(error) app.Explanation) *Panel {
	p := &Panel{lf: lf, q: q, explain: explain, count: widgets.NewBadge("", theme.ColorNamePrimary)}
	p.list = widget.NewList(func() int { return len(p.items) },
		func() fyne.CanvasObject { return p.newRow() },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*uploadRow).set(p.items[i]) })
	p.toggle = widget.NewButtonWithIcon("Uploads", theme.UploadIcon(), func() { p.SetOpen(!p.open) })
	p.toggle.Importance = widget.LowImportance
	p.add = widget.NewButtonWithIcon("Add files…", theme.ContentAddIcon(), func() {
		if p.OnAdd != nil {
			p.OnAdd()
		}
	})
	p.clear = widget.NewButtonWithIcon("Clear finished", theme.ContentClearIcon(), p.ClearFinished)
	p.clear.Importance = widget.LowImportance
	space := canvas.NewRectangle(nil)
	space.SetMinSize(fyne.NewSize(0, panelHeight))
	p.body = container.NewStack(space, p.list)
	p.body.Hide()
	bar := container.NewHBox(p.add, p.toggle, container.NewCenter(p.count), layout.NewSpacer(), p.clear)
	p.notice = widget.NewLabel("")
	p.notice.Wrapping = fyne.TextWrapWord
	p.notice.Importance = widget.DangerImportance
	p.notice.Hide()
	p.addWhy = widget.NewLabel("")
	p.addWhy.Wrapping = fyne.TextWrapWord
	p.addWhy.Importance = widget.LowImportance
	p.addWhy.Hide()
	p.root = container.NewVBox(widget.NewSeparator(), bar, p.addWhy, p.notice)
	p.updateCount()
	return p
}

func (p *Panel) newRow() *uploadRow {
	r := newUploadRow()
	r.OnRetry = p.Retry
	r.OnRemove = p.remove
	return r
}

// SetOpen shows or hides the list.
func (p *Panel) SetOpen(on bool) {
	p.open = on
	widgets.ShowIf(p.body, on)
	if p.OnOpen != nil {
		p.OnOpen(on)
	}
	if on {
		p.toggle.SetText("Hide uploads")
	} else {
		p.toggle.SetText("Uploads")
	}
	p.root.Refresh()
}

// SetNotice shows text above the list ("" hides it): why a drop was not taken.
func (p *Panel) SetNotice(text string) {
	p.notice.SetText(text)
	widgets.ShowIf(p.notice, text != "")
	p.root.Refresh()
}

// SetTarget says whether the workspace shown takes files: when not, Add files… is disabled and
// why is said in words under it, before any file is picked.
func (p *Panel) SetTarget(ok bool, why string) {
	if ok {
		p.add.Enable()
	} else {
		p.add.Disable()
	}
	p.addWhy.SetText(why)
	widgets.ShowIf(p.addWhy, !ok && why != "")
	p.root.Refresh()
}

// AddEnabled reports whether Add files… can be pressed, and AddWhy why not ("" when it can).
func (p *Panel) AddEnabled() bool { return !p.add.Disabled() }

// AddWhy is why the workspace shown takes no files, "" when it does.
func (p *Panel) AddWhy() string {
	if !p.addWhy.Visible() {
		return ""
	}
	return p.addWhy.Text
}

// Load reads the whole queue (at start, and after a server change), keeping the refused files.
func (p *Panel) Load() {
	go func() {
		list, err := p.q.List(p.lf.Ctx)
		p.lf.Do(func() {
			if err != nil {
				return
			}
			items := p.refusedItems()
			for _, e := range list {
				items = append(items, Item{Entry: e})
			}
			p.items = items
			p.list.Refresh()
			p.updateCount()
			if p.RunningCount() > 0 {
				p.SetOpen(true) // resuming after a restart: show it
			}
		})
	}()
}

func (p *Panel) refusedItems() []Item {
	var out []Item
	for _, it := range p.items {
		if it.Refused() {
			out = append(out, it)
		}
	}
	return out
}

// AddResults lists what AddFiles did with a drop: refused files with their reasons, and the
// queued ones (their rows come, or are already there, through the queue's events).
func (p *Panel) AddResults(results []app.EnqueueResult) {
	for _, r := range results {
		if r.ID != 0 {
			p.fetch(r.ID)
			continue
		}
		p.items = append(p.items, Item{Entry: app.Upload{Name: r.Name, Path: r.Path, Size: fileSize(r.Path)}, Reason: r.Reason})
	}
	p.list.Refresh()
	p.SetOpen(true)
	p.changed()
}

// index returns the row of queue entry id, -1 when none.
func (p *Panel) index(id int64) int {
	return slices.IndexFunc(p.items, func(it Item) bool { return it.Entry.ID == id })
}

// Handle follows the queue's events: bytes sent and states change one row; a removed entry
// leaves; an entry this window does not show yet is read and added.
func (p *Panel) Handle(ev app.Event) {
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
func (p *Panel) fetch(id int64) {
	go func() {
		e, err := p.q.Get(p.lf.Ctx, id)
		p.lf.Do(func() {
			if err != nil {
				return
			}
			if i := p.index(id); i >= 0 {
				p.items[i].Entry = e
				p.list.RefreshItem(i)
			} else {
				p.items = append(p.items, Item{Entry: e})
				p.list.Refresh()
			}
			p.changed()
		})
	}()
}

func (p *Panel) changed() {
	p.updateCount()
	if p.OnChanged != nil {
		p.OnChanged()
	}
}

func (p *Panel) RunningCount() int {
	n := 0
	for _, it := range p.items {
		if it.Running() {
			n++
		}
	}
	return n
}

// updateCount shows how many uploads still run on the button's badge.
func (p *Panel) updateCount() {
	n := p.RunningCount()
	widgets.ShowIf(p.count, n > 0)
	p.count.Text = fmt.Sprint(n)
	p.count.Refresh()
}

// Open reports whether the list is shown.
func (p *Panel) Open() bool { return p.open }

// Notice is why the last drop was not taken, "" when it was.
func (p *Panel) Notice() string {
	if !p.notice.Visible() {
		return ""
	}
	return p.notice.Text
}

// Items are the panel's rows, in order.
func (p *Panel) Items() []Item { return p.items }

// Item returns the row named name.
func (p *Panel) Item(name string) (Item, bool) {
	for _, it := range p.items {
		if it.Entry.Name == name {
			return it, true
		}
	}
	return Item{}, false
}

// CountShown reports whether the Uploads button's badge shows a count of running uploads.
func (p *Panel) CountShown() bool { return p.count.Visible() }

// Root is the panel's bar (Add files, Uploads, Clear finished) and its notice, under the window's
// right side.
func (p *Panel) Root() fyne.CanvasObject { return p.root }

// Body is the list of rows, which the window shows in the conversation's place while it is open.
func (p *Panel) Body() fyne.CanvasObject { return p.body }
