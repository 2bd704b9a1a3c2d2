// Package uploads is the uploads panel: every entry of the upload queue (whoever queued it) and the
// files refused before they were queued, with their progress, state and reasons, Retry (or Send as
// …), Remove and Clear finished.
package uploads

import (
	"context"
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	appuploads "lectern/app/uploads"
	"lectern/ui/internal/life"
	"lectern/ui/widgets"
)

// Panel lists every upload of the queue, and the files refused before they were queued, in a
// popover over the window (SetOpen), grouped by workspace, newest first; while uploads run, or a
// drop was refused, a one-line strip says so (Strip), and takes no room otherwise. Rows stay until
// removed; Clear finished removes the ready ones and the refused ones together. Its button's badge
// counts what is still running. A row changes with RefreshItem, never the list.
type Panel struct {
	lf                 life.Life
	q                  Queue
	win                fyne.Window
	items              []Item // newest first
	lines              []line // the list's lines: each workspace's name, then its rows
	explain            func(error) explain.Explanation
	list               *widget.List
	content            fyne.CanvasObject // the popover's content
	popup              *widget.PopUp
	empty              *widget.Label // in the popover when there is no row
	toggle, clear, add *widget.Button
	count              *widgets.Badge
	strip              *widget.Label // the one line under the window while uploads run
	notice             *widget.Label // why a drop was not taken
	button             fyne.CanvasObject
	addWhy             *widget.Label // why the workspace shown takes no files (Add files… disabled)
	open               bool
	// WorkspaceName names a workspace for its group of rows ("" when unknown).
	WorkspaceName func(id string) string
	// OnAdd is called by Add files.
	OnAdd func()
	// OnChanged, when set, is called on the UI goroutine after a row changed (tests, the harness).
	OnChanged func()
}

// Queue is what the panel uses of the upload queue; *app.Uploads implements it.
type Queue interface {
	List(ctx context.Context) ([]records.Upload, error)
	Get(ctx context.Context, id int64) (records.Upload, error)
	RetryAs(ctx context.Context, id int64, name string) error
	Remove(ctx context.Context, id int64) error
	ClearFinished(ctx context.Context) error
}

// New makes the panel, closed and empty, over the queue q, for the window win; Load reads the
// queue. An action that fails is told on its row in explain's words (the core's Explain).
func New(lf life.Life, q Queue, win fyne.Window, explain func(error) explain.Explanation) *Panel {
	p := &Panel{lf: lf, q: q, win: win, explain: explain, count: widgets.NewBadge("", theme.ColorNamePrimary)}
	p.list = widget.NewList(func() int { return len(p.lines) }, func() fyne.CanvasObject { return p.newLine() }, p.updateLine)
	p.toggle = widget.NewButtonWithIcon("Uploads", theme.UploadIcon(), func() { p.SetOpen(!p.open) })
	p.toggle.Importance = widget.LowImportance
	p.add = widget.NewButtonWithIcon("Add files…", theme.ContentAddIcon(), func() {
		if p.OnAdd != nil {
			p.OnAdd()
		}
	})
	p.clear = widget.NewButtonWithIcon("Clear finished", theme.ContentClearIcon(), p.ClearFinished)
	p.clear.Importance = widget.LowImportance
	p.notice = widget.NewLabel("")
	p.notice.Wrapping = fyne.TextWrapWord
	p.notice.Importance = widget.DangerImportance
	p.notice.Hide()
	p.addWhy = widget.NewLabel("")
	p.addWhy.Wrapping = fyne.TextWrapWord
	p.addWhy.SizeName = theme.SizeNameCaptionText // not the disabled grey: it says why Add files… is off
	p.addWhy.Hide()
	p.empty = widget.NewLabel(emptyText)
	p.empty.Wrapping, p.empty.Alignment = fyne.TextWrapWord, fyne.TextAlignCenter
	p.strip = widget.NewLabel("")
	p.strip.Truncation = fyne.TextTruncateEllipsis
	p.strip.Hide()
	p.button = container.NewHBox(p.toggle, container.NewCenter(p.count))
	p.content = p.layout()
	p.updateCount()
	return p
}

// emptyText is what the popover says when it lists nothing.
const emptyText = "No uploads. Drop files on the window, or use Add files…, to add them to one of your own personal workspaces."

func (p *Panel) layout() fyne.CanvasObject {
	closeB := widgets.NewIconButton("Close uploads", theme.CancelIcon(), func() { p.SetOpen(false) })
	closeB.Importance = widget.LowImportance
	title := widget.NewLabel("Uploads")
	title.TextStyle = fyne.TextStyle{Bold: true}
	head := container.NewBorder(nil, nil, title, container.NewHBox(p.add, p.clear, closeB))
	body := container.NewStack(p.list, container.NewCenter(p.empty))
	return container.NewBorder(container.NewVBox(head, p.addWhy, p.notice), nil, nil, nil, body)
}

func (p *Panel) newRow() *uploadRow {
	r := newUploadRow()
	r.OnRetry = p.Retry
	r.OnRemove = p.remove
	return r
}

// SetOpen shows or hides the popover that lists the rows, above the panel's button.
func (p *Panel) SetOpen(on bool) {
	p.open = on
	if !on {
		if p.popup != nil {
			p.popup.Hide()
		}
		p.toggle.SetText("Uploads")
		return
	}
	if p.popup == nil {
		p.popup = widget.NewPopUp(p.content, p.win.Canvas())
	}
	p.showEmpty()
	p.place()
	p.popup.Show()
	p.toggle.SetText("Hide uploads")
}

// SetNotice says text in the strip and atop the popover ("" hides it): why a drop was not taken.
// A refusal opens the popover, which says it whole.
func (p *Panel) SetNotice(text string) {
	p.notice.SetText(text)
	widgets.ShowIf(p.notice, text != "")
	p.updateCount()
	if text != "" {
		p.SetOpen(true)
	}
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
			for _, e := range slices.Backward(list) { // newest first
				items = append(items, Item{Entry: e})
			}
			p.items = items
			p.relist()
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

// AddResults lists what AddFiles did with a drop on workspace wsID: refused files with their
// reasons, and the queued ones (their rows come, or are already there, through the queue's
// events). The popover opens when a file was refused, for the reason; the strip shows the rest.
func (p *Panel) AddResults(wsID string, results []appuploads.EnqueueResult) {
	refused := false
	for _, r := range results {
		if r.ID != 0 {
			p.fetch(r.ID)
			continue
		}
		refused = true
		e := records.Upload{WorkspaceID: wsID, Name: r.Name, Path: r.Path, Size: fileSize(r.Path)}
		p.items = slices.Insert(p.items, 0, Item{Entry: e, Reason: r.Reason})
	}
	p.relist()
	if refused {
		p.SetOpen(true)
	}
	p.changed()
}

// index returns the row of queue entry id, -1 when none.
func (p *Panel) index(id int64) int {
	return slices.IndexFunc(p.items, func(it Item) bool { return it.Entry.ID == id })
}

// Handle follows the queue's events: bytes sent and states change one row; a removed entry
// leaves; an entry this window does not show yet is read and added.
func (p *Panel) Handle(ev events.Event) {
	ch, ok := ev.(events.UploadChanged)
	if !ok {
		return
	}
	i := p.index(ch.ID)
	switch {
	case ch.State == "" && i >= 0:
		p.items = slices.Delete(p.items, i, i+1)
		p.relist()
	case ch.State == "":
	case i < 0:
		p.fetch(ch.ID)
		return
	case p.items[i].Entry.State == ch.State && ch.State == records.UploadSending && p.items[i].Entry.Error == "":
		p.items[i].Entry.Sent = ch.Sent // progress: no need to read the entry
		p.refreshRow(i)
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
				p.refreshRow(i)
			} else {
				p.items = slices.Insert(p.items, 0, Item{Entry: e}) // newest first, in sight
				p.relist()
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

// updateCount shows how many uploads still run on the button's badge, and in the strip.
func (p *Panel) updateCount() {
	n := p.RunningCount()
	widgets.ShowIf(p.count, n > 0)
	p.count.Text = fmt.Sprint(n)
	p.count.Refresh()
	p.updateStrip()
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

// Items are the panel's rows, newest first.
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

// Button is the Uploads button with its badge, which opens the popover (the window's status bar).
func (p *Panel) Button() fyne.CanvasObject { return p.button }

// Strip is the one line that says what the uploads are doing while they run, or why a drop was
// refused; hidden otherwise, so that it takes no room.
func (p *Panel) Strip() fyne.CanvasObject { return p.strip }
