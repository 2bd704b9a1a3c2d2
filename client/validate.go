package client

import (
	"strings"
	"unicode/utf8"
)

// Limits of spec §8 checked before sending.
const (
	MaxQuestionChars      = 8000
	MaxHistoryTurns       = 20
	MaxHistoryChars       = 24000
	MaxMetadataPairs      = 16
	MaxMetadataKeyChars   = 64
	MaxMetadataValueChars = 512
	MaxNameChars          = 200
)

// chars counts characters (code points), not bytes.
func chars(s string) int { return utf8.RuneCountInString(s) }

// validateWorkspaceID checks that a workspace is chosen.
func validateWorkspaceID(id string) error {
	if strings.TrimSpace(id) == "" {
		return missing("workspace_id")
	}
	return nil
}

// validateQuestion checks "question: 1 to 8,000 characters" (spec §4).
func validateQuestion(q string) error {
	n := chars(q)
	if n == 0 || strings.TrimSpace(q) == "" {
		return missing("question")
	}
	if n > MaxQuestionChars {
		return tooLong("question", n, MaxQuestionChars)
	}
	return nil
}

// validateTier checks "model: fast (default), smart or genius".
func validateTier(t Tier) error {
	switch t {
	case "", TierFast, TierSmart, TierGenius:
		return nil
	}
	return notAChoice("model", string(t), string(TierFast), string(TierSmart), string(TierGenius))
}

// validateMetadata checks "up to 16 string pairs (key up to 64 characters, value up to 512)".
func validateMetadata(m map[string]string) error {
	if len(m) > MaxMetadataPairs {
		return tooMany("metadata", "pair", len(m), MaxMetadataPairs)
	}
	for k, v := range m {
		if chars(k) > MaxMetadataKeyChars {
			return &ValidationError{Field: "metadata", Code: InvalidTooLong, Want: "key", Got: int64(chars(k)), Limit: MaxMetadataKeyChars}
		}
		if chars(v) > MaxMetadataValueChars {
			return &ValidationError{Field: "metadata", Code: InvalidTooLong, Want: "value", Value: k, Got: int64(chars(v)), Limit: MaxMetadataValueChars}
		}
	}
	return nil
}

// ValidateHistory checks spec §4 rule 4: turns alternate user, assistant, ...; start with user;
// end with assistant; each has a non-empty content; at most 20 turns and 24,000 characters.
func ValidateHistory(h []HistoryMessage) error {
	if len(h) == 0 {
		return nil
	}
	if len(h) > MaxHistoryTurns {
		return tooMany("history", "turn", len(h), MaxHistoryTurns)
	}
	total := 0
	for i, t := range h {
		want := "user"
		if i%2 == 1 {
			want = "assistant"
		}
		if t.Role != want {
			return &ValidationError{Field: "history", Code: InvalidRole, Want: want, Got: int64(i + 1)}
		}
		if strings.TrimSpace(t.Content) == "" {
			return &ValidationError{Field: "history", Code: InvalidEmptyTurn, Got: int64(i + 1)}
		}
		total += chars(t.Content)
	}
	if len(h)%2 != 0 {
		return &ValidationError{Field: "history", Code: InvalidUnpaired}
	}
	if total > MaxHistoryChars {
		return tooLong("history", total, MaxHistoryChars)
	}
	return nil
}
