package app

import (
	"context"
	"fmt"
	"testing"

	"lectern/app/conversations"
	"lectern/app/records"
)

// BenchmarkModelMeter200Turns measures the context meter of a 200-turn model conversation with 20
// images (what a pane asks as the draft changes), beside its baseline: reading the turns, which
// the meter does once.
func BenchmarkModelMeter200Turns(b *testing.B) {
	a, fake := newModelApp(b)
	ctx := context.Background()
	cs := chatsOf(a)
	fake.reply = fakeReply{deltas: []string{"A short answer of a few words."}}
	conv, err := cs.NewChat(ctx, "Smart", "Be brief.", "", "")
	if err != nil {
		b.Fatal(err)
	}
	for i := range 200 {
		m := conversations.Message{Text: fmt.Sprintf("Message %d, of a few words too.", i)}
		if i%10 == 0 {
			m.Images = []records.Image{mustImage(b, "a.png", pngImage)}
		}
		if _, err := cs.Send(ctx, conv.ID, m, conversations.AskOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("turns", func(b *testing.B) {
		for b.Loop() {
			if _, err := cs.Turns(ctx, conv.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("meter", func(b *testing.B) {
		for b.Loop() {
			if _, err := cs.Meter(ctx, conv.ID, conversations.Message{Text: "a draft"}, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
