package ui

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// row is row id of the picker as drawn: its check box or folder button.
func (p *filePicker) row(id int) (*widget.Check, *widget.Button) {
	o := newPickerRow()
	p.updateRow(id, o)
	c := o.(*fyne.Container)
	return c.Objects[0].(*widget.Check), c.Objects[1].(*widget.Button)
}

func (p *filePicker) names() []string {
	var out []string
	for _, e := range p.rows {
		out = append(out, e.Name())
	}
	return out
}

func TestAddFilesPicksSeveralFilesInSeveralFolders(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	dir := t.TempDir()
	for _, n := range []string{"b.pdf", "a.txt", "notes.md", ".hidden.txt", "budget.XLSX"} {
		writeTestFile(t, dir, n, []byte("The file called "+n))
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(dir, "sub"), "c.csv", []byte("a,b\n1,2\n"))
	p := showFilePicker(m.win, dir, m.addPaths)
	if got := p.names(); !slices.Equal(got, []string{"sub", "a.txt", "b.pdf", "budget.XLSX"}) {
		t.Fatalf("listed %v: want the folder first, then the files that can be added", got)
	}
	if p.add.Disabled() == false {
		t.Error("Add is enabled with nothing chosen")
	}
	for _, id := range []int{1, 2} {
		check, _ := p.row(id)
		check.SetChecked(true)
	}
	_, folder := p.row(0)
	folder.OnTapped()
	check, _ := p.row(0)
	check.SetChecked(true)
	p.open(dir) // Up
	if check, _ := p.row(1); !check.Checked {
		t.Error("a.txt lost its check after visiting a sub-folder")
	}
	p.add.OnTapped()
	until(t, "three uploads", func() bool { return len(m.uploads.Items()) == 3 })
	for _, n := range []string{"a.txt", "b.pdf", "c.csv"} {
		if _, ok := m.uploads.Item(n); !ok {
			t.Errorf("%s not among the uploads", n)
		}
	}
}
