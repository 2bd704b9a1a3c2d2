package modelapi

import (
	"encoding/json"
	"net/http"
	"strings"

	"lectern/client/emulator/internal/serve"
)

// events writes the typed events of one /v1/responses stream, each with its sequence_number.
type events struct {
	*serve.Stream
	seq int
}

// send writes event typ with the members of data; false when the stream ended.
func (ev *events) send(typ string, data map[string]any) bool {
	data["type"], data["sequence_number"] = typ, ev.seq
	b, err := json.Marshal(data)
	if err != nil {
		return false
	}
	ev.seq++
	return ev.Event(typ, b)
}

// streamResponse answers with events in the order of model-api.md §6: created, in_progress, the
// output items, then completed, incomplete or failed.
func (s *Service) streamResponse(w http.ResponseWriter, r *http.Request, reqID string, p prepared) {
	ev := &events{Stream: serve.OpenStream(w, r, ": keep-alive", s.cfg.PingAfter, p.faults)}
	resp := s.newResponse(p)
	ev.send("response.created", map[string]any{"response": resp})
	ev.send("response.in_progress", map[string]any{"response": resp})
	ev.Pause(s.cfg.ThinkDelay)
	o := s.streamedAnswer(p) // a failure before any text leaves the output empty
	if o.err != nil {
		s.sendFailed(ev, &resp, o.err, reqID)
		return
	}
	if len(o.calls) > 0 {
		s.sendCalls(ev, &resp, o)
	} else if !s.sendText(ev, &resp, o, p, reqID) {
		return
	}
	s.finish(&resp, o)
	final := "response.completed"
	if o.incomplete {
		final = "response.incomplete"
	}
	ev.send(final, map[string]any{"response": resp})
}

// sendFailed ends the stream with response.failed.
func (s *Service) sendFailed(ev *events, resp *responseJSON, err *serve.Error, reqID string) {
	fail(resp, err, reqID)
	ev.send("response.failed", map[string]any{"response": resp})
}

// sendCalls sends each function call whole: added, the arguments in one delta, done.
func (s *Service) sendCalls(ev *events, resp *responseJSON, o outcome) {
	for i, item := range s.outputItems(o) {
		c := item.(callItem)
		started := c
		started.Arguments, started.Status = "", "in_progress"
		ev.send("response.output_item.added", map[string]any{"output_index": i, "item": started})
		ev.send("response.function_call_arguments.delta", map[string]any{"item_id": c.ID,
			"output_index": i, "delta": c.Arguments})
		ev.send("response.function_call_arguments.done", map[string]any{"item_id": c.ID,
			"output_index": i, "name": c.Name, "arguments": c.Arguments})
		ev.send("response.output_item.done", map[string]any{"output_index": i, "item": c})
		resp.Output = append(resp.Output, c)
	}
}

// sendText sends the message: added, its part, the deltas (one when the answer is structured),
// then the part and the item done. An injected model failure after some deltas closes the open
// message (item status incomplete) and ends with response.failed; false then.
func (s *Service) sendText(ev *events, resp *responseJSON, o outcome, p prepared, reqID string) bool {
	id := s.nextID("msg_")
	ev.send("response.output_item.added", map[string]any{"output_index": 0,
		"item": messageItem{ID: id, Type: "message", Role: "assistant", Status: "in_progress", Content: []textPart{}}})
	ev.send("response.content_part.added", map[string]any{"item_id": id, "output_index": 0,
		"content_index": 0, "part": textPart{Type: "output_text", Annotations: []any{}}})
	var sent strings.Builder
	send := func(d string) {
		ev.send("response.output_text.delta", map[string]any{"item_id": id, "output_index": 0,
			"content_index": 0, "delta": d, "logprobs": []any{}})
		sent.WriteString(d)
	}
	failed := func(err *serve.Error) {
		s.closeMessage(ev, resp, id, sent.String(), "incomplete")
		s.sendFailed(ev, resp, err, reqID)
	}
	if !s.sendDeltas(ev.Stream, p, o.text, send, failed) {
		return false
	}
	s.closeMessage(ev, resp, id, o.text, itemStatus(o.incomplete))
	return true
}

// closeMessage sends output_text.done, content_part.done and output_item.done, and puts the
// message into the response's output.
func (s *Service) closeMessage(ev *events, resp *responseJSON, id, text, status string) {
	part := textPart{Type: "output_text", Text: text, Annotations: []any{}}
	ev.send("response.output_text.done", map[string]any{"item_id": id, "output_index": 0,
		"content_index": 0, "text": text, "logprobs": []any{}})
	ev.send("response.content_part.done", map[string]any{"item_id": id, "output_index": 0,
		"content_index": 0, "part": part})
	item := newMessage(id, text, status)
	ev.send("response.output_item.done", map[string]any{"output_index": 0, "item": item})
	resp.Output = append(resp.Output, item)
}
