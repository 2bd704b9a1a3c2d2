package modelchat

import (
	"errors"
	"strings"
	"testing"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/client"
)

// exchangesOf makes n earlier exchanges whose message and answer are each size characters.
func exchangesOf(n, size int) []exchange {
	out := make([]exchange, n)
	for i := range out {
		out[i] = exchange{question: strings.Repeat(string(rune('a'+i)), size), answer: strings.Repeat("z", size)}
	}
	return out
}

// The oldest whole exchanges go first; the system prompt and the new message always stay.
func TestFitConversationDropsTheOldestWholeExchanges(t *testing.T) {
	tier := client.Model{ID: "Small", ContextWindow: 3000, MaxOutputTokens: 1000} // 2,000 tokens for the request
	earlier := exchangesOf(5, 1000)                                               // each about 2*(250+4) = 508 tokens
	newest := exchange{question: "new"}
	kept, err := fitConversation(frame{system: "Be brief."}, earlier, newest, tier)
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 3 || kept[0].question != earlier[2].question || kept[2].question != earlier[4].question {
		t.Fatalf("kept %d exchanges starting with %.1q; want the newest 3", len(kept), kept[0].question)
	}
	// A tier that does not report its window takes everything the request limits allow.
	if kept, _ := fitConversation(frame{}, earlier, newest, client.Model{ID: "Open"}); len(kept) != 5 {
		t.Errorf("no window: kept %d", len(kept))
	}
	// The default room for the answer is 2,048 tokens when the tier allows longer answers.
	if b := tokenBudget(client.Model{ContextWindow: 10000, MaxOutputTokens: 8192}); b != 10000-2048 {
		t.Errorf("budget %d", b)
	}
}

// Images count toward both the tokens and the request's image limits: an old exchange whose
// images would make more than 8 in the request is left out.
func TestFitConversationKeepsTheImageLimits(t *testing.T) {
	img := records.Image{Name: "a.png", MIME: "image/png", Size: 1 << 20}
	four := []records.Image{img, img, img, img}
	earlier := []exchange{{question: "old", images: four, answer: "x"}, {question: "mid", images: four, answer: "y"}}
	kept, err := fitConversation(frame{}, earlier, exchange{question: "new", images: []records.Image{img}}, client.Model{ID: "Big", ContextWindow: 1 << 20})
	if err != nil || len(kept) != 1 || kept[0].question != "mid" {
		t.Fatalf("kept %+v (%v); want only the newer exchange (4+1 images; 9 would be too many)", kept, err)
	}
	if c := costOf(earlier[0]); c.tokens != 4*imageTokens+2*messageTokens+1+1 || c.images != 4 || c.imageBytes != 4<<20 {
		t.Errorf("cost %+v", c)
	}
}

// When even the system prompt and the new message do not fit, the error says so in words,
// with the estimate and the window.
func TestFitConversationTooLargeMessage(t *testing.T) {
	tier := client.Model{ID: "Instant", ContextWindow: 3048, MaxOutputTokens: 1024}
	_, err := fitConversation(frame{system: "Be brief."}, nil, exchange{question: strings.Repeat("w", 10000)}, tier)
	var ce *explain.CheckError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v", err)
	}
	for _, want := range []string{"with the system prompt is about 2511 tokens", "Instant's context window takes (3048 tokens, 1024 of them kept for the answer)", "choose a tier with a larger window"} {
		if !strings.Contains(ce.Reason, want) {
			t.Errorf("%q lacks %q", ce.Reason, want)
		}
	}
}

// Text in scripts without spaces counts about a token a character, so that a conversation in
// Chinese, Japanese or Korean is trimmed before the service refuses it (4 characters a token would
// undercount it 3 to 5 times).
func TestTextTokensCountsCJKByCharacter(t *testing.T) {
	for text, want := range map[string]int{
		"":                  0,
		"abcd":              1,
		"hello world":       3,
		"日本語のテキスト":          8,
		"한국어":               3,
		"Lectern 使い方":       2 + 3,
		"naïve café résumé": 5,
	} {
		if got := textTokens(text); got != want {
			t.Errorf("textTokens(%q) = %d, want %d", text, got, want)
		}
	}
}
