package uploads

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/words"
	"lectern/ui/widgets"
)

// line is one line of the popover's list: a workspace's name (item -1) or the row of p.items[item].
type line struct {
	header string
	item   int
}

// groupLines lists items by workspace, each group named, in the order of each workspace's newest
// row; items are newest first, and so is each group.
func groupLines(items []Item, name func(id string) string) []line {
	var order []string
	groups := map[string][]int{}
	for i, it := range items {
		id := it.Entry.WorkspaceID
		if _, ok := groups[id]; !ok {
			order = append(order, id)
		}
		groups[id] = append(groups[id], i)
	}
	var out []line
	for _, id := range order {
		out = append(out, line{header: groupName(id, name), item: -1})
		for _, i := range groups[id] {
			out = append(out, line{item: i})
		}
	}
	return out
}

// groupName is the workspace's name as a group's title.
func groupName(id string, name func(id string) string) string {
	if name != nil {
		if n := name(id); n != "" {
			return n
		}
	}
	if id == "" {
		return "No workspace"
	}
	return "Workspace " + id
}

// relist lays the rows out again after rows came or went: groups, the strip and the empty note.
func (p *Panel) relist() {
	p.lines = groupLines(p.items, p.WorkspaceName)
	p.list.Refresh()
	for i, l := range p.lines {
		if l.item < 0 {
			p.list.SetItemHeight(i, p.headerHeight())
		}
	}
	p.list.ScrollToTop() // the newest rows are on top
	p.updateCount()
	p.showEmpty()
}

// headerHeight is the height of a group's title line.
func (p *Panel) headerHeight() float32 { return widget.NewLabel("W").MinSize().Height }

// refreshRow redraws the line of p.items[i].
func (p *Panel) refreshRow(i int) {
	for n, l := range p.lines {
		if l.item == i {
			p.list.RefreshItem(n)
		}
	}
	p.updateStrip()
}

// newLine is a list line: a workspace's title or an upload's row, one shown at a time.
func (p *Panel) newLine() fyne.CanvasObject {
	title := widget.NewLabel("")
	title.TextStyle = fyne.TextStyle{Bold: true}
	title.Truncation = fyne.TextTruncateEllipsis
	return container.NewStack(title, p.newRow())
}

func (p *Panel) updateLine(n widget.ListItemID, o fyne.CanvasObject) {
	if n >= len(p.lines) {
		return
	}
	box := o.(*fyne.Container)
	title, row := box.Objects[0].(*widget.Label), box.Objects[1].(*uploadRow)
	l := p.lines[n]
	widgets.ShowIf(title, l.item < 0)
	widgets.ShowIf(row, l.item >= 0)
	if l.item < 0 {
		title.SetText(l.header)
		return
	}
	row.set(p.items[l.item])
}

// showEmpty says there is nothing to list, in the popover, rather than an empty pane.
func (p *Panel) showEmpty() {
	widgets.ShowIf(p.empty, len(p.items) == 0)
	widgets.ShowIf(p.list, len(p.items) > 0)
}

// updateStrip says what the uploads do in one line: the files on their way and the share of
// their bytes sent, else why a drop was refused, else nothing (hidden).
func (p *Panel) updateStrip() {
	text, danger := p.stripText()
	p.strip.Importance = widget.MediumImportance
	if danger {
		p.strip.Importance = widget.DangerImportance
	}
	p.strip.SetText(text)
	widgets.ShowIf(p.strip, text != "")
}

func (p *Panel) stripText() (string, bool) {
	var n int
	var sent, size int64
	ws := map[string]bool{}
	var last string
	for _, it := range p.items {
		if it.Running() {
			n++
			sent, size = sent+it.Entry.Sent, size+it.Entry.Size
			ws[it.Entry.WorkspaceID], last = true, it.Entry.WorkspaceID
		}
	}
	switch {
	case n > 0:
		to := ""
		if len(ws) == 1 {
			to = " to " + groupName(last, p.WorkspaceName)
		}
		return fmt.Sprintf("Uploading %d %s%s… %d%%", n, words.Plural(n, "file"), to, percent(sent, size)), false
	case p.Notice() != "":
		return p.Notice(), true
	}
	return "", false
}

func percent(part, whole int64) int64 {
	if whole <= 0 {
		return 0
	}
	return min(100, part*100/whole)
}

// place sizes the popover to the window and sets it above the Uploads button, its right edge at
// the button's.
func (p *Panel) place() {
	c := p.win.Canvas().Size()
	pad := float32(8)
	w, h := min(600, c.Width-2*pad), min(400, c.Height*0.7)
	p.popup.Resize(fyne.NewSize(w, h))
	pos := fyne.NewPos(c.Width-w-pad, c.Height-h-pad)
	if d := fyne.CurrentApp().Driver(); d != nil && p.toggle.Size().Width > 0 {
		at := d.AbsolutePositionForObject(p.toggle)
		pos = fyne.NewPos(max(pad, min(at.X+p.toggle.Size().Width-w, c.Width-w-pad)), max(pad, at.Y-h))
	}
	p.popup.Move(pos)
}

// StripText is what the strip says, "" when it is hidden.
func (p *Panel) StripText() string {
	if !p.strip.Visible() {
		return ""
	}
	return p.strip.Text
}

// EmptyShown reports whether the popover says there is nothing to list.
func (p *Panel) EmptyShown() bool { return p.empty.Visible() }
