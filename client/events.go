package client

import (
	"bytes"
	"encoding/json"
	"errors"
)

// eventData is the union of the data objects of spec §6.
type eventData struct {
	ID             string          `json:"id"`
	AnswerID       string          `json:"answer_id"`
	SequenceNumber int             `json:"sequence_number"`
	Stage          string          `json:"stage"`
	Status         string          `json:"status"`
	Delta          string          `json:"delta"`
	Sources        []AnswerSource  `json:"sources"`
	Answer         json.RawMessage `json:"answer"`
}

// errNoAnswer is an answer.completed event without an answer object.
var errNoAnswer = errors.New("answer.completed carried no answer")

// knownEvent reports the event names of spec §6; others are ignored.
func knownEvent(typ string) bool {
	switch typ {
	case EventCreated, EventStatus, EventSources, EventDelta, EventReset, EventCompleted, EventFailed:
		return true
	}
	return false
}

// decodeEvent decodes one event. known is false for names the spec does not list; err is set
// for a known event whose data cannot be read. It never panics on server data.
func decodeEvent(typ, data string, redact func(string) string) (ev StreamEvent, known bool, err error) {
	if !knownEvent(typ) {
		return StreamEvent{}, false, nil
	}
	ev = StreamEvent{Type: typ, Raw: json.RawMessage(data)}
	if typ == EventDelta {
		if id, seq, delta, ok := fastDelta(data); ok {
			ev.AnswerID, ev.SequenceNumber, ev.Delta = id, seq, delta
			return ev, true, nil
		}
	}
	var d eventData
	if err := json.Unmarshal(ev.Raw, &d); err != nil {
		return ev, true, err
	}
	ev.AnswerID, ev.SequenceNumber = firstNonEmpty(d.AnswerID, d.ID), d.SequenceNumber
	switch typ {
	case EventStatus:
		ev.Stage = firstNonEmpty(d.Stage, d.Status)
	case EventSources:
		ev.Sources = d.Sources
	case EventDelta:
		ev.Delta = d.Delta
	case EventCompleted:
		ev.Answer, err = completedAnswer(ev.Raw, d.Answer)
		if ev.Answer != nil {
			ev.AnswerID = firstNonEmpty(ev.Answer.ID, ev.AnswerID)
		}
	case EventFailed:
		ev.Error = parseAPIError(0, nil, ev.Raw, redact)
	}
	return ev, true, err
}

// completedAnswer reads the Answer object: the data itself, or nested under "answer".
func completedAnswer(data, nested json.RawMessage) (*Answer, error) {
	var a Answer
	src := data
	if n := bytes.TrimSpace(nested); len(n) > 0 && n[0] == '{' {
		src = n
	}
	if err := json.Unmarshal(src, &a); err != nil {
		return nil, err
	}
	if a.Object == "" && a.Answer == "" && a.ID == "" && a.Status == "" {
		return nil, errNoAnswer
	}
	return &a, nil
}

// fastDelta decodes the common answer.delta object {"id":..,"sequence_number":..,"delta":..}
// without reflection. ok is false when the data needs encoding/json (escapes \u, nested values,
// keys that differ only in case, invalid UTF-8...); the result then comes from the slow path.
func fastDelta(data string) (id string, seq int, delta string, ok bool) {
	var plainID, answerID string
	p := scanner{s: data}
	if !p.consume('{') {
		return "", 0, "", false
	}
	if p.consume('}') {
		return "", 0, "", p.atEnd()
	}
	for {
		key, kok := p.str()
		if !kok || !p.consume(':') {
			return "", 0, "", false
		}
		switch key {
		case "id":
			if plainID, ok = p.str(); !ok {
				return "", 0, "", false
			}
		case "answer_id":
			if answerID, ok = p.str(); !ok {
				return "", 0, "", false
			}
		case "sequence_number":
			n, nok := p.integer()
			if !nok {
				return "", 0, "", false
			}
			seq = n
		case "delta":
			if delta, ok = p.str(); !ok {
				return "", 0, "", false
			}
		default:
			if !p.skipPlainValue(key) {
				return "", 0, "", false
			}
		}
		if p.consume('}') {
			return firstNonEmpty(answerID, plainID), seq, delta, p.atEnd()
		}
		if !p.consume(',') {
			return "", 0, "", false
		}
	}
}
