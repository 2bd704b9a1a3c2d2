package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestUploadOddFilesRefusedLocally: an empty file, a name that is not UTF-8 and a name with a
// newline are refused before sending (exit 2), each named quoted on one line with its reason.
func TestUploadOddFilesRefusedLocally(t *testing.T) {
	f := newFixture(t, fastConfig())
	dir := t.TempDir()
	files := map[string][]byte{"empty.txt": nil, "bad\xffname.txt": []byte("x"), "two\nlines.txt": []byte("x")}
	var paths []string
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	r := runCLI(t, append([]string{"upload", f.personal}, paths...)...).want(t, exitUsage)
	contains(t, "stderr", r.stderr, `empty.txt not sent: The file "empty.txt" is empty (0 bytes)`,
		`bad\xffname.txt" not sent: The file name is not valid UTF-8`,
		`two\nlines.txt" not sent: The file name cannot contain control characters`)
	for _, l := range f.requestLog() {
		if l[:4] == "POST" {
			t.Fatalf("something was sent: %s", l)
		}
	}
}
