package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/tmaxmax/go-sse"
)

// Event types of a streamed /v1/responses answer (model-api.md §6).
const (
	ResponseCreated          = "response.created"
	ResponseInProgress       = "response.in_progress"
	ResponseOutputItemAdded  = "response.output_item.added"
	ResponseContentPartAdded = "response.content_part.added"
	ResponseOutputTextDelta  = "response.output_text.delta"
	ResponseOutputTextDone   = "response.output_text.done"
	ResponseContentPartDone  = "response.content_part.done"
	ResponseArgumentsDelta   = "response.function_call_arguments.delta"
	ResponseArgumentsDone    = "response.function_call_arguments.done"
	ResponseOutputItemDone   = "response.output_item.done"
	ResponseCompleted        = "response.completed"
	ResponseIncomplete       = "response.incomplete"
	ResponseFailed           = "response.failed"
	// ResponseErrorEvent is not in the spec: OpenAI's "error" event, read as a failure.
	ResponseErrorEvent = "error"
)

// Statuses of a response (model-api.md §3).
const (
	ResponseStatusCompleted  = "completed"
	ResponseStatusIncomplete = "incomplete"
	ResponseStatusFailed     = "failed"
)

// CreateResponse asks a model and returns the whole response. POST /v1/responses (200 s). A
// response with status failed is returned with its error (*APIError, StatusCode 0).
func (c *Client) CreateResponse(ctx context.Context, r ResponseRequest) (*Response, error) {
	body, err := r.encode(false)
	if err != nil {
		return nil, err
	}
	var resp *Response
	err = c.call(ctx, v1Post("/v1/responses", body, c.timeouts.Ask), decodeWith(MaxModelBody, func(b []byte) (err error) {
		resp, err = decodeResponse(b, c.redact)
		return err
	}))
	if err != nil {
		return nil, err
	}
	if resp.Status == ResponseStatusFailed {
		return resp, failureOf(resp, "")
	}
	return resp, nil
}

// encode checks the request (without the models list) and renders its body.
func (r ResponseRequest) encode(stream bool) ([]byte, error) {
	if err := r.Validate(nil); err != nil {
		return nil, err
	}
	return r.body(stream)
}

// v1Post is a POST to a /v1 endpoint, retried by status (model-api.md §7).
func v1Post(path string, body []byte, timeout time.Duration) *request {
	return &request{method: http.MethodPost, path: path, body: body, timeout: timeout, retry: retryByStatus}
}

// failureOf is the error of a failed response: its error object, or an empty one.
func failureOf(r *Response, requestID string) *APIError {
	e := r.Error
	if e == nil {
		e = &APIError{Message: "the response failed without saying why"}
	}
	if e.RequestID == "" {
		e.RequestID = requestID
	}
	return e
}

// StreamResponse asks a model and streams the response: every event comes out, unknown types
// included; the Final event (response.completed, .incomplete or .failed) carries the final
// Response. POST /v1/responses with stream true. It never returns nil: a failed check or request
// shows as Next() false and Err(). The stream has only an idle limit (60 s; ':' comment lines
// count as life). Close it when done.
func (c *Client) StreamResponse(ctx context.Context, r ResponseRequest) *Stream[ResponseEvent] {
	body, err := r.encode(true)
	var src *eventSource
	if err == nil {
		src, err = c.openEvents(ctx, v1Post("/v1/responses", body, 0), "")
	}
	if err != nil {
		return failedStream[ResponseEvent](err)
	}
	return newResponseStream(src, c.redact)
}

// newResponseStream reads the response.* events of src.
func newResponseStream(src *eventSource, redact func(string) string) *Stream[ResponseEvent] {
	return newStream[ResponseEvent](src, &responseFormat{redact: redact, requestID: src.requestID})
}

// responseFormat decodes the typed response.* events; the final one carries the final response.
type responseFormat struct {
	redact    func(string) string
	requestID string
}

// errNoResponse is a final event without its response object.
var errNoResponse = errors.New("the final event carried no response")

// responseEventWire is the union of the data objects of §6.
type responseEventWire struct {
	Type           string          `json:"type"`
	SequenceNumber int             `json:"sequence_number"`
	ItemID         string          `json:"item_id"`
	OutputIndex    int             `json:"output_index"`
	ContentIndex   int             `json:"content_index"`
	Delta          string          `json:"delta"`
	Text           string          `json:"text"`
	Arguments      json.RawMessage `json:"arguments"`
	Item           json.RawMessage `json:"item"`
	Part           *partIn         `json:"part"`
	Response       json.RawMessage `json:"response"`
}

func (f *responseFormat) decode(raw sse.Event) (ResponseEvent, bool, error) {
	if raw.Data == "" || raw.Data == "[DONE]" { // not sent by the spec's server; nothing to read
		return ResponseEvent{}, false, nil
	}
	e := ResponseEvent{Type: raw.Type, Raw: json.RawMessage(raw.Data)}
	var w responseEventWire
	if err := json.Unmarshal(e.Raw, &w); err != nil {
		return e, true, err
	}
	e.Type = firstNonEmpty(w.Type, raw.Type)
	e.SequenceNumber, e.ItemID, e.OutputIndex, e.ContentIndex = w.SequenceNumber, w.ItemID, w.OutputIndex, w.ContentIndex
	e.Delta, e.Text, e.Arguments = w.Delta, w.Text, jsonText(w.Arguments)
	if w.Part != nil {
		p := w.Part.part()
		e.Part = &p
	}
	var err error
	if len(w.Item) > 0 && string(w.Item) != "null" {
		if e.Item, err = decodeOutputItem(w.Item); err != nil {
			return e, true, err
		}
	}
	if len(w.Response) > 0 && string(w.Response) != "null" {
		if e.Response, err = decodeResponse(w.Response, f.redact); err != nil {
			return e, true, err
		}
	}
	return e, true, f.finish(&e)
}

// finish checks a final event and sets its error: the response's for response.failed, the
// event's own for an error event.
func (f *responseFormat) finish(e *ResponseEvent) error {
	switch e.Type {
	case ResponseCompleted, ResponseIncomplete, ResponseFailed:
		if e.Response == nil {
			return errNoResponse
		}
		if e.Type == ResponseFailed {
			e.Error = failureOf(e.Response, f.requestID)
		}
	case ResponseErrorEvent:
		e.Error = parseAPIError(0, nil, e.Raw, f.redact)
		if e.Error.RequestID == "" {
			e.Error.RequestID = f.requestID
		}
	}
	return nil
}

func (f *responseFormat) apply(e *ResponseEvent, text *textBuffer) (bool, error) {
	switch e.Type {
	case ResponseOutputTextDelta:
		text.add(e.Delta)
	case ResponseCompleted, ResponseIncomplete:
		return true, nil
	case ResponseFailed:
		return true, e.Error
	case ResponseErrorEvent:
		return true, e.Error
	}
	return false, nil
}
