package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 35, item 9: a 401 from /chat, /pdf, /ocr, /search or /generate said "report it with the
// request id". model-api.md §5: "A missing, wrong or revoked key gives 401 invalid_api_key", and §7:
// "401 | Missing or wrong key (invalid_api_key) | Send a valid key". Every tool command says
// what lectern chat says: the key was refused, and where to set a valid one.
func TestToolCommandsSayTheKeyWasRefused(t *testing.T) {
	newFixture(t, toolConfig())
	text, _ := toolFiles(t)
	t.Setenv("LECTERN_API_KEY", "sk-wrong-key-not-known-WRONGSECRET")
	for _, args := range [][]string{
		{"chat", "Hello"},
		{"assist", "Hello"},
		{"pdf", text},
		{"ocr", text},
		{"search", "sourdough starter"},
		{"generate", "a spreadsheet of the budget"},
	} {
		r := runCLI(t, args...).want(t, 1)
		contains(t, "lectern "+args[0], r.stderr, "The server refused the key in LECTERN_API_KEY", "Set LECTERN_API_KEY to a valid key")
		if strings.Contains(r.stderr, "report it") || strings.Contains(r.stderr, "WRONGSECRET") {
			t.Errorf("lectern %s:\n%s", args[0], r.stderr)
		}
	}
}

// A file of a kind /chat does not take is refused with the kinds it takes (model-api.md §4,
// "Supported inputs for /chat: audio WAV, MP3, M4A, OGG, FLAC (speech turned into text); video
// MP4, MOV, M4V, MKV, AVI, WebM (...); PDF, Word, Excel, PowerPoint, text and email files.").
func TestAssistRefusesAKindWithTheKindsItTakes(t *testing.T) {
	f, dir := assistFixture(t)
	exe := filepath.Join(dir, "setup.exe")
	_ = os.WriteFile(exe, []byte("MZ"), 0o600)
	r := runCLI(t, "assist", "What is this?", "--file", exe).want(t, 2)
	contains(t, "stderr", r.stderr, `"setup.exe": .exe files cannot be sent to the chat.`,
		"audio (WAV, MP3, M4A, OGG, FLAC)", "video (MP4, MOV, M4V, MKV, AVI, WebM)",
		"PDF, Word, Excel, PowerPoint, text and email files")
	if chats := f.emu.Tools.Chats("alice"); len(chats) != 0 {
		t.Fatalf("sent: %+v", chats)
	}
}

// After the connection dropped while /chat answered, the message may already be saved on the
// server (model-api.md §4: POST /chat is "Saved in the key owner's chat history"): the command says
// so before it advises to try again.
func TestAssistSaysADroppedMessageMayBeSaved(t *testing.T) {
	f, _ := assistFixture(t)
	drop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/chat" {
			f.emu.ServeHTTP(httptest.NewRecorder(), r) // the server saves it; its answer never arrives
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				_ = conn.Close()
			}
			return
		}
		f.emu.ServeHTTP(w, r)
	}))
	t.Cleanup(drop.Close)
	t.Setenv("LECTERN_SERVER", drop.URL)
	r := runCLI(t, "assist", "When does the boat leave?").want(t, 1)
	contains(t, "stderr", r.stderr, "may already be saved on the server", "in the key owner's chat history")
	said := r.stderr
	if i, j := strings.Index(said, "may already be saved"), strings.Index(said, "again"); j >= 0 && j < i {
		t.Errorf("the advice to send again comes before saying the message may be saved:\n%s", said)
	}
	if chats := f.emu.Tools.Chats("alice"); len(chats) != 1 {
		t.Fatalf("the server kept %d messages, want 1", len(chats))
	}
}

// Issue 35: lectern history showed a workspace's id where its name is known: an assistant
// conversation pinned by name, on a computer whose cache has not listed the workspaces yet.
func TestHistoryNamesTheAssistantsWorkspace(t *testing.T) {
	assistFixture(t)
	runCLI(t, "assist", "When does the boat leave?", "--workspace", "alice notes").want(t, 0)
	r := runCLI(t, "history").want(t, 0)
	contains(t, "history", r.stdout, "assistant, Alice Notes")
	r = runCLI(t, "history", "--json").want(t, 0)
	contains(t, "history --json", r.stdout, `"workspace": "Alice Notes"`)
	runCLI(t, "delete", "1").want(t, 0)
	r = runCLI(t, "trash").want(t, 0)
	contains(t, "trash", r.stdout, "assistant, Alice Notes")
}
