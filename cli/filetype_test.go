package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Refusing x.exe names its own type (not ".md, .doc or .xls"), each file on its line, exit 2, and
// nothing is sent.
func TestUploadRefusalNamesTheFileType(t *testing.T) {
	f := newFixture(t, fastConfig())
	dir := t.TempDir()
	var paths []string
	for _, name := range []string{"x.exe", "notes.md", "README"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	r := runCLI(t, append([]string{"upload", f.personal}, paths...)...).want(t, exitUsage)
	contains(t, "stderr", r.stderr,
		"x.exe not sent: .exe files cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can.\n",
		"notes.md not sent: .md (Markdown) files cannot be added; save it as .txt (or export it as PDF) and add that.\n",
		"README not sent: A file without a type extension cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can.\n")
	if strings.Contains(r.stderr, "Check name") || strings.Contains(r.stderr, "not .md, .doc or .xls") {
		t.Errorf("the old wording:\n%s", r.stderr)
	}
	for _, l := range f.requestLog() {
		if strings.HasPrefix(l, "POST") {
			t.Fatalf("something was sent: %s", l)
		}
	}
}
