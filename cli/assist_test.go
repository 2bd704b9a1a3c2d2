package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"lectern/client/emulator/toolsapi"
)

// assistFixture is a fixture whose /chat offers Alice's own workspace, and a folder of files.
func assistFixture(t *testing.T) (*fixture, string) {
	f := newFixture(t, toolConfig())
	f.emu.Tools.SetWorkspaces([]toolsapi.Workspace{{ID: f.personal, Name: "Alice Notes"}})
	dir := t.TempDir()
	_ = os.WriteFile(filepath.Join(dir, "ferry.txt"), []byte("Ferry timetable\nThe boat leaves at nine from pier 4."), 0o600)
	_ = os.WriteFile(filepath.Join(dir, "minutes.doc"), []byte("old"), 0o600)
	_ = os.WriteFile(filepath.Join(dir, "slides.ppt"), []byte("old"), 0o600)
	return f, dir
}

// TestAssistCommand: a message with a file and a workspace pin (model-api.md §4: "workspace_id
// with workspace_pin true on the first message starts a conversation tied to that workspace");
// the answer, the files and the server-history line are printed; --continue goes on in the same
// server conversation without a second pin; --json prints the server's reply.
func TestAssistCommand(t *testing.T) {
	f, dir := assistFixture(t)
	ferry := filepath.Join(dir, "ferry.txt")
	r := runCLI(t, "assist", "When does the boat leave?", "--file", ferry, "--workspace", "alice notes").want(t, 0)
	contains(t, "stdout", r.stdout, "nine", "**ferry.txt** (52 characters) begins: “Ferry timetable”")
	contains(t, "stderr", r.stderr, "Files: ferry.txt (52 bytes)", "Workspace: Alice Notes",
		"Also saved on the server, in the key owner's chat history.")
	r = runCLI(t, "assist", "--continue", "--json", "From which pier?").want(t, 0)
	var reply map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &reply); err != nil || reply["conversation_id"] == nil {
		t.Fatalf("--json: %v\n%s", err, r.stdout)
	}
	chats := f.emu.Tools.Chats("alice")
	if len(chats) != 2 || !chats[0].Pinned || chats[0].WorkspaceID != f.personal || chats[1].Pinned ||
		chats[1].ConversationID != chats[0].ConversationID || chats[1].ConversationID != reply["conversation_id"] {
		t.Fatalf("server history: %+v", chats)
	}
	r = runCLI(t, "history").want(t, 0)
	contains(t, "history", r.stdout, "assistant, ", "When does the boat leave?")
	out := filepath.Join(t.TempDir(), "assist.md")
	runCLI(t, "export", "1", out).want(t, 0)
	md, _ := os.ReadFile(out)
	contains(t, "export", string(md), "- With: the assistant (also saved on the server, in the key owner's chat history)",
		"- Workspace: ", "(pinned)", "- File: ferry.txt (52 bytes)", "From which pier?")
}

// TestAssistCommandRefusals: old Office files are refused with what to save them as (model-api.md
// §4: "Old .doc, .xls, .ppt must be saved in the new format first"), a workspace the assistant
// may not use is refused naming those it may, a message is needed; nothing reaches the server.
func TestAssistCommandRefusals(t *testing.T) {
	f, dir := assistFixture(t)
	r := runCLI(t, "assist", "Summarise", "--file", filepath.Join(dir, "minutes.doc")).want(t, 2)
	contains(t, "stderr", r.stderr, "minutes.doc\" is in an old Office format; save it as .docx first.")
	r = runCLI(t, "assist", "Summarise", "--file", filepath.Join(dir, "ferry.txt"), "--file", filepath.Join(dir, "slides.ppt")).want(t, 2)
	contains(t, "stderr", r.stderr, "save it as .pptx first.")
	r = runCLI(t, "assist", "Summarise", "--workspace", "Team 01").want(t, 2)
	contains(t, "stderr", r.stderr, "The assistant cannot use a workspace “Team 01”; it can use “Alice Notes”.")
	runCLI(t, "assist").want(t, 2)
	if chats := f.emu.Tools.Chats("alice"); len(chats) != 0 {
		t.Fatalf("sent: %+v", chats)
	}
	r = runCLI(t, "history").want(t, 0)
	contains(t, "history", r.stdout, "No conversations")
}
