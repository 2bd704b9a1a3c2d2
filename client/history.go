package client

import "strings"

// Exchange is one question and its answer in a local conversation. Failed marks a turn
// whose answer failed, was interrupted or came back empty.
type Exchange struct {
	Question, Answer string
	Failed           bool
}

// BuildHistory turns a local conversation (oldest first) into the history to send: pairs of
// user and assistant turns, failed or empty turns left out with their question, and only the
// newest pairs that fit in 20 turns and 24,000 characters (oldest whole pairs dropped first).
// The result always passes ValidateHistory; it is nil when nothing can be sent.
func BuildHistory(turns []Exchange) []HistoryMessage {
	pairs := make([]Exchange, 0, len(turns))
	for _, t := range turns {
		if t.Failed || strings.TrimSpace(t.Question) == "" || strings.TrimSpace(t.Answer) == "" {
			continue
		}
		pairs = append(pairs, t)
	}
	start, total := len(pairs), 0
	for start > 0 && (len(pairs)-start+1)*2 <= MaxHistoryTurns {
		p := pairs[start-1]
		n := chars(p.Question) + chars(p.Answer)
		if total+n > MaxHistoryChars {
			break
		}
		total += n
		start--
	}
	if start == len(pairs) {
		return nil
	}
	out := make([]HistoryMessage, 0, 2*(len(pairs)-start))
	for _, p := range pairs[start:] {
		out = append(out, HistoryMessage{Role: "user", Content: p.Question}, HistoryMessage{Role: "assistant", Content: p.Answer})
	}
	return out
}
