package app

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/app/assistant"
	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/client"
	"lectern/client/emulator"
	"lectern/client/emulator/engine"
	"lectern/client/emulator/toolsapi"
)

func TestAppPDFTextOffersOCR(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	scan := writeFile(t, t.TempDir(), "my scan.pdf", engine.MakePDF([][]string{{}}))
	res, err := f.app.Tools().PDFText(ctxT(t), []string{scan}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	file := res.Files[0]
	if !file.ScannedOrEmpty() {
		t.Fatalf("%+v", file)
	}
	if got := tools.PDFWarningText(file.Warnings[0], file.Name, file.Name); !strings.Contains(got, "Try `lectern ocr 'my scan.pdf'`.") {
		t.Fatal(got)
	}
	if _, err := f.app.Tools().PDFText(ctxT(t), []string{filepath.Join(t.TempDir(), "none.pdf")}, false, nil); err == nil ||
		!strings.Contains(f.app.Describe(err), "none.pdf\" cannot be read") {
		t.Fatal(err)
	}
}

func TestAppOCRWait(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.Tools = emulator.ToolsConfig{OCRQueueDelay: -1, OCRPageDelay: -1}
	f := newFixture(t, cfg)
	job, err := f.app.Tools().StartOCR(ctxT(t), writeFile(t, t.TempDir(), "s.pdf", engine.MakePDF([][]string{{}})), nil)
	if err != nil {
		t.Fatal(err)
	}
	done, err := f.app.Tools().WaitOCR(ctxT(t), job.JobID, time.Minute, nil)
	if err != nil || done.Result == nil || !strings.Contains(done.Result.Text, "page 1 of s.pdf") {
		t.Fatal(done, err)
	}
	job, _ = f.app.Tools().StartOCR(ctxT(t), writeFile(t, t.TempDir(), "unreadable.pdf", engine.MakePDF(nil)), nil)
	_, err = f.app.Tools().WaitOCR(ctxT(t), job.JobID, time.Minute, nil)
	if got := f.app.Tools().ToolErrorText(err); !strings.Contains(got, "ended failed: the scan could not be read. Check") {
		t.Fatal(got)
	}
}

func TestAppSearchBlockedInWords(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	f.emu.Tools.BlockInternet("ann", true)
	_, err := f.app.Tools().WebSearch(ctxT(t), client.SearchRequest{Queries: []string{"tides"}})
	if got := f.app.Tools().ToolErrorText(err); !strings.HasPrefix(got, "Web search is turned off for your account") {
		t.Fatal(got)
	}
	if records.SearchStatusText("partial", true) != "Some of the search did not answer; the results are partial. The search provider was degraded." ||
		records.SearchStatusText("weird", false) != "Search status: weird." {
		t.Fatal("status words")
	}
}

func TestAppGenerateAndDownload(t *testing.T) {
	cfg := fastEmulatorConfig()
	now := time.Now()
	cfg.Now = func() time.Time { return now }
	f := newFixture(t, cfg)
	res, err := f.app.Tools().Generate(ctxT(t), "a budget spreadsheet")
	if err != nil || res.Artifact == nil {
		t.Fatal(res, err)
	}
	out := filepath.Join(t.TempDir(), "budget.xlsx")
	n, err := f.app.Tools().DownloadArtifact(ctxT(t), res.Artifact, out, nil)
	data, _ := os.ReadFile(out)
	if err != nil || n != res.Artifact.Size || int64(len(data)) != n {
		t.Fatal(n, err, len(data))
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		t.Fatalf("a partial file was left: %v", entries)
	}
	stale := *res.Artifact
	stale.Available = false
	if _, err := f.app.Tools().DownloadArtifact(ctxT(t), &stale, out, nil); !errors.Is(err, tools.ErrArtifactExpired) ||
		!strings.Contains(f.app.Tools().ToolErrorText(err), "has expired") {
		t.Fatal(err)
	}
}

// A file that expired on the server is the same ErrArtifactExpired, and nothing is left on disk.
func TestAppDownloadExpiredOnServer(t *testing.T) {
	cfg := fastEmulatorConfig()
	var mu sync.Mutex
	now := time.Now()
	cfg.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	cfg.Tools = emulator.ToolsConfig{ArtifactTTL: time.Minute}
	f := newFixture(t, cfg)
	res, err := f.app.Tools().Generate(ctxT(t), "a report")
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	now = now.Add(time.Minute)
	mu.Unlock()
	art := *res.Artifact
	art.ExpiresAt = "" // as a server that does not say when: only the download can Tell
	dir := t.TempDir()
	if _, err := f.app.Tools().DownloadArtifact(ctxT(t), &art, filepath.Join(dir, "r.docx"), nil); !errors.Is(err, tools.ErrArtifactExpired) {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left behind: %v", entries)
	}
}

func TestAppToolChatAndLimitWords(t *testing.T) {
	cfg := fastEmulatorConfig()
	cfg.Tools = emulator.ToolsConfig{PerMinute: 1}
	f := newFixture(t, cfg)
	f.emu.Tools.SetWorkspaces([]toolsapi.Workspace{{ID: f.ws, Name: "Ann's notes"}})
	list, err := f.app.Tools().ToolWorkspaces(ctxT(t))
	if err != nil || len(list) != 1 {
		t.Fatal(list, err)
	}
	note := writeFile(t, t.TempDir(), "note.txt", []byte("The boat leaves at nine."))
	res, err := f.app.Assistant().Assist(ctxT(t), assistant.AssistantMessage{Text: "When does the boat leave?", Files: []string{note}, Workspace: f.ws}, conversations.ChatOptions{})
	if err != nil || !strings.Contains(res.Answer, "nine") || len(f.emu.Tools.Chats("ann")) != 1 {
		t.Fatal(res, err)
	}
	noRetry := f.openWith(func(o *Options) {
		o.ClientOptions = append(o.ClientOptions, client.WithRetryPolicy(client.RetryPolicy{}))
	})
	_, err = noRetry.Tools().Generate(ctxT(t), "x") // the second of the shared minute
	if got := f.app.Tools().ToolErrorText(err); !strings.HasPrefix(got, "Too many requests: chat, generate and PDF text share a limit") {
		t.Fatal(err, got)
	}
}
