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
	Message        string
	Attachments    []string
	Answer         string
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
	answer, tools := chatAnswer(q)
	chat := Chat{ConversationID: q.ConversationID, WorkspaceID: q.WorkspaceID, Message: q.Message, Answer: answer}
	for _, a := range q.Attachments {
		chat.Attachments = append(chat.Attachments, a.Name)
	}
	s.mu.Lock()
	if chat.ConversationID == "" {
		chat.ConversationID = s.nextID("chat")
	}
	s.chats[person] = append(s.chats[person], chat)
	s.mu.Unlock()
	serve.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "conversation_id": chat.ConversationID,
		"workspace_id": q.WorkspaceID, "response": answer, "tools_used": tools, "saved": true,
		"ms": time.Since(start).Milliseconds()})
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

// chatAnswer answers the message from the text of its attachments, naming the tools it used.
func chatAnswer(q chatRequest) (string, []string) {
	var docs []engine.Doc
	var notes []string
	tools := []string{}
	for i, a := range q.Attachments {
		if slices.Contains(mediaTypes, strings.ToLower(path.Ext(a.Name))) {
			notes = append(notes, a.Name+": speech turned into text (the emulator hears nothing)")
			tools = append(tools, "transcribe")
			continue
		}
		text, err := engine.Extract(a.Name, a.Data)
		if err != nil {
			notes = append(notes, a.Name+": could not be read")
			continue
		}
		docs = append(docs, engine.Doc{ID: fmt.Sprint(i), Name: a.Name, SourceType: "file", Text: text})
		tools = append(tools, "read_file")
	}
	if len(docs) == 0 {
		return strings.TrimSpace("No attached file answers this. " + strings.Join(notes, "; ")), tools
	}
	res := engine.Answer(q.Message, docs)
	return strings.TrimSpace(res.Answer + "\n" + strings.Join(notes, "\n")), tools
}
