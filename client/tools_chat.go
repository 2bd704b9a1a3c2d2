package client

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
)

// Limits of POST /chat (model-api.md §8, server defaults).
const (
	MaxChatRequestBytes = 150_000_000 // the whole request
	MaxChatFileBytes    = 50_000_000  // one file
	MaxChatVideoBytes   = 100_000_000 // one video; one video per message
)

// The file types /chat takes (model-api.md §4), by extension in lower case.
var (
	ChatAudioTypes    = []string{".wav", ".mp3", ".m4a", ".ogg", ".flac"}
	ChatVideoTypes    = []string{".mp4", ".mov", ".m4v", ".mkv", ".avi", ".webm"}
	ChatDocumentTypes = []string{".pdf", ".docx", ".xlsx", ".pptx", ".txt", ".md", ".csv", ".json", ".eml", ".msg"}
)

// ToolChatRequest is a message to POST /chat, which picks tools by itself and, unlike every other
// endpoint, SAVES the conversation in the key owner's chat history on the server.
type ToolChatRequest struct {
	Message     string
	Attachments []Attachment
	// WorkspaceID ties the conversation to a workspace of ToolWorkspaces; with WorkspacePin on the
	// first message it starts a conversation pinned to it.
	WorkspaceID  string
	WorkspacePin bool
	// ConversationID continues a conversation (not in the spec: sent only when set).
	ConversationID string
	// Progress, when set, is called from the sending goroutine with body bytes sent so far.
	Progress func(sent, total int64)
}

// ToolChatResult is the answer of POST /chat; its shape is not shown in the spec: Text is the
// answer found under response, answer, message or text, and Raw keeps everything.
type ToolChatResult struct {
	Text           string                     `json:"-"`
	ConversationID string                     `json:"conversation_id"`
	Extra          map[string]json.RawMessage `json:"-"`
	Raw            json.RawMessage            `json:"-"`
}

// UnmarshalJSON reads the answer's text from the first text field it finds.
func (r *ToolChatResult) UnmarshalJSON(b []byte) error {
	type plain ToolChatResult
	err := decodeLenient(b, (*plain)(r))
	for _, k := range []string{"response", "answer", "message", "text", "content"} {
		if s := rawText(r.Extra[k]); s != "" {
			r.Text = s
			break
		}
	}
	return err
}

// ToolWorkspace is one workspace usable with /chat; the shape is not shown, so the id is read
// from workspace_id or id.
type ToolWorkspace struct {
	ID    string
	Name  string
	Extra map[string]json.RawMessage
}

// UnmarshalJSON reads the id and name of an entry and keeps the rest.
func (w *ToolWorkspace) UnmarshalJSON(b []byte) error {
	var all map[string]json.RawMessage
	if json.Unmarshal(b, &all) != nil {
		return nil // an entry that is not an object is skipped
	}
	for _, k := range []string{"workspace_id", "id"} {
		if w.ID == "" {
			w.ID = rawText(all[k])
		}
		delete(all, k)
	}
	w.Name = rawText(all["name"])
	delete(all, "name")
	if len(all) > 0 {
		w.Extra = all
	}
	return nil
}

// CheckChatAttachments checks files against what /chat takes before anything is sent: supported
// types, 50 MB a file (100 MB for the one video of a message) and 150 MB for the whole request.
func CheckChatAttachments(message string, atts []Attachment) error {
	videos := 0
	for _, a := range atts {
		if err := checkAttachment(a); err != nil {
			return err
		}
		ext := strings.ToLower(filepath.Ext(a.Name))
		limit := int64(MaxChatFileBytes)
		switch {
		case slices.Contains(ChatVideoTypes, ext):
			videos++
			limit = MaxChatVideoBytes
		case slices.Contains(ChatAudioTypes, ext), slices.Contains(ChatDocumentTypes, ext):
		case ext == ".doc" || ext == ".xls" || ext == ".ppt":
			return &ValidationError{Field: "attachments", Code: InvalidFileType, File: a.Name, Value: filepath.Ext(a.Name), Want: ext + "x"}
		default:
			return &ValidationError{Field: "attachments", Code: InvalidFileType, File: a.Name, Value: filepath.Ext(a.Name)}
		}
		if a.Size > limit {
			return &ValidationError{Field: "attachments", Code: InvalidTooLarge, File: a.Name, Got: a.Size, Limit: limit}
		}
	}
	if videos > 1 {
		return tooMany("attachments", "video", videos, 1)
	}
	if n := chatBodyLength(message, atts); n > MaxChatRequestBytes {
		return &ValidationError{Field: "attachments", Code: InvalidEncodedSize, Got: n, Limit: MaxChatRequestBytes}
	}
	return nil
}

// chatFields are the JSON fields of a chat request besides its attachments.
type chatFields struct {
	Message        string `json:"message"`
	WorkspaceID    string `json:"workspace_id,omitempty"`
	WorkspacePin   bool   `json:"workspace_pin,omitempty"`
	ConversationID string `json:"conversation_id,omitempty"`
}

// chatBodyLength is the size of the request body as it would be sent.
func chatBodyLength(message string, atts []Attachment) int64 {
	parts, err := attachmentsBody(chatFields{Message: message}, atts)
	if err != nil {
		return 0
	}
	return (&streamSpec{parts: parts}).length()
}

// ToolChat sends a message, with its files streamed as base64, to the chat that picks tools by
// itself. The server SAVES it in the key owner's chat history (no other endpoint keeps anything).
// POST /chat (300 s). It shares the per-person limit of /generate and /pdf: a 429 (which stored
// nothing) is retried after its Retry-After; other failures are not sent again, so that a
// message is never saved twice.
func (c *Client) ToolChat(ctx context.Context, r ToolChatRequest) (*ToolChatResult, error) {
	if strings.TrimSpace(r.Message) == "" && len(r.Attachments) == 0 {
		return nil, missing("message")
	}
	if r.WorkspacePin && r.WorkspaceID == "" {
		return nil, &ValidationError{Field: "workspace_pin", Code: InvalidMissing, Want: "workspace_id"}
	}
	if err := CheckChatAttachments(r.Message, r.Attachments); err != nil {
		return nil, err
	}
	fields := chatFields{Message: r.Message, WorkspaceID: r.WorkspaceID, WorkspacePin: r.WorkspacePin, ConversationID: r.ConversationID}
	parts, err := attachmentsBody(fields, r.Attachments)
	if err != nil {
		return nil, err
	}
	req := &request{method: http.MethodPost, path: "/chat", timeout: c.timeouts.Upload, retry: retryLimitOnly,
		stream: &streamSpec{parts: parts, progress: r.Progress}}
	var out ToolChatResult
	if err := c.call(ctx, req, decodeTool(&out, MaxToolBody)); err != nil {
		return nil, err
	}
	return &out, nil
}

// ToolWorkspaces lists the workspaces usable with /chat. GET /workspaces (60 s). The envelope is
// not shown: a bare list, or a list under workspaces or data.
func (c *Client) ToolWorkspaces(ctx context.Context) ([]ToolWorkspace, error) {
	req := &request{method: http.MethodGet, path: "/workspaces", timeout: c.timeouts.List, retry: retryByStatus}
	var list []ToolWorkspace
	err := c.call(ctx, req, func(resp *http.Response) error {
		var raw json.RawMessage
		if err := decodeInto(&raw, MaxListBody)(resp); err != nil {
			return err
		}
		var err error
		list, err = parseToolWorkspaces(raw)
		return bodyError(err, MaxListBody, resp.Header.Get("X-Request-ID")) // named by the call's route
	})
	if err != nil {
		return nil, err
	}
	return list, nil
}

// parseToolWorkspaces reads the list from a bare array or an object holding one.
func parseToolWorkspaces(raw json.RawMessage) ([]ToolWorkspace, error) {
	var env struct {
		Workspaces []ToolWorkspace `json:"workspaces"`
		Data       []ToolWorkspace `json:"data"`
	}
	var list []ToolWorkspace
	if json.Unmarshal(raw, &list) == nil {
		return list, nil
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return nil, err
	}
	if env.Workspaces != nil {
		return env.Workspaces, nil
	}
	return env.Data, nil
}
