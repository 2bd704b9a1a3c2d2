package client

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	"github.com/tmaxmax/go-sse"
)

// CreateChatCompletion asks a model and returns the whole completion.
// POST /v1/chat/completions (200 s).
func (c *Client) CreateChatCompletion(ctx context.Context, r ChatRequest) (*ChatCompletion, error) {
	body, err := r.encode(false)
	if err != nil {
		return nil, err
	}
	var cc *ChatCompletion
	err = c.call(ctx, v1Post("/v1/chat/completions", body, c.timeouts.Ask), decodeWith(MaxModelBody, func(b []byte) (err error) {
		cc, err = decodeCompletion(b)
		return err
	}))
	if err != nil {
		return nil, err
	}
	return cc, nil
}

// encode checks the request (without the models list) and renders its body.
func (r ChatRequest) encode(stream bool) ([]byte, error) {
	if err := r.Validate(nil); err != nil {
		return nil, err
	}
	return r.body(stream)
}

// StreamChatCompletion asks a model and streams the completion: chunks until data: [DONE], whose
// Final chunk carries the Completion assembled from the chunks (tool calls joined from their
// deltas). POST /v1/chat/completions with stream true. It never returns nil: a failed check or
// request shows as Next() false and Err(). The stream has only an idle limit. Close it when done.
func (c *Client) StreamChatCompletion(ctx context.Context, r ChatRequest) *Stream[ChatChunk] {
	body, err := r.encode(true)
	var src *eventSource
	if err == nil {
		src, err = c.openEvents(ctx, v1Post("/v1/chat/completions", body, 0), "")
	}
	if err != nil {
		return failedStream[ChatChunk](err)
	}
	return newChatStream(src, c.redact)
}

// newChatStream reads the chunks of src.
func newChatStream(src *eventSource, redact func(string) string) *Stream[ChatChunk] {
	return newStream[ChatChunk](src, &chatStreamFormat{redact: redact})
}

// chatStreamFormat decodes chat.completion.chunk data lines and assembles the completion.
type chatStreamFormat struct {
	redact  func(string) string
	done    bool      // data: [DONE] was read
	failure *APIError // an error object came instead of a chunk
	acc     chatAccumulator
}

func (f *chatStreamFormat) decode(ev sse.Event) (ChatChunk, bool, error) {
	data := strings.TrimSpace(ev.Data)
	switch {
	case data == "[DONE]":
		f.done = true
		return ChatChunk{}, false, nil
	case data == "":
		return ChatChunk{}, false, nil
	}
	raw := json.RawMessage(data)
	var w chunkWire
	if err := json.Unmarshal(raw, &w); err != nil {
		return ChatChunk{}, true, err
	}
	if t := bytes.TrimSpace(w.Error); len(t) > 0 && t[0] == '{' {
		f.failure = parseAPIError(0, nil, raw, f.redact)
		return ChatChunk{}, false, nil
	}
	return w.chunk(raw), true, nil
}

func (f *chatStreamFormat) apply(c *ChatChunk, text *textBuffer) (bool, error) {
	switch {
	case f.failure != nil:
		return true, f.failure
	case f.done:
		c.Completion = f.acc.completion()
		return true, nil
	}
	for _, ch := range c.Choices {
		text.add(ch.Content)
	}
	if f.acc.add(c) > MaxEventSize {
		text.over = true // tool call arguments past the cap of a whole answer
	}
	return false, nil
}

// chatAccumulator joins chunks into a completion, choices and tool calls by their index.
type chatAccumulator struct {
	c       ChatCompletion
	choices []*choiceBuilder
	size    int // bytes of content and arguments so far, and builderCost for each choice and call
}

// builderCost is what a new choice or tool call counts against the cap of a whole answer, so that
// chunks naming ever new indices with nothing in them still reach it (they cost memory and time).
const builderCost = 1 << 10

type choiceBuilder struct {
	index   int
	role    string
	content strings.Builder
	calls   []*callBuilder
	finish  string
}

// callBuilder is a tool call whose arguments arrive in pieces.
type callBuilder struct {
	index int
	call  ToolCall
	args  strings.Builder
}

// add takes one chunk and returns the bytes accumulated so far.
func (a *chatAccumulator) add(c *ChatChunk) int {
	a.c.ID = firstNonEmpty(a.c.ID, c.ID)
	a.c.Model = firstNonEmpty(a.c.Model, c.Model)
	if a.c.Created == 0 {
		a.c.Created = c.Created
	}
	if c.Usage != nil {
		a.c.Usage = c.Usage
	}
	for i := range c.Choices {
		d := &c.Choices[i]
		b := a.choice(d.Index)
		b.role = firstNonEmpty(b.role, d.Role)
		b.content.WriteString(d.Content)
		b.finish = firstNonEmpty(d.FinishReason, b.finish)
		a.size += len(d.Content)
		for _, tc := range d.ToolCalls {
			cb := a.call(b, tc.Index)
			cb.call.ID, cb.call.Name = firstNonEmpty(cb.call.ID, tc.ID), firstNonEmpty(cb.call.Name, tc.Name)
			cb.args.WriteString(tc.Arguments)
			a.size += len(tc.Arguments)
		}
	}
	return a.size
}

func (a *chatAccumulator) choice(index int) *choiceBuilder {
	for _, b := range a.choices {
		if b.index == index {
			return b
		}
	}
	b := &choiceBuilder{index: index}
	a.choices = append(a.choices, b)
	a.size += builderCost
	return b
}

func (a *chatAccumulator) call(b *choiceBuilder, index int) *callBuilder {
	for _, cb := range b.calls {
		if cb.index == index {
			return cb
		}
	}
	cb := &callBuilder{index: index, call: ToolCall{Type: "function"}}
	b.calls = append(b.calls, cb)
	a.size += builderCost
	return cb
}

// completion is the assembled chat.completion.
func (a *chatAccumulator) completion() *ChatCompletion {
	c := a.c
	c.Object = "chat.completion"
	for _, b := range a.choices {
		m := ChatMessage{Role: firstNonEmpty(b.role, "assistant"), Content: b.content.String()}
		for _, cb := range b.calls {
			tc := cb.call
			tc.Arguments = cb.args.String()
			m.ToolCalls = append(m.ToolCalls, tc)
		}
		c.Choices = append(c.Choices, ChatChoice{Index: b.index, Message: m, FinishReason: b.finish})
	}
	return &c
}
