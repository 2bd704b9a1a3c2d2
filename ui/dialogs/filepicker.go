// Package dialogs holds the desktop's dialogs that know nothing of the core: the file picker
// (Add files, Attach) and the command palette. The shell gives them what they show and what to
// run.
package dialogs

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/client"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// FilePicker is the Add files dialog: Fyne's file dialog opens one file, so this one lists a
// folder (its sub-folders, then the files that can be added, hidden ones left out) with a check
// box per file. A sub-folder opens on a click, Up goes to the parent, and the files checked in
// every folder visited are added together.
type FilePicker struct {
	what    Picking
	dir     string
	rows    []os.DirEntry
	checked map[string]bool // paths
	where   *widget.Label
	list    *widget.List
	add     *widget.Button
	dlg     dialog.Dialog
}

// Picking says what a picker is for: its title, its button and the file types it lists.
type Picking struct {
	Title, Button string
	Types         []string // extensions in lower case, with their dot
}

// AddingFiles is the Add files picker's: the types a workspace takes.
var AddingFiles = Picking{Title: "Add files", Button: "Add", Types: client.AllowedExtensions}

// ShowFilePicker opens the Add files picker on dir over win; add is called with the checked
// paths, sorted.
func ShowFilePicker(win fyne.Window, dir string, add func(paths []string)) *FilePicker {
	return ShowPicker(win, dir, AddingFiles, add)
}

// ShowPicker opens a picker for what on dir over win; add is called with the checked paths, sorted.
func ShowPicker(win fyne.Window, dir string, what Picking, add func(paths []string)) *FilePicker {
	p := &FilePicker{what: what, checked: map[string]bool{}, where: widget.NewLabel("")}
	p.where.Truncation = fyne.TextTruncateEllipsis
	p.list = widget.NewList(func() int { return len(p.rows) }, newPickerRow, p.updateRow)
	up := widget.NewButtonWithIcon("Up", theme.MoveUpIcon(), func() { p.open(filepath.Dir(p.dir)) })
	p.add = widget.NewButtonWithIcon(what.Button, theme.ContentAddIcon(), func() { p.dlg.Hide(); add(p.paths()) })
	p.add.Importance = widget.HighImportance
	cancel := widget.NewButton("Cancel", func() { p.dlg.Hide() })
	top := container.NewBorder(nil, nil, up, nil, p.where)
	bottom := container.NewBorder(nil, nil, nil, container.NewHBox(cancel, p.add))
	p.dlg = dialog.NewCustomWithoutButtons(what.Title, container.NewBorder(top, bottom, nil, nil, p.list), win)
	p.open(dir)
	Show(p.dlg, win)
	p.dlg.Resize(fyne.NewSize(760, 520))
	return p
}

// open lists dir: sub-folders first, then the files of the types that can be added.
func (p *FilePicker) open(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		p.where.SetText(fmt.Sprintf("%s cannot be read: %v", dir, err))
		return
	}
	p.dir, p.rows = dir, p.rows[:0]
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") && (e.IsDir() || p.listed(e.Name())) {
			p.rows = append(p.rows, e)
		}
	}
	slices.SortStableFunc(p.rows, func(a, b os.DirEntry) int {
		if a.IsDir() && !b.IsDir() {
			return -1
		}
		if b.IsDir() && !a.IsDir() {
			return 1
		}
		return strings.Compare(strings.ToLower(a.Name()), strings.ToLower(b.Name()))
	})
	p.list.UnselectAll()
	p.list.Refresh()
	p.list.ScrollToTop()
	p.showCount()
}

// listed says whether a file name has one of the types the picker lists.
func (p *FilePicker) listed(name string) bool {
	return slices.Contains(p.what.Types, strings.ToLower(filepath.Ext(name)))
}

func (p *FilePicker) showCount() {
	n := len(p.checked)
	p.where.SetText(fmt.Sprintf("%s · %d %s chosen", p.dir, n, words.Plural(n, "file")))
	if n == 0 {
		p.add.Disable()
	} else {
		p.add.Enable()
	}
}

// paths are the checked files, sorted.
func (p *FilePicker) paths() []string {
	out := make([]string, 0, len(p.checked))
	for path := range p.checked {
		out = append(out, path)
	}
	slices.Sort(out)
	return out
}

// newPickerRow is a row: a check box for a file, or a button for a folder (one shown).
func newPickerRow() fyne.CanvasObject {
	return container.NewStack(widgets.NewCheck("file name.txt", nil), widget.NewButtonWithIcon("folder", theme.FolderIcon(), nil))
}

func (p *FilePicker) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	e := p.rows[id]
	path := filepath.Join(p.dir, e.Name())
	row := o.(*fyne.Container)
	check, folder := row.Objects[0].(*widgets.Check), row.Objects[1].(*widget.Button)
	check.OnChanged = nil // SetChecked below must not count as a click
	check.SetText(e.Name())
	check.SetChecked(p.checked[path])
	check.OnChanged = func(on bool) { p.setChecked(path, on) }
	folder.SetText(e.Name())
	folder.Alignment = widget.ButtonAlignLeading
	folder.OnTapped = func() { p.open(path) }
	check.Hidden, folder.Hidden = e.IsDir(), !e.IsDir()
	row.Refresh()
}

func (p *FilePicker) setChecked(path string, on bool) {
	if on {
		p.checked[path] = true
	} else {
		delete(p.checked, path)
	}
	p.showCount()
}
