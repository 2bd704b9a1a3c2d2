package client

import (
	"encoding/json"
	"errors"
	"unsafe"
)

// eventData is the union of the data objects of spec §6.
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

// eventKind numbers the event names of spec §6, so that each event's name is compared once.
type eventKind uint8

const (
	kindUnknown eventKind = iota
	kindCreated
	kindStatus
	kindSources
	kindDelta
	kindReset
	kindCompleted
	kindFailed
)

// kindOf returns the kind of an event name; kindUnknown for names the spec does not list.
func kindOf(typ string) eventKind {
	switch typ {
	case EventDelta:
		return kindDelta
	case EventCreated:
		return kindCreated
	case EventStatus:
		return kindStatus
	case EventSources:
		return kindSources
	case EventReset:
		return kindReset
	case EventCompleted:
		return kindCompleted
	case EventFailed:
		return kindFailed
	}
	return kindUnknown
}

// eventNames are the canonical names by kind.
var eventNames = [...]string{kindCreated: EventCreated, kindStatus: EventStatus, kindSources: EventSources,
	kindDelta: EventDelta, kindReset: EventReset, kindCompleted: EventCompleted, kindFailed: EventFailed}

// decodeEventInto decodes an event of a known kind into ev.
func decodeEventInto(ev *StreamEvent, k eventKind, data string, redact func(string) string) (err error) {
	*ev = StreamEvent{Type: eventNames[k], Raw: readOnlyBytes(data)}
	switch k {
	case kindCompleted:
		ev.Answer, ev.SequenceNumber, err = completedAnswer(ev.Raw)
		if ev.Answer != nil {
			ev.AnswerID = ev.Answer.ID
		}
		return err
	case kindFailed, kindSources:
		return decodeGeneric(ev, k, redact)
	}
	if f, ok := fastFlat(data); ok {
		f.fill(ev, k)
		return nil
	}
	return decodeGeneric(ev, k, redact)
}

// decodeGeneric decodes the other events with encoding/json.
func decodeGeneric(ev *StreamEvent, k eventKind, redact func(string) string) error {
	var d eventData
	if err := json.Unmarshal(ev.Raw, &d); err != nil {
		return err
	}
	ev.AnswerID, ev.SequenceNumber = firstNonEmpty(d.AnswerID, d.ID), d.SequenceNumber
	switch k {
	case kindStatus:
		ev.Stage = firstNonEmpty(d.Stage, d.Status)
	case kindSources:
		ev.Sources = d.Sources
	case kindDelta:
		ev.Delta = d.Delta
	case kindFailed:
		ev.Error = parseAPIError(0, nil, ev.Raw, redact)
	}
	return nil
}

// readOnlyBytes views the event's data (a string go-sse allocated for this event alone) as
// bytes without copying: one allocation less per event. StreamEvent.Raw is documented read-only.
func readOnlyBytes(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
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

// completedAnswer reads the Answer object: the data itself (one pass), or nested under "answer".
func completedAnswer(data json.RawMessage) (*Answer, int, error) {
	if a, seq, ok := completedFast(string(data)); ok {
		return a, seq, nil
	}
	return completedSlow(data)
}

// completedSlow is completedAnswer with encoding/json alone.
func completedSlow(data json.RawMessage) (*Answer, int, error) {
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

// fastFlat decodes the flat data objects of answer.created, answer.status, answer.delta and
// answer.reset ({"id":..,"sequence_number":..,"delta":..}) without reflection. ok is false when
// the data needs encoding/json (escapes \u, nested values, keys that differ only in case,
// invalid UTF-8...); the result then comes from the slow path.
func fastFlat(data string) (f flatFields, ok bool) {
	p := scanner{s: data}
	if !p.consume('{') {
		return f, false
	}
	if p.consume('}') {
		return f, p.atEnd()
	}
	for {
		if !f.field(&p) {
			return f, false
		}
		if p.consume('}') {
			return f, p.atEnd()
		}
		if !p.consume(',') {
			return f, false
		}
	}
}

// flatFields collects the fields of a flat event object; the last duplicate wins, as in
// encoding/json.
type flatFields struct {
	id, answerID, delta, stage, status string
	seq                                int
}

// fill copies the fields into the event, as decodeGeneric would.
func (f *flatFields) fill(ev *StreamEvent, k eventKind) {
	ev.AnswerID, ev.SequenceNumber = firstNonEmpty(f.answerID, f.id), f.seq
	switch k {
	case kindDelta:
		ev.Delta = f.delta
	case kindStatus:
		ev.Stage = firstNonEmpty(f.stage, f.status)
	}
}

// field reads one "key": value pair.
func (f *flatFields) field(p *scanner) bool {
	key, ok := p.key()
	if !ok || !p.consume(':') {
		return false
	}
	switch key {
	case "id":
		f.id, ok = p.str()
	case "answer_id":
		f.answerID, ok = p.str()
	case "sequence_number":
		f.seq, ok = p.integer()
	case "delta":
		f.delta, ok = p.str()
	case "stage":
		f.stage, ok = p.str()
	case "status":
		f.status, ok = p.str()
	default:
		ok = p.skipPlainValue(key)
	}
	return ok
}
