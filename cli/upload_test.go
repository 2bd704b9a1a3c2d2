package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lectern/client"
	"lectern/client/emulator"
)

// writeFile writes a test file and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestUploadWaitThenAsk(t *testing.T) {
	f := newFixture(t, fastConfig())
	p := writeFile(t, "parking.txt", "Parking. Staff may park in level minus two, bays 40 to 75, free of charge.")
	r := runCLI(t, "upload", "Alice Notes", p, "--wait").want(t, 0)
	contains(t, "upload", r.stdout, "Added parking.txt to Alice Notes", "parking.txt: ready")

	r = runCLI(t, "documents", f.personal, "--json").want(t, 0)
	var docs []client.Document
	if err := json.Unmarshal([]byte(r.stdout), &docs); err != nil || len(docs) != 1 {
		t.Fatalf("documents %v (%v)", docs, err)
	}
	r = runCLI(t, "status", "Alice Notes", docs[0].ClientDocumentID).want(t, 0)
	contains(t, "status", r.stdout, "parking.txt", "ready")

	r = runCLI(t, "ask", "Alice Notes", "Which bays can staff park in?").want(t, 0)
	contains(t, "answer", r.stdout, "40")
}

func TestUploadJSONAndTerminal(t *testing.T) {
	newFixture(t, fastConfig())
	a := writeFile(t, "a.txt", "Alpha document about apples.")
	b := writeFile(t, "b.csv", "fruit,count\napple,3\npear,4\n")
	r := runWith(t, t.Context(), yes(), "upload", "--json", "Alice Notes", a, b, "--wait").want(t, 0)
	var recs []client.UploadRecord
	if err := json.Unmarshal([]byte(r.stdout), &recs); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	if len(recs) != 2 || recs[0].Status != "ready" || recs[1].Status != "ready" {
		t.Errorf("records %+v", recs)
	}
	contains(t, "progress on stderr", r.stderr, "a.txt: ready", "b.csv: ready")
}

func TestUploadPartlyRejected(t *testing.T) {
	newFixture(t, fastConfig())
	good := writeFile(t, "good.txt", "A good file.")
	bad := writeFile(t, ".hidden.txt", "A hidden file.")
	r := runCLI(t, "upload", "Alice Notes", good, bad).want(t, 2)
	contains(t, "stdout", r.stdout, "Added good.txt to Alice Notes")
	contains(t, "stderr", r.stderr, ".hidden.txt not sent")
}

func TestUploadFailures(t *testing.T) {
	f := newFixture(t, fastConfig())
	p := writeFile(t, "unreadable-scan.txt", "This one fails to index.")
	r := runCLI(t, "upload", "Alice Notes", p, "--wait").want(t, 1)
	contains(t, "upload", r.stdout, "unreadable-scan.txt: failed (the server could not index")

	// The same name with other content: the service refuses the second one (duplicate_name).
	other := writeFile(t, "x.txt", "text")
	again := filepath.Join(t.TempDir(), "x.txt")
	if err := os.WriteFile(again, []byte("other text"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runCLI(t, "upload", f.handbook, other, again).want(t, 1)
	if n := strings.Count(r.stderr, "not added"); n != 1 {
		t.Errorf("want the second copy refused, got %d refusals:\n%s", n, r.stderr)
	}
	contains(t, "stderr", r.stderr, "duplicate_name", "request id")

	// A key that may not add documents.
	f.emu.AddKey(emulator.Key{Secret: "sk-read-only-key-0000READONLY", Owner: "alice"})
	t.Setenv("LECTERN_API_KEY", "sk-read-only-key-0000READONLY")
	r = runCLI(t, "upload", "Alice Notes", writeFile(t, "y.txt", "why")).want(t, 1)
	contains(t, "stderr", r.stderr, "key_not_allowed", "Can add documents", "request id")
	if strings.Contains(r.stderr+r.stdout, "READONLY") {
		t.Errorf("the key was printed:\n%s", r.stderr)
	}
}
