package client

import (
	"fmt"
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
		return &ValidationError{Field: "workspace_id", Reason: "no workspace chosen"}
	}
	return nil
}

// validateQuestion checks "question: 1 to 8,000 characters" (spec §4).
func validateQuestion(q string) error {
	n := chars(q)
	if n == 0 || strings.TrimSpace(q) == "" {
		return &ValidationError{Field: "question", Reason: "the question is empty"}
	}
	if n > MaxQuestionChars {
		return &ValidationError{Field: "question", Reason: fmt.Sprintf("the question has %d characters; at most %d are allowed", n, MaxQuestionChars)}
	}
	return nil
}

// validateTier checks "model: fast (default), smart or genius".
func validateTier(t Tier) error {
	switch t {
	case "", TierFast, TierSmart, TierGenius:
		return nil
	}
	return &ValidationError{Field: "model", Reason: fmt.Sprintf("%q is not a tier; use fast, smart or genius", string(t))}
}

// validateMetadata checks "up to 16 string pairs (key up to 64 characters, value up to 512)".
func validateMetadata(m map[string]string) error {
	if len(m) > MaxMetadataPairs {
		return &ValidationError{Field: "metadata", Reason: fmt.Sprintf("%d pairs given; at most %d are allowed", len(m), MaxMetadataPairs)}
	}
	for k, v := range m {
		if chars(k) > MaxMetadataKeyChars {
			return &ValidationError{Field: "metadata", Reason: fmt.Sprintf("a key has %d characters; at most %d are allowed", chars(k), MaxMetadataKeyChars)}
		}
		if chars(v) > MaxMetadataValueChars {
			return &ValidationError{Field: "metadata", Reason: fmt.Sprintf("the value of %q has %d characters; at most %d are allowed", k, chars(v), MaxMetadataValueChars)}
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
		return &ValidationError{Field: "history", Reason: fmt.Sprintf("%d turns; at most %d are allowed", len(h), MaxHistoryTurns)}
	}
	total := 0
	for i, t := range h {
		want := "user"
		if i%2 == 1 {
			want = "assistant"
		}
		if t.Role != want {
			return &ValidationError{Field: "history", Reason: fmt.Sprintf("turn %d must have role %s (turns alternate user, assistant, starting with user)", i+1, want)}
		}
		if strings.TrimSpace(t.Content) == "" {
			return &ValidationError{Field: "history", Reason: fmt.Sprintf("turn %d has no content", i+1)}
		}
		total += chars(t.Content)
	}
	if len(h)%2 != 0 {
		return &ValidationError{Field: "history", Reason: "the history must end with an assistant turn"}
	}
	if total > MaxHistoryChars {
		return &ValidationError{Field: "history", Reason: fmt.Sprintf("%d characters in all; at most %d are allowed", total, MaxHistoryChars)}
	}
	return nil
}
