package tour

import (
	"strings"
	"sync"
	"time"

	"lectern/client/emulator"
	"lectern/ui/internal/stress"
)

// The stress server's questions, each answered with one of issue 24's answers at 2,000 deltas a
// second (a fast model), and its workspace of a 2,000-character name.
const (
	StressQuestionBig  = "Stream the 64 KB answer in 5,000 deltas"
	StressQuestionLine = "Stream the answer of one 1 MB line in 1,000 deltas"
	// StressQuestionStates is issue 36's answer: long prose, code blocks narrow and wide, Arabic.
	StressQuestionStates = "Stream the answer of long prose and code blocks"
	// StressPace is the time between two pieces of a stress answer.
	StressPace = 500 * time.Microsecond
)

// StressPieces is how many pieces each stress answer is sent in, StressPace apart.
var StressPieces = map[string]int{StressQuestionBig: 5000, StressQuestionLine: 1000, StressQuestionStates: 200}

// LongWorkspaceName is the name of the stress server's extra workspace: 2,000 characters.
var LongWorkspaceName = strings.Repeat("A workspace name that goes on ", 67)[:2000]

// ArabicWorkspaceName is the name of a workspace of the stress server in Arabic with a number
// ("sales report 2024"), which is drawn right to left with its number at the left (issue 36).
const ArabicWorkspaceName = "تقرير المبيعات 2024"

// StressServer is a served demo emulator with a workspace named LongWorkspaceName, whose answers
// to the stress questions are scripted; it notes when the last event of each was sent.
type StressServer struct {
	URL, Key string
	Answers  map[string]string // the full answer to each stress question
	Stop     func()

	mu          sync.Mutex
	first, last time.Time
}

// StartStressServer serves the stress server on a free port of 127.0.0.1.
func StartStressServer() (*StressServer, error) {
	emu, info := emulator.NewDemo(emulator.Config{ResetEvery: -1})
	emu.AddWorkspace(emulator.WorkspaceSpec{ID: "ws_long_name", Name: LongWorkspaceName, Owner: emulator.DemoUser})
	emu.AddWorkspace(emulator.WorkspaceSpec{ID: "ws_arabic", Name: ArabicWorkspaceName, Owner: emulator.DemoUser})
	s := &StressServer{Key: info.Key, Answers: map[string]string{
		StressQuestionBig: stress.IssueAnswer(), StressQuestionLine: stress.LongLineAnswer(),
		StressQuestionStates: stress.StatesAnswer()}}
	scripts := map[string]scriptedAnswer{}
	for q, n := range StressPieces {
		scripts[q] = scriptedAnswer{pieces: pieces(stress.Prefixes(s.Answers[q], n)), pace: StressPace, begin: s.begun, done: s.sent}
	}
	url, stop, err := serveHandler(scriptedBy(emu, scripts))
	if err != nil {
		emu.Close()
		return nil, err
	}
	s.URL, s.Stop = url, func() { stop(); emu.Close() }
	return s, nil
}

// pieces turns prefixes into the deltas that add each to the one before.
func pieces(prefixes []string) []string {
	out, before := make([]string, len(prefixes)), ""
	for i, p := range prefixes {
		out[i], before = p[len(before):], p
	}
	return out
}

func (s *StressServer) begun() {
	s.mu.Lock()
	s.first, s.last = time.Now(), time.Time{}
	s.mu.Unlock()
}

func (s *StressServer) sent() {
	s.mu.Lock()
	s.last = time.Now()
	s.mu.Unlock()
}

// LastEvent is when the last event of the stress answer streaming or streamed last was sent,
// zero before it was.
func (s *StressServer) LastEvent() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

// Streamed is how long the stress answer streamed last took from its first piece to its last
// event (its pieces are paced to take StressPace each), zero while it streams.
func (s *StressServer) Streamed() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last.IsZero() {
		return 0
	}
	return s.last.Sub(s.first)
}
