package client

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The /v1 tests talk to a base URL: an httptest server writing spec-shaped bytes here, and the
// /v1 emulator once it is merged (newV1Client(t, emulatorURL)).

// newV1Client returns a client for the /v1 server at base, with quick retries.
func newV1Client(t *testing.T, base string, opts ...Option) *Client {
	t.Helper()
	all := append([]Option{WithBaseURL(base), WithAPIKey(testKey),
		WithRetryPolicy(RetryPolicy{MaxRetries: 2, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond})}, opts...)
	c, err := NewClient(all...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// serve starts h and returns its base URL.
func serve(t *testing.T, h http.HandlerFunc) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// writeV1Error writes a /v1 error object with its status, as model-api.md §2 shows it.
func writeV1Error(w http.ResponseWriter, status int, code, param, retryAfter string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Request-ID", "req_v1err")
	if retryAfter != "" {
		w.Header().Set("Retry-After", retryAfter)
	}
	w.WriteHeader(status)
	p := "null"
	if param != "" {
		p = `"` + param + `"`
	}
	fmt.Fprintf(w, `{"error":{"message":"m %s","type":"invalid_request_error","code":"%s","param":%s,"request_id":"req_v1err"}}`, code, code, p)
}

// respEvents writes response.* events as the spec's server does: "event: TYPE" and a data
// object carrying type and sequence_number.
type respEvents struct {
	seq    int
	chunks []string
}

func (e *respEvents) add(typ, fields string) *respEvents {
	if fields != "" {
		fields = "," + fields
	}
	data := fmt.Sprintf(`{"type":%q,"sequence_number":%d%s}`, typ, e.seq, fields)
	e.seq++
	e.chunks = append(e.chunks, "event: "+typ+"\ndata: "+data+"\n\n")
	return e
}

// responseJSON is a response object with the given status, output and extra fields.
func responseJSON(status, output, extra string) string {
	if extra != "" {
		extra = "," + extra
	}
	return fmt.Sprintf(`{"id":"resp_1","object":"response","created_at":1760000000,"status":%q,"model":"Fast","output":[%s],"metadata":{},"store":false%s}`,
		status, output, extra)
}

func messageJSON(status, text string) string {
	content := ""
	if status != "in_progress" {
		content = fmt.Sprintf(`{"type":"output_text","text":%s,"annotations":[]}`, quote(text))
	}
	return fmt.Sprintf(`{"type":"message","id":"msg_1","status":%q,"role":"assistant","content":[%s]}`, status, content)
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

const usageJSON = `"usage":{"input_tokens":12,"input_tokens_details":{"cached_tokens":0},"output_tokens":5,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":17}`

// textStart is the start of a text answer (§6): created, in_progress, the message and its part.
func textStart(e *respEvents) *respEvents {
	return e.add(ResponseCreated, `"response":`+responseJSON("in_progress", "", "")).
		add(ResponseInProgress, `"response":`+responseJSON("in_progress", "", "")).
		add(ResponseOutputItemAdded, `"output_index":0,"item":`+messageJSON("in_progress", "")).
		add(ResponseContentPartAdded, `"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}`)
}

// textDeltas adds the deltas of pieces.
func textDeltas(e *respEvents, pieces ...string) *respEvents {
	for _, p := range pieces {
		e.add(ResponseOutputTextDelta, `"item_id":"msg_1","output_index":0,"content_index":0,"delta":`+quote(p))
	}
	return e
}

// textClose closes the open message with text; itemStatus is completed, or incomplete when the
// answer stopped early.
func textClose(e *respEvents, text, itemStatus string) *respEvents {
	return e.add(ResponseOutputTextDone, `"item_id":"msg_1","output_index":0,"content_index":0,"text":`+quote(text)).
		add(ResponseContentPartDone, `"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","text":`+quote(text)+`,"annotations":[]}`).
		add(ResponseOutputItemDone, `"output_index":0,"item":`+messageJSON(itemStatus, text))
}

// textAnswer is the whole event sequence of a text answer made of pieces.
func textAnswer(pieces ...string) []string {
	text := strings.Join(pieces, "")
	e := textClose(textDeltas(textStart(&respEvents{}), pieces...), text, "completed")
	e.add(ResponseCompleted, `"response":`+responseJSON("completed", messageJSON("completed", text), usageJSON))
	return e.chunks
}

// chatChunk is one chat.completion.chunk data line with the given choice delta and finish reason.
func chatChunk(delta, finish string) string {
	if finish == "" {
		finish = "null"
	} else {
		finish = quote(finish)
	}
	return fmt.Sprintf(`data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1760000000,"model":"Fast","choices":[{"index":0,"delta":%s,"finish_reason":%s}]}`+"\n\n", delta, finish)
}

// smallPNG is a data: URL of a tiny PNG.
const smallPNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg=="

// demoModels are the tiers of the spec's demo: Instant without tools or vision, Fast and Smart
// with both.
var demoModels = []Model{
	{ID: ModelInstant, MaxOutputTokens: 4096},
	{ID: ModelFast, Capabilities: ModelCapabilities{Tools: true, Vision: true}, MaxOutputTokens: 8192, MaxOutputTokensWithTools: 4096},
	{ID: ModelSmart, Capabilities: ModelCapabilities{Tools: true, Vision: true}, MaxOutputTokens: 16384, MaxOutputTokensWithTools: 8192},
}
