//go:build realwindow

package realwin

import (
	"time"
)

// version asks the probe for the last turn's place among its versions and its answer.
func (s *session) version() Version {
	var v Version
	if err := s.ask("version", &v, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	return v
}

// waitVersion waits up to 30 s for the last turn to be at place, its answer ended.
func (s *session) waitVersion(place string) (Version, bool) {
	deadline := time.Now().Add(30 * time.Second)
	v := s.version()
	for ; (v.Place != place || !v.Ended) && time.Now().Before(deadline); v = s.version() {
		time.Sleep(100 * time.Millisecond)
	}
	return v, v.Place == place && v.Ended
}

// checkVersions (issue 31): Retry on the last turn makes version 2/2 of it; Alt+Left with the
// keyboard in the question box shows version 1 (the first answer), Alt+Right version 2 again
// (the other branch's answer). Screenshot branch-alt-right.
func (s *session) checkVersions() {
	first := s.version()
	if err := s.ask("retry-last", nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	retried, ok := s.waitVersion("2/2")
	s.check("retry-makes-version-2", ok && retried.TurnID != first.TurnID, "after Retry the last turn is version %q, its answer ended",
		retried.Place)
	if err := s.ask("focus", nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	s.key("alt+Left")
	back, ok := s.waitVersion("1/2")
	s.check("alt-left-version-1", ok && back.TurnID == first.TurnID && back.Answer == first.Answer,
		"Alt+Left from the question box shows version %q (the first turn %d, its answer drawn: %v)", back.Place, back.TurnID,
		back.Answer == first.Answer)
	s.key("alt+Right")
	fwd, ok := s.waitVersion("2/2")
	s.check("alt-right-version-2", ok && fwd.TurnID == retried.TurnID && fwd.Answer == retried.Answer,
		"Alt+Right shows version %q again (the retried turn %d, the other branch's answer drawn: %v)", fwd.Place, fwd.TurnID,
		fwd.Answer == retried.Answer)
	time.Sleep(300 * time.Millisecond)
	s.t.Logf("screenshot %s", s.screenshot("branch-alt-right"))
}

// checkCompare (issue 31): Compare tiers with Fast and Smart against the demo shows two columns,
// both streamed to their end, side by side (screenshots compare-light and compare-dark); Continue
// with the first shows its answer as version 1 of 2.
func (s *session) checkCompare() {
	if err := s.ask("compare fast,smart How are expense claims submitted?", nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	var cols []compareColumn
	deadline := time.Now().Add(time.Minute)
	for ; time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		cols = nil
		if err := s.ask("compare-state", &cols, 10*time.Second); err != nil {
			s.t.Fatal(err)
		}
		if len(cols) == 2 && cols[0].Ended && cols[1].Ended {
			break
		}
	}
	ok := len(cols) == 2 && cols[0].Ended && cols[1].Ended && cols[0].Answer != "" && cols[1].Answer != "" &&
		cols[0].X+cols[0].W <= cols[1].X
	s.check("compare-two-tiers", ok, "two columns streamed side by side: %+v", cols)
	for _, theme := range []string{"light", "dark", "system"} { // system: as the session started
		if err := s.ask("theme "+theme, nil, 10*time.Second); err != nil {
			s.t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		if theme != "system" {
			s.t.Logf("screenshot %s", s.screenshot("compare-"+theme))
		}
	}
	if err := s.ask("continue 0", nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	v, ok := s.waitVersion("1/2")
	s.check("compare-continue", ok && len(cols) == 2 && v.Answer == cols[0].Answer, "Continue with the first column shows version %q", v.Place)
}

// compareColumn is a column of the comparison as the probe reports it (conversation.CompareColumn).
type compareColumn struct {
	Title, Answer, Facts string
	Ended                bool
	X, W                 float32
}
