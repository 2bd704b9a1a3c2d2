package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The README's walkthrough states the demo's upload limits; they are the ones `lectern demo`
// reports with an upload of the shipped sample file, examples/notes.txt.
func TestReadmeStatesTheDemosLimits(t *testing.T) {
	setup(t)
	url, key := startDemo(t, "127.0.0.1:0")
	t.Setenv("LECTERN_SERVER", url)
	t.Setenv("LECTERN_API_KEY", key)
	r := runCLI(t, "upload", "My documents", filepath.Join("..", "examples", "notes.txt"), "--json").want(t, 0)
	var recs []struct {
		Limits struct {
			MaxFileBytes        int64 `json:"max_file_bytes"`
			WorkspaceBytesLimit int64 `json:"workspace_bytes_limit"`
			DailyUploadsLimit   int   `json:"daily_uploads_limit"`
		} `json:"limits"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &recs); err != nil || len(recs) != 1 {
		t.Fatalf("upload --json: %v\n%s", err, r.stdout)
	}
	l := recs[0].Limits
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The README's text wraps lines: compare with single spaces.
	text := strings.Join(strings.Fields(string(readme)), " ")
	want := fmt.Sprintf("The demo takes .txt, .pdf, .docx, .xlsx and .csv files of up to %d MiB, %d uploads a day and %d MiB per workspace",
		l.MaxFileBytes>>20, l.DailyUploadsLimit, l.WorkspaceBytesLimit>>20)
	if l.MaxFileBytes%(1<<20) != 0 || l.WorkspaceBytesLimit%(1<<20) != 0 || !strings.Contains(text, want) {
		t.Errorf("the README does not say %q (limits %+v)", want, l)
	}
}

// The README's second terminal exports the demo's default address and its key, which the README
// test can only replace the port of: they must be what `lectern demo` prints without --addr.
func TestReadmeExportsTheDemosDefaults(t *testing.T) {
	setup(t)
	_, key := startDemo(t, "127.0.0.1:0")
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := "\nexport LECTERN_SERVER=http://" + defaultDemoAddr + " LECTERN_API_KEY=" + key + "\n"
	if !strings.Contains(string(readme), want) {
		t.Errorf("the README does not say %q", strings.TrimSpace(want))
	}
}
