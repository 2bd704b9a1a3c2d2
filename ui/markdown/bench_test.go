package markdown

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/ui/internal/stress"
)

// benchAnswer returns a realistic answer of about size bytes: sections with a heading,
// paragraphs with inline styles and links, a nested list, a table and a code block.
func benchAnswer(size int) string {
	var b strings.Builder
	for i := 1; b.Len() < size; i++ {
		fmt.Fprintf(&b, "## %d. Billing documents, part %d\n\n", i, i)
		fmt.Fprintf(&b, "The workspace holds **%d invoices** from *2024* and `invoice-%03d.pdf` is the newest; "+
			"see [the billing guide](https://docs.example.com/billing/%d) for how totals are computed. "+
			"Amounts exclude tax, and ~~old~~ current plans apply to every seat on the account.\n\n", 10+i, i, i)
		b.WriteString("Steps to check a total:\n\n1. Open **Settings**, then _Billing_.\n2. Compare each line:\n" +
			"   - the seat count,\n   - the plan's price,\n   - any credit.\n3. Export the statement.\n\n")
		b.WriteString("| Plan | Price | Seats |\n|:-----|------:|:-----:|\n| Basic | $10 | 1 |\n| Team | $50 | 10 |\n" +
			"| Business | $200 | 50 |\n\n")
		fmt.Fprintf(&b, "```go\n// total%d sums the prices, in cents.\nfunc total%d(items []Item) int {\n\tsum := 0\n"+
			"\tfor _, it := range items {\n\t\tsum += it.Price * it.Seats\n\t}\n\treturn sum\n}\n```\n\n", i, i)
		b.WriteString("> Note: a credit applies to the next statement, not the current one.\n\n")
	}
	return b.String()
}

// benchWindow is a window of a temporary test app, for benchmarks.
func benchWindow(b *testing.B) fyne.Window {
	test.NewTempApp(b)
	w := test.NewWindow(nil)
	b.Cleanup(w.Close)
	w.Resize(fyne.NewSize(800, 600))
	return w
}

// benchStream streams ps into a new View in a window, once per op.
func benchStream(b *testing.B, ps []string) {
	w := benchWindow(b)
	b.ReportAllocs()
	for b.Loop() {
		v := NewView()
		w.SetContent(v)
		for _, p := range ps {
			v.SetText(p)
		}
	}
}

// BenchmarkFrameUpdate64KB is one SetText on a 64 KB answer to which one small delta was
// appended, as each frame of a long answer does.
func BenchmarkFrameUpdate64KB(b *testing.B) {
	base := benchAnswer(64 << 10)
	full := base + benchAnswer(16<<10)
	ps := stress.Prefixes(full[len(base):], (len(full)-len(base))/5) // deltas of about 5 bytes
	w := benchWindow(b)
	var v *View
	b.ReportAllocs()
	i := len(ps)
	for b.Loop() {
		if i == len(ps) { // start again from 64 KB, untimed
			b.StopTimer()
			v = NewView()
			w.SetContent(v)
			v.SetText(base)
			i = 0
			b.StartTimer()
		}
		v.SetText(full[:len(base)+len(ps[i])])
		i++
	}
}

// BenchmarkStreamedCodeBlock streams a 6 KB code block in 1,500 deltas: an open fence grows
// in place, so each delta lays out the last chunk of 16 lines, not the whole block.
func BenchmarkStreamedCodeBlock(b *testing.B) {
	md := "Here:\n\n```go\n" + strings.Repeat("\tsum += it.Price * it.Seats // accumulate the price\n", 120) + "```\n"
	ps := stress.Prefixes(md, 1500)
	benchStream(b, ps)
}

// BenchmarkStreamedParagraph streams one 4 KB paragraph in 1,000 deltas: the open block is
// built whole per delta, so a long paragraph is the case the blocks do not split.
func BenchmarkStreamedParagraph(b *testing.B) {
	md := strings.Repeat("The workspace holds **ten invoices** from *2024* and `x` is the newest. ", 55)
	ps := stress.Prefixes(md, 1000)
	benchStream(b, ps)
}

// streamPace is how often a delta arrives in the painted benchmarks: 2,000 deltas a second,
// a fast model (5,000 deltas take 2.5 s).
const streamPace = 500 * time.Microsecond

// BenchmarkStreamedAnswerPainted streams the 64 KB answer of issue 24 (headings, a 200-row
// table, a 3,000-line code block, a list nested 50 deep) in 5,000 deltas into a View, coalesced
// to frames as the chat pane does, each frame laid out and painted. frame-p95-ms is the 95th
// percentile of the frames' times; final-ms the time from the last delta to the final frame.
// The -cpu-ms figures are the same in CPU time, which other work on the machine does not stretch.
func BenchmarkStreamedAnswerPainted(b *testing.B) {
	test.NewTempApp(b)
	ps := stress.Prefixes(stress.IssueAnswer(), 5000)
	var all paintedStream
	runs := 0
	for b.Loop() {
		s := streamPainted(ps, streamPace)
		all.frames, all.framesCPU = append(all.frames, s.frames...), append(all.framesCPU, s.framesCPU...)
		all.final, all.finalCPU = all.final+s.final, all.finalCPU+s.finalCPU
		runs++
	}
	b.ReportMetric(ms(percentile(all.frames, 95)), "frame-p95-ms")
	b.ReportMetric(ms(all.final)/float64(runs), "final-ms")
	b.ReportMetric(ms(percentile(all.framesCPU, 95)), "frame-p95-cpu-ms")
	b.ReportMetric(ms(all.finalCPU)/float64(runs), "final-cpu-ms")
	b.ReportMetric(float64(len(all.frames))/float64(runs), "frames")
}

// BenchmarkLongLine streams an answer holding one 1 MB line without spaces in 1,000 deltas,
// as BenchmarkStreamedAnswerPainted does; frame-max-ms is the longest frame, the final one
// included, and frame-max-cpu-ms the most CPU time a frame took.
func BenchmarkLongLine(b *testing.B) {
	test.NewTempApp(b)
	ps := stress.Prefixes(stress.LongLineAnswer(), 1000)
	var longest, longestCPU time.Duration
	for b.Loop() {
		s := streamPainted(ps, streamPace)
		longest = max(longest, percentile(s.frames, 100))
		longestCPU = max(longestCPU, percentile(s.framesCPU, 100))
	}
	b.ReportMetric(ms(longest), "frame-max-ms")
	b.ReportMetric(ms(longestCPU), "frame-max-cpu-ms")
}

// BenchmarkStreamedAnswer streams a 20 KB answer in 5,000 deltas: incremental is a View fed
// each prefix; reparse builds the whole prefix from scratch for each delta, as re-rendering
// the whole answer per delta would. One op is one whole answer.
//
// It stays the package's last benchmark: reparse leaves Fyne's caches (renderers, text metrics)
// holding millions of entries that only a capture of a canvas cleans, once they are a minute old.
// Run before BenchmarkStreamedAnswerPainted in make bench's one process, it made that one's
// frames 95 ms to 14 s at the 95th percentile instead of 9.
func BenchmarkStreamedAnswer(b *testing.B) {
	md := benchAnswer(20_000)
	ps := stress.Prefixes(md, 5000)
	b.Run("incremental", func(b *testing.B) { benchStream(b, ps) })
	b.Run("reparse", func(b *testing.B) {
		w := benchWindow(b)
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range ps {
				v := NewView()
				v.SetText(p)
				w.SetContent(v)
			}
		}
	})
}
