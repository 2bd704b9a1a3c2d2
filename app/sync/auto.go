package sync

import (
	"context"
	"time"
)

// AutoEvery is how often automatic sync does a round when nothing changed here.
const AutoEvery = 5 * time.Minute

// autoSettle is how long automatic sync waits after a change before its round, so that an
// answer being written, or several changes in a row, make one round.
const autoSettle = 3 * time.Second

// OnRound sets what is told of each round once it ended (the app: the events that refresh the
// conversation list and the Sync page). It runs on the round's goroutine.
func (s *Service) OnRound(f func(Result, error)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onRound = f
}

// Changed says something that syncs changed here: automatic sync does a round soon.
func (s *Service) Changed() {
	select {
	case s.kick <- struct{}{}:
	default: // a round is already due
	}
}

// Auto syncs until ctx ends: a round autoSettle after a change (Changed), and one every
// AutoEvery, the wait measured on the service's clock (one timer, waking at most once a second
// and at least once a minute to read the clock). It does nothing while no target is set or no
// passphrase is at hand; a round's error is the round's to tell (OnRound, Last).
func (s *Service) Auto(ctx context.Context) {
	next := s.now().Add(AutoEvery)
	for {
		// At most a minute: a timer does not count a computer's sleep, the clock does.
		wait := min(max(next.Sub(s.now()), time.Second), time.Minute)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-s.kick:
			t.Stop()
			if !sleep(ctx, autoSettle) {
				return
			}
		case <-t.C:
			if s.now().Before(next) {
				continue // the clock was set back, or the timer woke early: wait the rest
			}
		}
		if s.Target() != "" && s.HasPassphrase() {
			_, _ = s.Round(ctx)
		}
		next = s.now().Add(AutoEvery)
	}
}

// sleep waits d, or until ctx ends (false).
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
