package dialogs

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"lectern/ui/widgets"
)

// row is row id of the picker as drawn: its check box or folder button.
func (p *FilePicker) row(id int) (*widgets.Check, *widget.Button) {
	o := newPickerRow()
	p.updateRow(id, o)
	c := o.(*fyne.Container)
	return c.Objects[0].(*widgets.Check), c.Objects[1].(*widget.Button)
}

func (p *FilePicker) names() []string {
	var out []string
	for _, e := range p.rows {
		out = append(out, e.Name())
	}
	return out
}

func writeFile(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestAddFilesPicksSeveralFilesInSeveralFolders(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	for _, n := range []string{"b.pdf", "a.txt", "notes.md", ".hidden.txt", "budget.XLSX"} {
		writeFile(t, dir, n, "The file called "+n)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "sub"), "c.csv", "a,b\n1,2\n")
	var added [][]string
	p := ShowFilePicker(test.NewWindow(nil), dir, func(paths []string) { added = append(added, paths) })
	if got := p.names(); !slices.Equal(got, []string{"sub", "a.txt", "b.pdf", "budget.XLSX"}) {
		t.Fatalf("listed %v: want the folder first, then the files that can be added", got)
	}
	if !p.add.Disabled() {
		t.Error("Add is enabled with nothing chosen")
	}
	for _, id := range []int{1, 2} {
		check, _ := p.row(id)
		check.SetChecked(true)
	}
	_, folder := p.row(0)
	folder.OnTapped()
	if got := p.names(); !slices.Equal(got, []string{"c.csv"}) {
		t.Fatalf("the sub-folder lists %v", got)
	}
	check, _ := p.row(0)
	check.SetChecked(true)
	p.open(dir) // Up
	if check, _ := p.row(1); !check.Checked {
		t.Error("a.txt lost its check after visiting a sub-folder")
	}
	p.add.OnTapped()
	want := []string{filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.pdf"), filepath.Join(dir, "sub", "c.csv")}
	if len(added) != 1 || !slices.Equal(added[0], want) {
		t.Errorf("Add handed on %v, want once %v", added, want)
	}
}

func TestFilePickerSaysWhenAFolderCannotBeRead(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	p := ShowFilePicker(test.NewWindow(nil), filepath.Join(dir, "gone"), func([]string) { t.Error("nothing to add") })
	if !strings.HasPrefix(p.where.Text, filepath.Join(dir, "gone")+" cannot be read") {
		t.Errorf("the picker says %q", p.where.Text)
	}
}
