package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestUploadAndDropTakeTheSameFiles: `lectern upload WS DIR` and the desktop's AddFiles(DIR) (what
// a drop calls) queue the same files and refuse the same ones for the same reasons: a folder is
// taken one level deep, its hidden files skipped and its sub-folders named as not taken.
func TestUploadAndDropTakeTheSameFiles(t *testing.T) {
	f := newFixture(t, fastConfig())
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": "Alpha notes.", "b.csv": "x,y\n1,2\n", "notes.md": "# refused",
		".hidden.txt": "skipped", "sub/deep.txt": "below the first level", "sub/deeper/deepest.txt": "further down"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := runCLI(t, "upload", "Alice Notes", dir).want(t, 2)
	cli := queuedNames(t, f.srv.URL)

	t.Setenv("LECTERN_HOME", t.TempDir()) // the desktop, on a data folder of its own
	a := openData(t, f.srv.URL)
	res, err := a.Uploads().AddFiles(t.Context(), f.personal, dir)
	if err != nil {
		t.Fatal(err)
	}
	desktop := queuedNames(t, f.srv.URL)
	if want := []string{"a.txt", "b.csv"}; !slices.Equal(cli, want) || !slices.Equal(desktop, want) {
		t.Fatalf("queued by the command line %v, by a drop %v; want %v", cli, desktop, want)
	}
	refused := 0
	for _, x := range res {
		if x.ID != 0 {
			continue
		}
		refused++
		if line := "lectern: " + quoted(x.Path) + " not sent: " + x.Reason; !strings.Contains(r.stderr, line) {
			t.Errorf("the command line did not refuse %s as the drop did (%q):\n%s", x.Path, x.Reason, r.stderr)
		}
	}
	if refused != 2 || strings.Count(r.stderr, " not sent: ") != 2 {
		t.Errorf("want notes.md and sub refused by both; the drop refused %d:\n%s", refused, r.stderr)
	}
}

// queuedNames returns the names in the upload queue of the data folder in use, sorted.
func queuedNames(t *testing.T, server string) []string {
	t.Helper()
	a := openData(t, server)
	list, err := a.Uploads().List(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, u := range list {
		names = append(names, u.Name)
	}
	slices.Sort(names)
	return names
}
