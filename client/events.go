package client

import (
	"encoding/json"
	"errors"

	"github.com/tmaxmax/go-sse"
)

// answerFormat decodes and accumulates the workspace answer stream (workspace-api.md §6): named
// answer.* events, deltas a preview, answer.reset discarding the text so far, answer.completed
// the result, answer.failed the error. Unknown event names are skipped.
type answerFormat struct {
	redact func(string) string
}

// eventData is the union of the small data objects of spec §6.
type eventData struct {
	ID             string         `json:"id"`
	AnswerID       string         `json:"answer_id"`
	SequenceNumber int            `json:"sequence_number"`
	Stage          string         `json:"stage"`
	Status         string         `json:"status"`
	Delta          string         `json:"delta"`
	Sources        []AnswerSource `json:"sources"`
}

// errNoAnswer is an answer.completed event without an answer object.
var errNoAnswer = errors.New("answer.completed carried no answer")

// isAnswerEvent reports the event names of spec §6.
func isAnswerEvent(name string) bool {
	switch name {
	case EventCreated, EventStatus, EventSources, EventDelta, EventReset, EventCompleted, EventFailed:
		return true
	}
	return false
}

func (f *answerFormat) decode(raw sse.Event) (StreamEvent, bool, error) {
	if !isAnswerEvent(raw.Type) {
		return StreamEvent{}, false, nil
	}
	ev := StreamEvent{Type: raw.Type, Raw: json.RawMessage(raw.Data)}
	if raw.Type == EventCompleted {
		a, seq, err := completedAnswer(ev.Raw)
		ev.Answer, ev.SequenceNumber = a, seq
		if a != nil {
			ev.AnswerID = a.ID
		}
		return ev, true, err
	}
	var d eventData
	if err := json.Unmarshal(ev.Raw, &d); err != nil {
		return ev, true, err
	}
	ev.AnswerID, ev.SequenceNumber = firstNonEmpty(d.AnswerID, d.ID), d.SequenceNumber
	switch raw.Type {
	case EventStatus:
		ev.Stage = firstNonEmpty(d.Stage, d.Status)
	case EventSources:
		ev.Sources = d.Sources
	case EventDelta:
		ev.Delta = d.Delta
	case EventFailed:
		ev.Error = parseAPIError(0, nil, ev.Raw, f.redact)
	}
	return ev, true, nil
}

func (f *answerFormat) apply(e *StreamEvent, text *textBuffer) (bool, error) {
	switch e.Type {
	case EventDelta:
		text.add(e.Delta)
	case EventReset:
		text.reset()
	case EventCompleted:
		text.reset() // the final answer replaces the preview
		text.add(e.Answer.Answer)
		return true, nil
	case EventFailed:
		return true, e.Error
	}
	return false, nil
}

// completedData is answer.completed in one pass: the Answer object with the event's
// sequence number.
type completedData struct {
	Answer
	SequenceNumber int `json:"sequence_number"`
}

// empty reports data that carried none of the answer's identifying fields: no answer object.
func (d *completedData) empty() bool {
	return d.Object == "" && d.Answer.Answer == "" && d.ID == "" && d.Status == ""
}

// nestedCompleted is answer.completed with the Answer object under "answer".
type nestedCompleted struct {
	Answer         *Answer `json:"answer"`
	SequenceNumber int     `json:"sequence_number"`
}

// completedAnswer reads the Answer object: the data itself, or nested under "answer".
func completedAnswer(data json.RawMessage) (*Answer, int, error) {
	var flat completedData
	err := json.Unmarshal(data, &flat)
	if err == nil {
		if flat.empty() {
			return nil, 0, errNoAnswer
		}
		return &flat.Answer, flat.SequenceNumber, nil
	}
	var nested nestedCompleted
	if json.Unmarshal(data, &nested) != nil || nested.Answer == nil {
		return nil, 0, err
	}
	return nested.Answer, nested.SequenceNumber, nil
}
