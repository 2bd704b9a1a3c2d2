package client

import "encoding/json"

// Tier names the model tier that answers a workspace question.
type Tier string

// The tiers the workspace ask endpoint accepts (spec §4, POST /workspace "model").
const (
	TierFast   Tier = "fast"
	TierSmart  Tier = "smart"
	TierGenius Tier = "genius"
)

// Counts holds a workspace's document counts.
type Counts struct {
	Documents int `json:"documents"`
	Ready     int `json:"ready"`
	NotReady  int `json:"not_ready"`
	Failed    int `json:"failed"`
}

// Workspace is one entry of GET /workspace.
type Workspace struct {
	WorkspaceID string     `json:"workspace_id"`
	Name        string     `json:"name"`
	Scope       string     `json:"scope"`  // personal or organization; unknown values kept as text
	Access      string     `json:"access"` // owner, shared, member or manager; unknown values kept as text
	Counts      Counts     `json:"counts"`
	Documents   []Document `json:"documents,omitempty"`
	Sources     []Source   `json:"sources,omitempty"`
}

// Document is a document entry inside a workspace listing.
type Document struct {
	DocumentID       string `json:"document_id"`
	Name             string `json:"name"`
	SourceType       string `json:"source_type"`
	Status           string `json:"status"`  // ready, not_ready, failed; unknown values kept as text
	Updated          string `json:"updated"` // DD-MM-YYYY HH:MM in IST
	UpdatedAt        string `json:"updated_at,omitempty"`
	SourceID         string `json:"source_id,omitempty"`
	URL              string `json:"url,omitempty"`
	ClientDocumentID string `json:"client_document_id,omitempty"`
}

// Source is a website-import entry inside a workspace listing.
type Source struct {
	SourceID    string   `json:"source_id"`
	Name        string   `json:"name"`
	Pages       int      `json:"pages"`
	Ready       int      `json:"ready"`
	NotReady    int      `json:"not_ready"`
	DocumentIDs []string `json:"document_ids"`
}

// WorkspacePage is one page of GET /workspace.
type WorkspacePage struct {
	Object    string      `json:"object"`
	Data      []Workspace `json:"data"`
	HasMore   bool        `json:"has_more"`
	NextAfter *string     `json:"next_after"`
	RequestID string      `json:"request_id"`

	bodyBytes int64 // the size of the page's body, counted against MaxListBytes
}

// HistoryMessage is one entry (a user or an assistant message) of the history sent with a question.
type HistoryMessage struct {
	Role    string `json:"role"` // user or assistant
	Content string `json:"content"`
}

// Knowledge narrows a question to one document.
type Knowledge struct {
	DocumentIDs []string `json:"document_ids"`
}

// AnswerSource is one entry of an answer's sources.
type AnswerSource struct {
	Index      int     `json:"index"`
	DocumentID string  `json:"document_id"`
	Name       string  `json:"name"`
	SourceType string  `json:"source_type"`
	URL        *string `json:"url"`
	Used       bool    `json:"used"`
}

// Coverage says how an answer was made.
type Coverage struct {
	Mode              string `json:"mode"`
	DocumentsSelected int    `json:"documents_selected"`
	DocumentsChecked  int    `json:"documents_checked"`
	DocumentsUsed     *int   `json:"documents_used"`
	DocumentsNotReady int    `json:"documents_not_ready"`
}

// Usage counts the tokens an answer used.
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
	TotalTokens  int `json:"total_tokens"`
}

// Answer is the answer object of POST /workspace (and of the answer.completed event).
type Answer struct {
	ID          string            `json:"id"`
	Object      string            `json:"object"`
	Created     int64             `json:"created"`
	WorkspaceID string            `json:"workspace_id"`
	Model       string            `json:"model"`
	Status      string            `json:"status"` // completed or incomplete
	Found       bool              `json:"found"`
	Answer      string            `json:"answer"`
	Sources     []AnswerSource    `json:"sources,omitempty"`
	Coverage    *Coverage         `json:"coverage,omitempty"`
	Warnings    []string          `json:"warnings,omitempty"`
	Usage       *Usage            `json:"usage,omitempty"`
	Thinking    bool              `json:"thinking"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	Notice      string            `json:"notice,omitempty"`
	RequestID   string            `json:"request_id"`
}

// Limits is the live limits object of an upload record. Zero means "not reported".
type Limits struct {
	MaxFileBytes          int64 `json:"max_file_bytes"`
	MaxRequestBytes       int64 `json:"max_request_bytes"`
	WorkspaceBytesLimit   int64 `json:"workspace_bytes_limit"`
	WorkspaceBytesUsed    int64 `json:"workspace_bytes_used"`
	DailyUploadsLimit     int   `json:"daily_uploads_limit"`
	DailyUploadsUsed      int   `json:"daily_uploads_used"`
	DailyUploadsRemaining int   `json:"daily_uploads_remaining"`
	DailyOCRLimit         int   `json:"daily_ocr_limit"`
	DailyOCRUsed          int   `json:"daily_ocr_used"`
	DailyOCRRemaining     int   `json:"daily_ocr_remaining"`
	MaxOCRPages           int   `json:"max_ocr_pages"`
}

// UploadRecord is the response of POST /workspace/documents and of the status endpoint.
type UploadRecord struct {
	Object           string            `json:"object"`
	DocumentID       *string           `json:"document_id"` // null only while processing
	ClientDocumentID string            `json:"client_document_id"`
	WorkspaceID      string            `json:"workspace_id"`
	Name             string            `json:"name"`
	SourceType       string            `json:"source_type"`
	Status           string            `json:"status"` // processing, not_ready, ready, failed; unknown kept
	Bytes            int64             `json:"bytes"`
	Warnings         []string          `json:"warnings"`
	Created          string            `json:"created"`
	CreatedAt        string            `json:"created_at,omitempty"`
	AddedBy          string            `json:"added_by,omitempty"`
	FailedReason     string            `json:"failed_reason,omitempty"`
	Metadata         map[string]string `json:"metadata,omitempty"`
	RequestID        string            `json:"request_id"`
	Limits           *Limits           `json:"limits,omitempty"`
}

// Upload and answer states named by the spec. Other values may come and are kept as text.
const (
	StatusProcessing = "processing"
	StatusNotReady   = "not_ready"
	StatusReady      = "ready"
	StatusFailed     = "failed"
)

// Stream event names of spec §6.
const (
	EventCreated   = "answer.created"
	EventStatus    = "answer.status"
	EventSources   = "answer.sources"
	EventDelta     = "answer.delta"
	EventReset     = "answer.reset"
	EventCompleted = "answer.completed"
	EventFailed    = "answer.failed"
)

// StreamEvent is one decoded event of an answer stream. Only the fields of its Type are set;
// Raw keeps the data object so that fields the spec does not show are not lost.
type StreamEvent struct {
	Type           string
	AnswerID       string
	SequenceNumber int
	Stage          string         // answer.status
	Delta          string         // answer.delta
	Sources        []AnswerSource // answer.sources (provisional)
	Answer         *Answer        // answer.completed (final)
	Error          *APIError      // answer.failed
	Raw            json.RawMessage
}
