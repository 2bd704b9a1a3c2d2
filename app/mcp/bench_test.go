package mcp

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"lectern/internal/procs"
)

// BenchmarkMCPClientIdle connects five stdio servers (server-everything) and reports Lectern's
// resident memory while they sit idle (rss-mib: this process, the servers are processes of their
// own), then closes them and counts the child processes left (children-left-after-quit, want 0).
func BenchmarkMCPClientIdle(b *testing.B) {
	dir := peers(b)
	var rss, left float64
	for b.Loop() {
		m := fiveConnected(b, dir)
		rss = max(rss, rssMiB())
		m.Close()
		left = max(left, float64(procs.Children()))
	}
	b.ReportMetric(rss, "rss-mib")
	b.ReportMetric(left, "children-left-after-quit")
}

// rssMiB is this process's resident memory (Linux: VmRSS), in MiB.
func rssMiB() float64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}
