package app

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"lectern/app/ask"
	"lectern/app/conversations"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/client"
)

// The long session: how many of each, and how often a fault strikes.
const (
	sessionAsks     = 500 // streamed workspace asks, and as many model chats
	sessionUploads  = 200
	sessionBaseline = 50 // the asks (and chats) after which the first heap is measured
	sessionWarmUp   = 40 // the turns of the warm-up session: one of each fault
	faultEvery      = 10 // one turn in faultEvery meets a fault, in turn: cut, 503, 429, model failure
	rateLimitFaults = 4  // 429s with Retry-After per session (each waits its second, as the client must)
)

// BenchmarkLongSession runs a long desktop-like session against the emulator (every delay off, a
// manual clock): 500 streamed workspace asks and 500 streamed model chats (follow-ups in runs of
// five), 200 uploads followed until ready, with faults injected along the way (streams cut, 503,
// 429 with Retry-After, a model failing mid-answer). It reports heap-growth (heap in use after the
// session over heap in use after the first 50 asks and chats, both after a GC, the app open both
// times) and goroutines-left (goroutines once the app, the emulator and the connections are
// closed, minus before it started). Goals: heap-growth at most 1.10, goroutines-left 0.
func BenchmarkLongSession(b *testing.B) {
	for b.Loop() {
		growth, left := longSession(b)
		b.ReportMetric(growth, "heap-growth")
		b.ReportMetric(float64(left), "goroutines-left")
	}
}

// longSession runs the session once, after warming the process up, and returns its heap growth
// and the goroutines left. What the process keeps once for good is not the session's growth: the
// caches the standard library fills once per process (encoding/json's fields of each type, for
// example), which a short session fills, and the runtime's goroutine descriptors, which it never
// frees but keeps for reuse, as many as ever ran at once (the SQLite driver starts one per query
// with a context that can end, and a busy moment may have a few hundred of them).
func longSession(b *testing.B) (float64, int) {
	openSession(b).through(0, sessionWarmUp).close()
	goroutinePeak(1000)
	before := settledGoroutines(-1)
	heapInUse() // the first reading of the metrics allocates what it needs for later ones
	s := openSession(b).through(0, sessionBaseline)
	base := s.quietHeap()
	after := s.through(sessionBaseline, sessionAsks).quietHeap()
	b.Logf("turns by status: %s", turnStatuses(b, s.a))
	s.close()
	b.Logf("%d asks, %d chats, %d uploads, %d faults; heap in use %.2f MiB after %d, %.2f MiB after the session",
		s.asks, s.chats, len(s.uploads), s.faults, float64(base)/(1<<20), sessionBaseline, float64(after)/(1<<20))
	return float64(after) / float64(base), settledGoroutines(before) - before
}

// openSession starts an emulator process and opens an app connected to it, working the upload
// queue as the desktop app does.
func openSession(b *testing.B) *session {
	emu := startSessionEmulator(b)
	transport := &http.Transport{}
	a, err := Open(context.Background(), Options{Home: b.TempDir(), HTTPClient: &http.Client{Transport: transport},
		RetryDelay: 10 * time.Millisecond, KeychainTimeout: time.Second, ClientOptions: []client.Option{
			client.WithPollInterval(5*time.Millisecond, 10*time.Millisecond),
			client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 3, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond})}})
	if err != nil {
		b.Fatal(err)
	}
	if err := a.SignIn().Connect(context.Background(), emu.url, testKey); err != nil {
		b.Fatal(err)
	}
	a.Uploads().Start()
	return &session{b: b, a: a, emu: emu, transport: transport, dir: b.TempDir()}
}

// through runs turns from to to, then waits for the uploads queued so far, so that nothing runs
// when the heap is measured.
func (s *session) through(from, to int) *session {
	s.run(from, to)
	s.waitUploads()
	return s
}

// close closes the app, the emulator process and the idle connections.
func (s *session) close() {
	s.a.Close()
	s.emu.close()
	s.transport.CloseIdleConnections()
}

// session is the state of one long session.
type session struct {
	b         *testing.B
	a         *App
	emu       *sessionEmulator
	transport *http.Transport
	dir       string
	uploads   []int64
	asks      int
	chats     int
	faults    int
	limited   int // 429s injected
}

// run does turns from to to: an ask and a chat each, an upload every 2.5 turns, a fault every
// faultEvery turns.
func (s *session) run(from, to int) {
	for i := from; i < to; i++ {
		fault := "tick"
		if i%faultEvery == faultEvery/2 {
			fault = s.fault(i / faultEvery)
		}
		s.emu.do(fault)
		s.ask(i)
		s.chat(i)
		if fault != "tick" {
			s.emu.do("none")
		}
		if i*sessionUploads/sessionAsks != (i+1)*sessionUploads/sessionAsks {
			s.upload(i)
		}
	}
}

// fault names the n-th fault (see sessionFaults), for the next ask and chat.
func (s *session) fault(n int) string {
	s.faults++
	name := []string{"cut", "503", "429", "model"}[n%4]
	if name == "429" {
		if s.limited == rateLimitFaults {
			return "503"
		}
		s.limited++
	}
	return name
}

// ask asks a streamed question in the workspace, a follow-up but every fifth time. A fault may
// end it early; the session goes on, as a person would.
func (s *session) ask(i int) {
	_, _ = s.a.Questions().Ask(context.Background(), ask.Question{Workspace: s.emu.ws, Text: fmt.Sprintf("When is the office closed? (%d)", i),
		Continue: i%5 != 0}, conversations.AskOptions{})
	s.asks++
}

// chat sends a message to a model tier, continuing its conversation but every fifth time.
func (s *session) chat(i int) {
	_, _ = s.a.Models().Chat(context.Background(), modelchat.ModelMessage{Tier: "Fast", Text: fmt.Sprintf("Say something short (%d).", i),
		Continue: i%5 != 0}, conversations.ChatOptions{})
	s.chats++
}

// upload queues a small file of its own.
func (s *session) upload(i int) {
	p := filepath.Join(s.dir, fmt.Sprintf("note-%d.txt", i))
	if err := os.WriteFile(p, fmt.Appendf(nil, "Note %d: the canteen opens at %d o'clock.\n", i, 7+i%4), 0o600); err != nil {
		s.b.Fatal(err)
	}
	res, err := s.a.Uploads().AddFiles(context.Background(), s.emu.ws, p)
	if err != nil || len(res) != 1 || res[0].ID == 0 {
		s.b.Fatalf("upload %d: %+v, %v", i, res, err)
	}
	s.uploads = append(s.uploads, res[0].ID)
}

// waitUploads waits until every upload has ended, and fails unless each is ready.
func (s *session) waitUploads() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ended, err := s.a.Uploads().Follow(ctx, s.uploads, func(e records.Upload) bool { return e.State.Final() }, nil)
	if err != nil {
		s.b.Fatal(err)
	}
	for _, e := range ended {
		if e.State != records.UploadReady {
			s.b.Fatalf("%s: %s %s", e.Name, e.State, e.Error)
		}
	}
}

// quietHeap closes the idle connections (to the server and to the database: how many the pools
// keep open at a given moment is chance, not growth), then measures the heap in use five times,
// 20 ms apart, and returns the least: the upload queue's scheduler wakes every RetryDelay, and what
// it holds while a collection runs is not growth either.
func (s *session) quietHeap() uint64 {
	s.transport.CloseIdleConnections()
	s.a.store.SQL().SetMaxIdleConns(0)
	s.a.store.SQL().SetMaxIdleConns(2) // database/sql's default
	least := heapInUse()
	for range 4 {
		time.Sleep(20 * time.Millisecond)
		least = min(least, heapInUse())
	}
	return least
}

// heapInUse is the heap of live objects as the last of two garbage collections marked it
// (/gc/heap/live:bytes: not HeapInuse, whose whole spans make a heap of 1 MiB jump by a quarter
// from one run to the next).
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// goroutinePeak runs n goroutines at once, so that the runtime keeps n goroutine descriptors for
// reuse.
func goroutinePeak(n int) {
	var wg sync.WaitGroup
	release := make(chan struct{})
	for range n {
		wg.Go(func() { <-release })
	}
	close(release)
	wg.Wait()
}

// settledGoroutines waits up to 5 s for the number of goroutines to come down to want (any
// number when want is negative: then it waits for two equal counts 50 ms apart), and returns it.
func settledGoroutines(want int) int {
	n := runtime.NumGoroutine()
	for range 100 {
		time.Sleep(50 * time.Millisecond)
		m := runtime.NumGoroutine()
		if (want >= 0 && m <= want) || (want < 0 && m == n) {
			return m
		}
		n = m
	}
	return n
}

// turnStatuses counts the saved turns by status, to show that the faults struck.
func turnStatuses(b *testing.B, a *App) string {
	rows, err := a.store.SQL().Query("SELECT status, count(*) FROM turns GROUP BY status ORDER BY status")
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			b.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %d", status, n))
	}
	return strings.Join(out, ", ")
}
