package app

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"lectern/app/assistant"
	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/client/emulator"
	"lectern/client/emulator/toolsapi"
)

// assistantFixture is a fixture whose /chat offers the fixture's workspace as "Ann's notes".
func assistantFixture(t *testing.T) *fixture {
	f := newFixture(t, fastEmulatorConfig())
	f.emu.Tools.SetWorkspaces([]toolsapi.Workspace{{ID: f.ws, Name: "Ann's notes"}})
	return f
}

// TestAssistantPinsOnFirstMessageAndContinues: a new assistant conversation pins the workspace
// named on its first message (model-api.md §4: "workspace_id with workspace_pin true on the
// first message starts a conversation tied to that workspace"); the turn names its files; the
// server's conversation id is kept and sent back with --continue's message, which is answered
// from the file sent before, without a second pin.
func TestAssistantPinsOnFirstMessageAndContinues(t *testing.T) {
	f := assistantFixture(t)
	content := []byte("Ferry timetable\nThe boat leaves at nine from pier 4.")
	ferry := writeFile(t, t.TempDir(), "ferry.txt", content)
	turn, err := f.app.Assistant().Assist(ctxT(t), assistant.AssistantMessage{Text: "When does the boat leave?", Files: []string{ferry},
		Workspace: "ann's NOTES"}, conversations.ChatOptions{})
	if err != nil || turn.Status != records.TurnCompleted || !strings.Contains(turn.Answer, "nine") || len(turn.Reply) == 0 {
		t.Fatalf("%+v %v", turn, err)
	}
	saved, _ := f.app.Conversations().Turn(ctxT(t), turn.ID)
	if len(saved.Attachments) != 1 || saved.Attachments[0].Name != "ferry.txt" || saved.Attachments[0].Size != int64(len(content)) ||
		saved.Attachments[0].Path != ferry || !strings.Contains(string(saved.Reply), `"tools_used"`) {
		t.Fatalf("files not named on the turn: %+v", saved.Attachments)
	}
	conv, _ := f.app.Conversations().Get(ctxT(t), turn.ConversationID)
	chats := f.emu.Tools.Chats("ann")
	if conv.Kind != records.KindAssistant || conv.WorkspaceID != f.ws || conv.RemoteID == "" || conv.KindLabel() != "Assistant" ||
		len(chats) != 1 || !chats[0].Pinned || chats[0].WorkspaceID != f.ws {
		t.Fatalf("conversation %+v, server %+v", conv, chats)
	}
	next, err := f.app.Assistant().Assist(ctxT(t), assistant.AssistantMessage{Text: "From which pier?", Continue: true}, conversations.ChatOptions{})
	chats = f.emu.Tools.Chats("ann")
	if err != nil || next.ConversationID != conv.ID || !strings.Contains(next.Answer, "pier 4") || len(chats) != 2 ||
		chats[1].Pinned || chats[1].ConversationID != conv.RemoteID || chats[1].WorkspaceID != f.ws {
		t.Fatalf("continued: %+v %v; server %+v", next, err, chats)
	}
	if _, err := f.app.Assistant().Assist(ctxT(t), assistant.AssistantMessage{Text: "x", Continue: true, Workspace: "nowhere"}, conversations.ChatOptions{}); err == nil ||
		!strings.Contains(f.app.Explain(err).Sentence, "it can use “Ann's notes”") {
		t.Fatalf("unknown workspace: %v", err)
	}
}

// TestAssistantRefusesOldOfficeFilesBeforeSaving: .doc, .xls and .ppt are refused with what to
// save them as (model-api.md §4: "Old .doc, .xls, .ppt must be saved in the new format first"),
// and so are types /chat does not take and a second video; nothing is saved or sent.
func TestAssistantRefusesOldOfficeFilesBeforeSaving(t *testing.T) {
	f := assistantFixture(t)
	dir := t.TempDir()
	cases := map[string][]string{
		"save it as .docx first":                {writeFile(t, dir, "minutes.doc", []byte("old"))},
		"save it as .xlsx first":                {writeFile(t, dir, "budget.XLS", []byte("old"))},
		"save it as .pptx first":                {writeFile(t, dir, "talk.ppt", []byte("old"))},
		".png files cannot be sent to the chat": {writeFile(t, dir, "photo.png", []byte("png"))},
		"Send one video per message":            {writeFile(t, dir, "a.mp4", []byte("v")), writeFile(t, dir, "b.webm", []byte("v"))},
		"cannot be read":                        {dir + "/missing.pdf"},
	}
	for want, files := range cases {
		_, err := f.app.Assistant().Assist(ctxT(t), assistant.AssistantMessage{Text: "What is in it?", Files: files}, conversations.ChatOptions{})
		if err == nil || !strings.Contains(f.app.Explain(err).Sentence, want) {
			t.Errorf("%v: %v, want %q", files, err, want)
		}
	}
	all, _ := f.app.Conversations().ListAll(ctxT(t), records.ListFilter{Kind: records.KindAssistant})
	if len(all) != 0 || len(f.emu.Tools.Chats("ann")) != 0 {
		t.Fatalf("saved %d conversations, sent %d", len(all), len(f.emu.Tools.Chats("ann")))
	}
	conv, _ := f.app.Conversations().New(ctxT(t), f.ws, "", "")
	if _, err := f.app.Conversations().Send(ctxT(t), conv.ID, conversations.Message{Text: "x", Files: cases["cannot be read"]}, conversations.AskOptions{}); err == nil ||
		!strings.Contains(f.app.Explain(err).Sentence, "Only the assistant takes attached files") {
		t.Fatalf("a workspace conversation took files: %v", err)
	}
}

// TestAssistantRetryReadsTheFilesAgain: a message the server failed is kept failed with its
// files; Retry sends them again from where they are, in the same turn, and pins the workspace
// (the server never started the conversation).
func TestAssistantRetryReadsTheFilesAgain(t *testing.T) {
	f := assistantFixture(t)
	note := writeFile(t, t.TempDir(), "note.txt", []byte("The key is under the mat."))
	conv, err := f.app.Assistant().NewAssistant(ctxT(t), "", "")
	if err == nil {
		conv, err = f.app.Assistant().SetAssistantWorkspace(ctxT(t), conv.ID, f.ws) // chosen before the first message
	}
	if err != nil || conv.WorkspaceID != f.ws {
		t.Fatal(conv, err)
	}
	f.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: http.StatusServiceUnavailable, Route: "POST /chat"}})
	turn, err := f.app.Conversations().Send(ctxT(t), conv.ID, conversations.Message{Text: "Where is the key?", Files: []string{note}}, conversations.AskOptions{})
	if err == nil || turn.Status != records.TurnFailed || len(turn.Attachments) != 1 {
		t.Fatalf("%+v %v", turn, err)
	}
	f.emu.SetFaults(emulator.Faults{})
	turn, err = f.app.Conversations().Retry(ctxT(t), turn.ID, conversations.AskOptions{})
	chats := f.emu.Tools.Chats("ann")
	if err != nil || turn.Status != records.TurnCompleted || !strings.Contains(turn.Answer, "mat") || len(chats) != 1 ||
		!chats[0].Pinned || len(chats[0].Attachments) != 1 {
		t.Fatalf("retry: %+v %v; server %+v", turn, err, chats)
	}
	if _, err := f.app.Assistant().SetAssistantWorkspace(ctxT(t), conv.ID, ""); err == nil {
		t.Fatal("the pin changed after the first message")
	}
	if _, err := assistant.AssistantFile(note + ".xls"); err == nil {
		t.Fatal("a missing file was taken")
	}
	edited, err := f.app.Conversations().Resend(ctxT(t), turn.ID, "Under what is the key?", conversations.AskOptions{})
	if err != nil || len(edited.Attachments) != 1 || len(f.emu.Tools.Chats("ann")) != 2 {
		t.Fatalf("edit keeps the files: %+v %v", edited, err)
	}
}

// noConversationIDs is a transport whose /chat replies come without their conversation_id, as a
// server may send them (the spec does not show the reply's shape).
type noConversationIDs struct{}

func (noConversationIDs) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err != nil || r.URL.Path != "/chat" || resp.StatusCode != http.StatusOK {
		return resp, err
	}
	var reply map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&reply); err != nil {
		return nil, err
	}
	_ = resp.Body.Close()
	delete(reply, "conversation_id")
	body, _ := json.Marshal(reply)
	resp.Body, resp.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	resp.Header.Del("Content-Length")
	return resp, nil
}

// TestAssistantWithoutConversationIDSaysSo: when the server's reply names no conversation, a
// continued message goes alone (the earlier turns are never sent: the server saved them) and its
// turn says that it started a new conversation on the server.
func TestAssistantWithoutConversationIDSaysSo(t *testing.T) {
	f := newFixtureWith(t, fastEmulatorConfig(), noConversationIDs{})
	f.emu.Tools.SetWorkspaces([]toolsapi.Workspace{{ID: f.ws, Name: "Ann's notes"}})
	first, err := f.app.Assistant().Assist(ctxT(t), assistant.AssistantMessage{Text: "Hello", Workspace: f.ws}, conversations.ChatOptions{})
	if err != nil || first.Notice != "" {
		t.Fatalf("%+v %v", first, err)
	}
	next, err := f.app.Assistant().Assist(ctxT(t), assistant.AssistantMessage{Text: "And then?", Continue: true}, conversations.ChatOptions{})
	chats := f.emu.Tools.Chats("ann")
	if err != nil || next.ConversationID != first.ConversationID || next.Notice != assistant.NoConversationID || len(chats) != 2 ||
		chats[1].ConversationID == chats[0].ConversationID || chats[1].Message != "And then?" || !chats[1].Pinned {
		t.Fatalf("%+v %v; server %+v", next, err, chats)
	}
}
