//go:build realwindow

package realwin

import (
	"fmt"
	"image"
	"image/color"
	_ "image/png" // screenshots are PNG files
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// draft is what the person types in a new conversation's box before quitting.
const draft = "A question typed by hand before quitting"

// TestRealWindowFirstHour drives what issue 35 found in a person's first hour, with keys in the
// real window: Tab from the question box shows where the keyboard is and keeps it in sight; a
// draft typed in a new conversation, Ctrl+Q, and a start again on the same data: the draft is back
// and Ctrl+Q quit; a model chat reopened after that restart draws every turn whole and opens at
// its end, at two window sizes.
func TestRealWindowFirstHour(t *testing.T) {
	start := time.Now()
	s := startSession(t)
	if err := s.ask("select My documents", nil, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := s.ask("seed 4", nil, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	s.checkTabFocus()
	s.key("ctrl+shift+n")
	if _, ok := s.waitState(10*time.Second, func(st State) bool { return st.ModelTier != "" }); !ok {
		t.Fatal("Ctrl+Shift+N showed no model chat")
	}
	if err := s.ask("seed 3", nil, time.Minute); err != nil {
		t.Fatal(err)
	}
	s.checkQuitKeepsDraft()
	s.checkReopenedModelChat()
	if err := s.ask("quit", nil, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	t.Logf("run time %.1f s", time.Since(start).Seconds())
}

// tabStops is how many Tab (and Shift+Tab) presses the focus check makes from the question box.
const tabStops = 14

// checkTabFocus presses Tab, then Shift+Tab, from the question box of the seeded conversation and
// checks every stop: a ring is drawn on the screen around the control (a text box shows its own
// border), and a control of a turn is in the turns' sight.
func (s *session) checkTabFocus() {
	ringsSeen, inTurns := 0, 0
	for _, keys := range []string{"Tab", "shift+Tab"} {
		if err := s.ask("focus", nil, 5*time.Second); err != nil {
			s.t.Fatal(err)
		}
		for stop := 1; stop <= tabStops; stop++ {
			s.key(keys)
			fs := s.settledFocus()
			where := fmt.Sprintf("%s stop %d, %s", keys, stop, fs.Focus)
			if fs.Focus == "" {
				s.check("tab-focus-shown", false, "%s: the keyboard is on no control", where)
				continue
			}
			if !fs.Entry {
				drawn := s.ringDrawn(fs)
				s.check("tab-focus-shown", fs.RingShown && drawn, "%s: ring shown %v, drawn on the screen %v", where, fs.RingShown, drawn)
				ringsSeen++
			}
			if fs.InTurns {
				inTurns++
				inSight := fs.Rect.Y >= fs.List.Y-0.5 && fs.Rect.Y+fs.Rect.H <= fs.List.Y+fs.List.H+0.5
				s.check("tab-focus-in-sight", inSight, "%s at %.0f–%.0f, the turns shown %.0f–%.0f", where, fs.Rect.Y,
					fs.Rect.Y+fs.Rect.H, fs.List.Y, fs.List.Y+fs.List.H)
			}
		}
	}
	s.check("tab-reaches-turns", inTurns >= 3 && ringsSeen >= 10,
		"%d stops of %d showed a ring, %d were controls of turns", ringsSeen, 2*tabStops, inTurns)
}

// settledFocus is the FocusState once the ring stays where it is: the window looks at the
// keyboard every 60 ms, and a turn scrolled to is laid out in the frame after.
func (s *session) settledFocus() FocusState {
	var last FocusState
	for try := 0; try < 20; try++ {
		time.Sleep(120 * time.Millisecond)
		var fs FocusState
		if err := s.ask("focus-state", &fs, 5*time.Second); err != nil {
			s.t.Fatal(err)
		}
		if try > 0 && fs.Focus == last.Focus && fs.Ring == last.Ring && fs.RingShown == last.RingShown {
			return fs
		}
		last = fs
	}
	return last
}

// ringDrawn grabs the screen and says whether the ring's top edge is drawn in the focus colour:
// most of its pixels, its rounded corners left out, are that colour.
func (s *session) ringDrawn(fs FocusState) bool {
	path := filepath.Join(s.t.TempDir(), "focus-ring.png") // a failed check keeps a screenshot of its own
	grab := exec.Command("import", "-window", s.win, path) // the window's canvas, not the screen
	grab.Env = s.env()
	if out, err := grab.CombinedOutput(); err != nil {
		s.t.Logf("no screenshot of the window: %v %s", err, out)
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		s.t.Logf("no screenshot to look at: %v", err)
		return false
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		s.t.Logf("screenshot %s: %v", path, err)
		return false
	}
	st := s.state()
	top := int(fs.Ring.Y * st.Scale) // its line is 2 units from there: look a little above and below
	from, to := int((fs.Ring.X+8)*st.Scale), int((fs.Ring.X+fs.Ring.W-8)*st.Scale)
	match, all := 0, 0
	for x := from; x < to; x++ {
		all++
		for y := top - 1; y <= top+2; y++ {
			if near(img.At(x, y), fs.RingColor) {
				match++
				break
			}
		}
	}
	if all == 0 || match*10 < all*8 {
		var seen []string
		for y := top - 3; y <= top+4; y++ {
			r, g, b, _ := img.At(from+10, y).RGBA()
			seen = append(seen, fmt.Sprintf("%d:(%d,%d,%d)", y, r>>8, g>>8, b>>8))
		}
		s.t.Logf("the ring at %+v (colour %v) matches %d of %d pixels of its top edge; at x=%d: %s", fs.Ring, fs.RingColor,
			match, all, from+10, strings.Join(seen, " "))
		return false
	}
	return true
}

// near says whether a pixel is colour c, give or take the blending of a line's edge.
func near(px color.Color, c [3]uint8) bool {
	r, g, b, _ := px.RGBA()
	d := func(got uint32, want uint8) float64 { return float64(got>>8) - float64(want) }
	return math.Sqrt(d(r, c[0])*d(r, c[0])+d(g, c[1])*d(g, c[1])+d(b, c[2])*d(b, c[2])) < 60
}

// checkQuitKeepsDraft opens a new conversation of the workspace with Ctrl+N, types a draft in
// its box as a person does, quits with Ctrl+Q, starts the app again on the same data and checks
// that the app ended on Ctrl+Q and that the draft is back in the box.
func (s *session) checkQuitKeepsDraft() {
	s.unfocus()
	s.key("ctrl+n")
	st, ok := s.waitState(10*time.Second, func(st State) bool { return st.ModelTier == "" && st.Turns == 0 })
	if !ok {
		s.t.Fatalf("Ctrl+N showed no new workspace conversation (tier %q, %d turns)", st.ModelTier, st.Turns)
	}
	if err := s.ask("focus", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
	s.xdotool("type", "--window", s.win, "--delay", "20", draft)
	if st, ok := s.waitState(5*time.Second, func(st State) bool { return st.Question == draft }); !ok {
		s.t.Fatalf("the box holds %q after typing", st.Question)
	}
	s.keyClosing(s.win, "ctrl+q")
	select {
	case <-s.exited:
		s.check("ctrl-q-quits", true, "the app ended after Ctrl+Q")
	case <-time.After(5 * time.Second):
		s.check("ctrl-q-quits", false, "5 s after Ctrl+Q the app still runs")
		s.ask("quit", nil, 10*time.Second)
		<-s.exited
	}
	s.restart()
	st, ok = s.waitState(10*time.Second, func(st State) bool { return st.Question == draft })
	s.check("draft-kept", ok, "started again after Ctrl+Q, the question box holds %q (typed: %q)", st.Question, draft)
}

// checkReopenedModelChat opens the model chat made before the restart, as a click on its row
// does, and checks that every turn shown fits its row and that it shows its end, at the window's
// size and in a smaller window.
func (s *session) checkReopenedModelChat() {
	if err := s.ask("open-model-chat", nil, 15*time.Second); err != nil {
		s.t.Fatal(err)
	}
	for _, size := range [][2]int{{0, 0}, {800, 600}} {
		if size[0] > 0 {
			s.resize(size[0], size[1])
		}
		time.Sleep(time.Second) // the context meter's line comes once the draft rests
		var ts TurnsState
		if err := s.ask("turns-state", &ts, 5*time.Second); err != nil {
			s.t.Fatal(err)
		}
		st := s.state()
		s.check("reopened-model-chat-fits", ts.Turns == 3 && len(ts.Misdrawn) == 0,
			"the model chat reopened at %.0f×%.0f: %d turns, drawn wrong: %s", st.Width*st.Scale, st.Height*st.Scale,
			ts.Turns, strings.Join(ts.Misdrawn, "; "))
		s.check("reopened-model-chat-at-end", ts.AtEnd, "the model chat reopened at %.0f×%.0f shows its end: %v",
			st.Width*st.Scale, st.Height*st.Scale, ts.AtEnd)
	}
}
