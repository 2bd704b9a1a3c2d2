package realwin

import (
	"context"
	"fmt"
	"sync"
	"time"

	"fyne.io/fyne/v2"

	"lectern/ui/internal/harness"
	"lectern/ui/internal/tour"
)

// Answer is the answer to "answer": how the last stress answer asked ("stream") went.
type Answer struct {
	// Streaming is true while the answer streams.
	Streaming bool
	// Finished is true once the answer ended and its view holds all of its text.
	Finished bool
	// Length is the length of the text shown, Want the full answer's.
	Length, Want int
	// FinalMs is the time from the server's last event to the answer shown whole; StreamMs how
	// long the server took to send it, from its first piece to its last event.
	FinalMs, StreamMs float64
}

// stressProbe is the stress server the probe connected the app to ("stress"), and the answer
// being watched.
type stressProbe struct {
	server *tour.StressServer
	mu     sync.Mutex
	answer Answer
}

var stressed stressProbe

// connectStress starts the stress server and connects the app to it, as a person switching
// servers does, and waits until its workspaces are shown.
func connectStress(u *harness.Window) error {
	if stressed.server == nil {
		srv, err := tour.StartStressServer()
		if err != nil {
			return err
		}
		stressed.server = srv
	}
	if err := u.App.SignIn().Connect(context.Background(), stressed.server.URL, stressed.server.Key); err != nil {
		return fmt.Errorf("connect to the stress server: %w", err)
	}
	fyne.DoAndWait(u.ShowBrowser)
	if !waitFor(time.Minute, u.Settled) {
		return fmt.Errorf("the stress server's workspaces were not shown within 60 s")
	}
	return nil
}

// streamStress asks question, one of the stress questions, and watches its answer until it is
// shown whole (at most two minutes).
func streamStress(u *harness.Window, question string) error {
	if stressed.server == nil {
		return fmt.Errorf("stream: no stress server (send stress first)")
	}
	want, ok := stressed.server.Answers[question]
	if !ok {
		return fmt.Errorf("stream: %q is not a stress question", question)
	}
	stressed.setAnswer(Answer{Streaming: true, Want: len(want)})
	fyne.DoAndWait(func() { u.Ask(question) })
	go stressed.watch(u, want)
	return nil
}

// watch polls the newest answer every 10 ms until it is shown whole, noting how it went.
func (p *stressProbe) watch(u *harness.Window, want string) {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		var text string
		var streaming bool
		fyne.DoAndWait(func() { text, streaming = u.Answer() })
		a := Answer{Streaming: streaming, Length: len(text), Want: len(want)}
		if !streaming && text == want {
			a.Finished = true
			a.FinalMs = float64(time.Since(p.server.LastEvent()).Microseconds()) / 1000
			a.StreamMs = float64(p.server.Streamed().Microseconds()) / 1000
			p.setAnswer(a)
			return
		}
		p.setAnswer(a)
		time.Sleep(10 * time.Millisecond)
	}
}

func (p *stressProbe) setAnswer(a Answer) {
	p.mu.Lock()
	p.answer = a
	p.mu.Unlock()
}

func (p *stressProbe) lastAnswer() Answer {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.answer
}
