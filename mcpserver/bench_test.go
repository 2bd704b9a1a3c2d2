package mcpserver

import (
	"testing"
	"time"

	"lectern/app/ask"
	"lectern/app/conversations"
	"lectern/client/emulator"
)

// BenchmarkMCPAsk asks the same question of the emulator, paced as a service answers (its
// default think, stage and delta delays), through ask_workspace over MCP (the Go SDK's client and
// server, in memory) and through App directly, one after the other in each iteration. It reports
// overhead-ratio, the time through MCP over the time of App (the target is at most 1.05), and
// overhead-ms, what MCP adds to one ask. Both save the turn in the history.
func BenchmarkMCPAsk(b *testing.B) {
	f := newFixture(b, emulator.Config{ResetEvery: -1}, false)
	cs := f.connect(b, "bench-host", nil)
	q := ask.Question{Workspace: f.handbook, Text: "How many days of paid holiday?"}
	args := map[string]any{"workspace": f.handbook, "question": q.Text}
	var direct, viaMCP time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := f.app.Questions().Ask(b.Context(), q, conversations.AskOptions{}); err != nil {
			b.Fatal(err)
		}
		mid := time.Now()
		if res := call(b, cs, ToolAsk, args); res.IsError {
			b.Fatal(text(res))
		}
		direct, viaMCP = direct+mid.Sub(start), viaMCP+time.Since(mid)
	}
	b.ReportMetric(float64(viaMCP)/float64(direct), "overhead-ratio")
	b.ReportMetric(float64(viaMCP-direct)/float64(b.N)/float64(time.Millisecond), "overhead-ms")
}
