package work

import (
	"testing"
	"time"
)

func TestBoardListsWorkAndTellsHowLongItTook(t *testing.T) {
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	b := New(func() time.Time { return now })
	changes := 0
	var ended []Ended
	b.OnChange = func() { changes++ }
	b.OnEnded = func(e Ended) { ended = append(ended, e) }
	b.Set("a", Answer, "Answering: leave policy")
	now = now.Add(2 * time.Second)
	b.Set("o", OCR, "OCR: scan.pdf")
	b.Set("o", OCR, "OCR: scan.pdf, page 2 of 5")
	b.Set("o", OCR, "OCR: scan.pdf, page 2 of 5") // unchanged: no change told
	if got := b.Items(); len(got) != 2 || got[0].Label != "Answering: leave policy" || got[1].Label != "OCR: scan.pdf, page 2 of 5" {
		t.Fatalf("Items = %+v", got)
	}
	if changes != 3 {
		t.Errorf("%d changes told, want 3 (two starts and one new line)", changes)
	}
	now = now.Add(12 * time.Second)
	b.End("a", Ended{Kind: Answer, Title: "Answer ready"})
	b.End("missing", Ended{Title: "never"})
	if len(ended) != 1 || ended[0].Took != 14*time.Second || ended[0].Title != "Answer ready" {
		t.Fatalf("ended = %+v, want the answer, 14 s", ended)
	}
	if got := b.Items(); len(got) != 1 || got[0].Key != "o" {
		t.Errorf("Items after the answer ended = %+v", got)
	}
}

func TestNilBoardDoesNothing(t *testing.T) {
	var b *Board
	b.Set("a", Answer, "x")
	b.End("a", Ended{})
	if b.Items() != nil {
		t.Error("a nil board lists work")
	}
}
