package client

import (
	"fmt"
	"strings"
	"testing"
)

// Spec §4 rule 4 / ARCHITECTURE "History": alternating, starts user, ends assistant,
// non-empty, 20 turns and 24,000 characters, oldest whole pairs dropped first, failed turns
// never sent.
func TestBuildHistory(t *testing.T) {
	pair := func(i int) Exchange {
		return Exchange{Question: fmt.Sprintf("q%d", i), Answer: fmt.Sprintf("a%d", i)}
	}
	var many []Exchange
	for i := 0; i < 15; i++ {
		many = append(many, pair(i))
	}
	big := strings.Repeat("x", 12000)
	cases := []struct {
		name  string
		in    []Exchange
		first string // first user content expected, "" for no history
		turns int
	}{
		{"empty", nil, "", 0},
		{"one pair", []Exchange{pair(0)}, "q0", 2},
		{"failed dropped with question", []Exchange{pair(0), {Question: "q1", Answer: "partial", Failed: true}, pair(2)}, "q0", 4},
		{"empty answer dropped", []Exchange{pair(0), {Question: "q1", Answer: "  "}}, "q0", 2},
		{"only failed", []Exchange{{Question: "q", Failed: true}}, "", 0},
		{"20 turns newest kept", many, "q5", 20},
		{"chars: oldest whole pairs dropped", []Exchange{{Question: "old", Answer: big}, {Question: "mid", Answer: big}, {Question: "new", Answer: "short"}}, "mid", 4},
		{"newest pair too big alone", []Exchange{pair(0), {Question: "q", Answer: strings.Repeat("y", 24001)}}, "", 0},
		{"multibyte counted as characters", []Exchange{{Question: "é", Answer: strings.Repeat("é", 23999)}}, "é", 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := BuildHistory(tc.in)
			if err := ValidateHistory(h); err != nil {
				t.Fatal(err)
			}
			if len(h) != tc.turns || (tc.turns > 0 && h[0].Content != tc.first) {
				t.Fatalf("got %d turns", len(h))
			}
		})
	}
}

func TestBuildHistoryNeverSendsFailedQuestion(t *testing.T) {
	h := BuildHistory([]Exchange{{Question: "q0", Answer: "a0"}, {Question: "q1", Failed: true}, {Question: "q2", Answer: "a2"}})
	for _, turn := range h {
		if turn.Content == "q1" {
			t.Fatal("the question of a failed turn was sent")
		}
	}
}

func TestValidateHistoryRules(t *testing.T) {
	long := make([]HistoryMessage, 22)
	for i := range long {
		long[i] = HistoryMessage{Role: []string{"user", "assistant"}[i%2], Content: "c"}
	}
	bad := map[string][]HistoryMessage{
		"starts with assistant": {{"assistant", "a"}, {"user", "q"}},
		"ends with user":        {{"user", "q"}, {"assistant", "a"}, {"user", "q"}},
		"two users":             {{"user", "q"}, {"user", "q"}},
		"unknown role":          {{"user", "q"}, {"system", "a"}},
		"empty content":         {{"user", ""}, {"assistant", "a"}},
		"22 turns":              long,
		"24,001 characters":     {{"user", "q"}, {"assistant", strings.Repeat("a", 24000)}},
	}
	for name, h := range bad {
		if err := ValidateHistory(h); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	if err := ValidateHistory(long[:20]); err != nil {
		t.Fatal(err)
	}
}
