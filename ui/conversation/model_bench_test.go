package conversation

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"lectern/app"
	"lectern/app/conversations"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/client/emulator"
)

// benchImage is a 256×256 PNG of varied colour (about 200 KB), like a small screenshot.
func benchImage(b *testing.B, i int) records.Image {
	b.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 256, 256))
	for y := range 256 {
		for x := range 256 {
			img.Set(x, y, color.RGBA{R: uint8(x * y * (i + 1)), G: uint8(x + y + i), B: uint8(x ^ y), A: 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		b.Fatal(err)
	}
	out, err := modelchat.NewImage(fmt.Sprintf("shot-%d.png", i), buf.Bytes())
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// seedModelChat saves a Fast conversation of n answers, one image with every tenth message when
// images is true.
func seedModelChat(b *testing.B, a *app.App, n int, images bool) records.Conversation {
	b.Helper()
	cs := a.Conversations()
	conv, err := a.Models().NewChat(context.Background(), "Fast", "Answer briefly.", "", "")
	if err != nil {
		b.Fatal(err)
	}
	for i := range n {
		m := conversations.Message{Text: fmt.Sprintf("Message %d: what is in this picture, and why?", i)}
		if images && i%10 == 0 {
			m.Images = []records.Image{benchImage(b, i/10)}
		}
		if _, err := cs.Send(context.Background(), conv.ID, m, conversations.AskOptions{NoStream: true}); err != nil {
			b.Fatal(err)
		}
	}
	return conv
}

// peakHeap samples the heap in use every millisecond until stop is called, which returns the
// highest sample above the heap in use at the start (after a collection), in MiB.
func peakHeap() (stop func() float64) {
	runtime.GC()
	var start runtime.MemStats
	runtime.ReadMemStats(&start)
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return func() float64 { close(done); return float64(peak.Load()-min(peak.Load(), start.HeapInuse)) / (1 << 20) }
}

// BenchmarkModelOpen200Turns opens a model conversation of 200 answers in the pane, with 20
// images (one every tenth message) and without, in one run: each op is one opening until the
// newest turn's view is built and the images of the turns on screen are shown (the first paint).
// peak-extra-MiB is the heap in use at its highest while the conversation is opened and shown,
// above what was in use before.
func BenchmarkModelOpen200Turns(b *testing.B) {
	for name, images := range map[string]bool{"images": true, "text": false} {
		b.Run(name, func(b *testing.B) {
			cfg := fastConfig() // 400 messages are seeded: the /v1 request limits (model-api.md §8) raised
			cfg.Rates = emulator.Rates{KeyPerMinute: 1 << 20, AddressPerMinute: 1 << 20, AddressPer10s: 1 << 20}
			a, ws, _ := benchApp(b, cfg)
			conv := seedModelChat(b, a, 200, images)
			c := chatWindow(b, a, ws)
			stop := peakHeap()
			b.ResetTimer()
			for b.Loop() {
				c.NewConversation()
				c.Open(conv, 0)
				runUI(b, func() bool { return len(c.turns) == 200 && c.views[c.turns[199].ID] != nil && imagesShown(c) })
			}
			b.StopTimer()
			b.ReportMetric(stop(), "peak-extra-MiB")
			b.ReportMetric(float64(len(c.views)), "views-built")
		})
	}
}

// imagesShown reports whether every turn view built that sent images shows them.
func imagesShown(c *Pane) bool {
	for _, t := range c.turns {
		if v := c.views[t.ID]; v != nil && len(t.Images) > 0 && len(v.model.pics.Objects) != len(t.Images) {
			return false
		}
	}
	return true
}
