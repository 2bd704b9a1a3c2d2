package client_test

import (
	"errors"
	"strings"
	"testing"

	"lectern/client"
	"lectern/client/emulator"
	"lectern/client/emulator/toolsapi"
)

func TestToolChatAnswersFromAttachmentsAndIsSaved(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	w.emu.Tools.SetWorkspaces([]toolsapi.Workspace{{ID: "ws_1", Name: "Harbour"}})
	ctx := t.Context()
	list, err := w.plain.ToolWorkspaces(ctx)
	if err != nil || len(list) != 1 || list[0].ID != "ws_1" || list[0].Name != "Harbour" {
		t.Fatal(list, err)
	}
	res, err := w.plain.ToolChat(ctx, client.ToolChatRequest{Message: "Who logs the ships?", WorkspaceID: "ws_1", WorkspacePin: true,
		Attachments: []client.Attachment{memFile("log.pdf", textPDF()), memFile("memo.wav", []byte("RIFF"))}})
	if err != nil || !strings.Contains(res.Text, "lighthouse keeper") || res.ConversationID == "" || len(res.Raw) == 0 {
		t.Fatal(res, err)
	}
	chats := w.emu.Tools.Chats("ana")
	if len(chats) != 1 || chats[0].WorkspaceID != "ws_1" || len(chats[0].Attachments) != 2 {
		t.Fatalf("not saved: %+v", chats)
	}
	if _, err := w.plain.ToolChat(ctx, client.ToolChatRequest{Message: "x", WorkspaceID: "ws_none"}); !client.IsCode(err, "workspace_not_found") {
		t.Fatal(err)
	}
}

// A failed chat is never sent again (it may have been saved); a 429 stored nothing and is.
func TestToolChatRetriesOnlyRefusals(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	w.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, Count: 1, Route: toolsapi.RouteChat}})
	if _, err := w.retrying.ToolChat(t.Context(), client.ToolChatRequest{Message: "hi"}); err == nil {
		t.Fatal("no error")
	}
	if n := w.emu.Requests(toolsapi.RouteChat); n != 1 {
		t.Fatalf("%d requests", n)
	}
}

func TestChatAttachmentChecks(t *testing.T) {
	big := func(name string, size int64) client.Attachment {
		a := memFile(name, []byte("x"))
		a.Size = size
		return a
	}
	for _, tc := range []struct {
		atts []client.Attachment
		ok   bool
	}{
		{[]client.Attachment{big("talk.mp3", 40_000_000), big("clip.mp4", 60_000_000)}, true}, // 133 MB in base64
		{[]client.Attachment{big("clip.mp4", 100_000_000)}, true},
		{[]client.Attachment{big("talk.mp3", 50_000_000), big("clip.mp4", 100_000_000)}, false}, // 200 MB in base64
		{[]client.Attachment{big("deck.pptx", 50_000_001)}, false},
		{[]client.Attachment{big("clip.mp4", 100_000_001)}, false},
		{[]client.Attachment{big("a.mov", 10), big("b.webm", 10)}, false},
		{[]client.Attachment{big("old.doc", 10)}, false},
		{[]client.Attachment{big("tool.exe", 10)}, false},
		{[]client.Attachment{big("a.pdf", 50_000_000), big("b.pdf", 50_000_000), big("c.pdf", 50_000_000)}, false}, // 150 MB before base64
	} {
		err := client.CheckChatAttachments("hi", tc.atts)
		var ve *client.ValidationError
		if tc.ok != (err == nil) || (err != nil && !errors.As(err, &ve)) {
			t.Fatalf("%s: %v", tc.atts[0].Name, err)
		}
	}
}
