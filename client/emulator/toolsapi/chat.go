package toolsapi

import (
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"

	"lectern/client/emulator/engine"
	"lectern/client/emulator/internal/serve"
)

// Workspace is a workspace usable with /chat (GET /workspaces).
type Workspace struct {
	ID   string `json:"workspace_id"`
	Name string `json:"name"`
}

// Chat is one message saved in a person's chat history by POST /chat.
type Chat struct {
	ConversationID string
	WorkspaceID    string
	Pinned         bool // sent with workspace_pin true
	Message        string
	Attachments    []string
	Answer         string
	docs           []engine.Doc // the text of the attachments, for the conversation's later messages
}

// chatRequest is the body of POST /chat.
type chatRequest struct {
	Message        string       `json:"message"`
	Attachments    []attachment `json:"attachments"`
	WorkspaceID    string       `json:"workspace_id"`
	WorkspacePin   bool         `json:"workspace_pin"`
	ConversationID string       `json:"conversation_id"`
}

// SetWorkspaces sets the workspaces GET /workspaces lists and /chat accepts.
func (s *Service) SetWorkspaces(ws []Workspace) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.workspaces = append([]Workspace(nil), ws...)
}

// Chats returns the messages saved in a person's chat history, oldest first.
func (s *Service) Chats(person string) []Chat {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Chat(nil), s.chats[person]...)
}

// handleWorkspaces answers GET /workspaces.
func (s *Service) handleWorkspaces(w http.ResponseWriter, _ *http.Request, _, _ string) {
	s.mu.Lock()
	ws := append([]Workspace{}, s.workspaces...)
	s.mu.Unlock()
	serve.WriteJSON(w, http.StatusOK, map[string]any{"workspaces": ws})
}

// handleChat answers POST /chat from its attachments and saves the message in the history.
func (s *Service) handleChat(w http.ResponseWriter, r *http.Request, reqID, person string) {
	start := time.Now()
	var q chatRequest
	if err := decodeBody(r, &q); err != nil {
		writeErr(w, reqID, err)
		return
	}
	if err := s.checkChat(&q); err != nil {
		writeErr(w, reqID, err)
		return
	}
	s.mu.Lock()
	earlier := s.conversation(person, q.ConversationID)
	s.mu.Unlock()
	chat, tools := chatAnswer(q, earlier)
	s.mu.Lock()
	if chat.ConversationID == "" {
		chat.ConversationID = s.nextID("chat")
	}
	s.chats[person] = append(s.chats[person], chat)
	s.mu.Unlock()
	serve.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "conversation_id": chat.ConversationID,
		"workspace_id": q.WorkspaceID, "response": chat.Answer, "tools_used": tools, "saved": true,
		"ms": time.Since(start).Milliseconds()})
}

// conversation returns the earlier messages of a person's conversation id ("" for none), oldest
// first; callers hold s.mu.
func (s *Service) conversation(person, id string) []Chat {
	var out []Chat
	for _, c := range s.chats[person] {
		if id != "" && c.ConversationID == id {
			out = append(out, c)
		}
	}
	return out
}

// checkChat refuses a message without text or files, and a workspace /workspaces does not list.
func (s *Service) checkChat(q *chatRequest) *serve.Error {
	if strings.TrimSpace(q.Message) == "" && len(q.Attachments) == 0 {
		return invalid("message", "send a message or attachments")
	}
	if q.WorkspaceID == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ws := range s.workspaces {
		if ws.ID == q.WorkspaceID {
			return nil
		}
	}
	return &serve.Error{Status: http.StatusNotFound, Code: "workspace_not_found", Param: "workspace_id",
		Message: "no workspace with this id usable with /chat; see GET /workspaces"}
}

// mediaTypes are the audio and video types /chat takes (model-api.md §4): their speech is turned
// into text, which the emulator cannot do.
var mediaTypes = []string{".wav", ".mp3", ".m4a", ".ogg", ".flac", ".mp4", ".mov", ".m4v", ".mkv", ".avi", ".webm"}

// chatAnswer answers the message from the text of its attachments and of those sent earlier in
// the conversation, naming the files it read and quoting the first line of each; it returns the
// message saved, and the tools it used.
func chatAnswer(q chatRequest, earlier []Chat) (Chat, []string) {
	chat := Chat{ConversationID: q.ConversationID, WorkspaceID: q.WorkspaceID, Pinned: q.WorkspacePin, Message: q.Message}
	var notes []string
	tools := []string{}
	for i, a := range q.Attachments {
		chat.Attachments = append(chat.Attachments, a.Name)
		note, doc, tool := readAttachment(i, a)
		notes, tools = append(notes, note), append(tools, tool)
		if doc != nil {
			chat.docs = append(chat.docs, *doc)
		}
	}
	var docs []engine.Doc
	var history []engine.Turn
	for _, c := range earlier {
		docs = append(docs, c.docs...)
		history = append(history, engine.Turn{Role: "user", Content: c.Message}, engine.Turn{Role: "assistant", Content: c.Answer})
	}
	docs = append(docs, chat.docs...)
	chat.Answer = chatText(q.Message, docs, history, notes)
	return chat, tools
}

// readAttachment reads one attachment: a line about it for the answer, its text when it has
// one, and the tool that read it.
func readAttachment(i int, a attachment) (string, *engine.Doc, string) {
	name := "**" + strings.ReplaceAll(a.Name, "*", "") + "**"
	if slices.Contains(mediaTypes, strings.ToLower(path.Ext(a.Name))) {
		return name + ": speech turned into text (the demo server hears nothing in it)", nil, "transcribe"
	}
	text, err := engine.Extract(chatTextName(a.Name), a.Data)
	if err != nil || strings.TrimSpace(text) == "" {
		return name + ": no text could be read from it", nil, "read_file"
	}
	first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	if r := []rune(strings.TrimSpace(first)); len(r) > 120 {
		first = string(r[:120]) + "…"
	}
	note := fmt.Sprintf("%s (%d characters) begins: “%s”", name, len([]rune(text)), strings.TrimSpace(first))
	return note, &engine.Doc{ID: fmt.Sprint(i), Name: a.Name, SourceType: "file", Text: text}, "read_file"
}

// plainTypes are the text types /chat takes that the engine does not know by name: they are read
// as plain text (.md, .json, an email's .eml).
var plainTypes = []string{".md", ".json", ".eml"}

// chatTextName is the name the engine reads a file as: a plain text type as .txt.
func chatTextName(name string) string {
	if slices.Contains(plainTypes, strings.ToLower(path.Ext(name))) {
		return name + ".txt"
	}
	return name
}

// chatText is the answer in Markdown: what the files say about the message, then what was read.
func chatText(message string, docs []engine.Doc, history []engine.Turn, notes []string) string {
	var b strings.Builder
	if len(docs) == 0 {
		b.WriteString("No attached file answers this: attach a document, a text or an email to ask about it.")
	} else {
		b.WriteString(strings.TrimSpace(engine.Answer(message, docs, history...).Answer))
	}
	if len(notes) > 0 {
		b.WriteString("\n\n**Files read with this message:**\n")
		for _, n := range notes {
			b.WriteString("\n- " + n)
		}
	}
	return b.String()
}
