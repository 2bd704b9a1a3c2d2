package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lectern/client/emulator"
	"lectern/client/emulator/engine"
)

// toolFiles writes a PDF with text and a table and one without text (a scan) in a fresh folder.
func toolFiles(t *testing.T) (text, scan string) {
	t.Helper()
	dir := t.TempDir()
	text, scan = filepath.Join(dir, "harbour.pdf"), filepath.Join(dir, "my scan.pdf")
	_ = os.WriteFile(text, engine.MakePDF([][]string{{"The harbour office opens at 8:00."}, {"Fees  Small  Large", "Day  10  25"}}), 0o600)
	_ = os.WriteFile(scan, engine.MakePDF([][]string{{}}), 0o600)
	return text, scan
}

func toolConfig() emulator.Config {
	cfg := fastConfig()
	cfg.Tools = emulator.ToolsConfig{OCRQueueDelay: -1, OCRPageDelay: -1}
	return cfg
}

func TestPDFCommand(t *testing.T) {
	newFixture(t, toolConfig())
	text, scan := toolFiles(t)
	r := runCLI(t, "pdf", text, scan).want(t, 0)
	contains(t, "stdout", r.stdout, "== harbour.pdf (2 of 2 pages,", "The harbour office opens at 8:00.", "== my scan.pdf (1 of 1 pages, 0 characters)")
	contains(t, "stderr", r.stderr, "Little or no text was found in my scan.pdf", "Try `lectern ocr '"+scan+"'`.")
	r = runCLI(t, "pdf", "--tables", text).want(t, 0)
	contains(t, "stdout", r.stdout, "Fees | Small | Large\nDay | 10 | 25")
	r = runCLI(t, "pdf", text, "--json").want(t, 0)
	var m map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &m); err != nil || m["ok"] != true {
		t.Fatal(err, r.stdout)
	}
	r = runCLI(t, "pdf", filepath.Join(t.TempDir(), "none.pdf")).want(t, 2)
	contains(t, "stderr", r.stderr, "none.pdf\" cannot be read")
	runCLI(t, "pdf").want(t, 2)
}

func TestOCRCommand(t *testing.T) {
	newFixture(t, toolConfig())
	_, scan := toolFiles(t)
	r := runCLI(t, "ocr", scan).want(t, 0)
	contains(t, "stdout", r.stdout, "is queued. Follow it with: lectern ocr --job ocr_")
	id := strings.Fields(strings.SplitAfter(r.stdout, "--job ")[1])[0]
	r = runCLI(t, "ocr", "--job", id, "--wait").want(t, 0)
	contains(t, "stdout", r.stdout, "== my scan.pdf (1 of 1 pages", "Recognised text of page 1 of my scan.pdf.")
	r = runWith(t, t.Context(), yes(), "ocr", scan, "--wait").want(t, 0)
	contains(t, "stdout", r.stdout, "Sending ", "Recognised text of page 1")
	r = runCLI(t, "ocr", "--job", id, "--json").want(t, 0)
	if !json.Valid([]byte(r.stdout)) || !strings.Contains(r.stdout, `"status": "done"`) {
		t.Fatal(r.stdout)
	}
	runCLI(t, "ocr", scan, "--job", id).want(t, 2)
	r = runCLI(t, "ocr", "--job", "ocr_none").want(t, 1)
	contains(t, "stderr", r.stderr, "job_not_found")
}

func TestOCRCommandFailedJob(t *testing.T) {
	newFixture(t, toolConfig())
	dir := t.TempDir()
	bad := filepath.Join(dir, "unreadable.pdf")
	_ = os.WriteFile(bad, engine.MakePDF(nil), 0o600)
	r := runCLI(t, "ocr", bad, "--wait").want(t, 1)
	contains(t, "stderr", r.stderr, "ended failed: the scan could not be read.")
}

func TestSearchCommand(t *testing.T) {
	f := newFixture(t, toolConfig())
	r := runCLI(t, "search", "sourdough starter", "--max", "1", "--depth", "0").want(t, 0)
	contains(t, "stdout", r.stdout, "1. Sourdough bread for beginners\n   https://kitchen.example.net/sourdough\n")
	if strings.Contains(r.stdout, "Page text") || strings.Contains(r.stdout, "2. ") {
		t.Fatal(r.stdout)
	}
	r = runCLI(t, "search", "zzzz").want(t, 0)
	contains(t, "stderr", r.stderr, "Nothing was found.")
	runCLI(t, "search", "x", "--max", "11").want(t, 2)
	runCLI(t, "search", "a", "b", "c", "d", "e", "f").want(t, 2)
	f.emu.Tools.BlockInternet("alice", true)
	r = runCLI(t, "search", "tides").want(t, 1)
	contains(t, "stderr", r.stderr, "internet_access_blocked: Web search is turned off for your account")
}

func TestGenerateCommand(t *testing.T) {
	newFixture(t, toolConfig())
	dir := t.TempDir()
	t.Chdir(dir)
	r := runCLI(t, "generate", "a report on tides").want(t, 0)
	contains(t, "stdout", r.stdout, "I wrote generated.docx", "Saved generated.docx (")
	r = runCLI(t, "generate", "another report").want(t, 0)
	contains(t, "stdout", r.stdout, "Saved generated-2.docx (")
	out := filepath.Join(dir, "budget.xlsx")
	r = runCLI(t, "generate", "a budget spreadsheet", "--out", out, "--json").want(t, 0)
	if !json.Valid([]byte(r.stdout)) {
		t.Fatal(r.stdout)
	}
	contains(t, "stderr", r.stderr, "Saved "+out)
	if data, err := os.ReadFile(out); err != nil || !strings.HasPrefix(string(data), "PK") {
		t.Fatal(err)
	}
	r = runCLI(t, "generate", "a haiku").want(t, 0)
	if strings.Contains(r.stdout, "Saved") {
		t.Fatal(r.stdout)
	}
	runCLI(t, "generate").want(t, 2)
}
