package toolsapi

import (
	"encoding/base64"
	"strings"
	"testing"
)

// chatBody is a POST /chat body with one attachment (none when name is "").
func chatBody(message, name, data, conversation string) string {
	b := `{"message":"` + message + `","conversation_id":"` + conversation + `","attachments":[`
	if name != "" {
		b += `{"name":"` + name + `","data":"` + base64.StdEncoding.EncodeToString([]byte(data)) + `"}`
	}
	return b + `]}`
}

// TestChatAnswersFromAttachments: the demo's /chat names each file it read and quotes its first
// line, says what it did with a recording, and answers a later message of the same conversation
// from the files sent before.
func TestChatAnswersFromAttachments(t *testing.T) {
	s, srv := testServer(t, Config{})
	r := send(t, srv, keyAna, "POST", "/chat", "application/json",
		chatBody("When does the boat leave?", "ferry.txt", "Ferry timetable\nThe boat leaves at nine from pier 4.", ""))
	text, _ := r.body["response"].(string)
	conv, _ := r.body["conversation_id"].(string)
	if r.status != 200 || conv == "" || !strings.Contains(text, "nine") || !strings.Contains(text, "**ferry.txt**") ||
		!strings.Contains(text, "“Ferry timetable”") {
		t.Fatalf("%d %q %q", r.status, conv, text)
	}
	r = send(t, srv, keyAna, "POST", "/chat", "application/json", chatBody("Which pier?", "", "", conv))
	if text, _ = r.body["response"].(string); r.status != 200 || !strings.Contains(text, "pier 4") || r.body["conversation_id"] != conv {
		t.Fatalf("a later message forgot the file: %d %q", r.status, text)
	}
	r = send(t, srv, keyAna, "POST", "/chat", "application/json", chatBody("What is said?", "talk.mp3", "ID3", ""))
	if text, _ = r.body["response"].(string); !strings.Contains(text, "**talk.mp3**: speech turned into text") ||
		!strings.Contains(text, "No attached file answers this") {
		t.Fatalf("recording: %q", text)
	}
	r = send(t, srv, keyAna, "POST", "/chat", "application/json", chatBody("What to pack?", "list.md", "# Packing list\n\n- rain jackets", ""))
	if text, _ = r.body["response"].(string); strings.Contains(text, "no text could be read") || !strings.Contains(text, "begins: “# Packing list”") {
		t.Fatalf("markdown: %q", text)
	}
	if chats := s.Chats("ana"); len(chats) != 4 || chats[1].ConversationID != conv || chats[2].ConversationID == conv {
		t.Fatalf("history: %+v", chats)
	}
}
