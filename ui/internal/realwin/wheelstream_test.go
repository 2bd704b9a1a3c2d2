//go:build realwindow

package realwin

import (
	"strconv"
	"time"

	"lectern/ui/internal/tour"
)

// wheelSteps is how many steps up the wheel turns while the answer streams.
const wheelSteps = 3

// checkWheelWhileStreaming asks the 64 KB answer again and, once it streams, turns the wheel up
// over the conversation a step at a time. It returns, for each step, the time from its send to
// the first frame on the screen showing the conversation scrolled further up (a minute when none
// did), and checks that from then on the view stays where the wheel left it while the answer
// grows and ends (issue 34: the view follows the end only while the person has not scrolled away).
func (s *session) checkWheelWhileStreaming(k *keyer) []time.Duration {
	if err := s.ask("stream "+tour.StressQuestionBig, nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	st := s.state()
	x, y := pointAt(st.Conversation, st.Scale)
	s.xdotool("mousemove", "--window", s.win, strconv.Itoa(x), strconv.Itoa(y))
	for a := s.answer(); a.Length < a.Want/4 && a.Streaming; a = s.answer() {
		time.Sleep(20 * time.Millisecond) // a quarter of the answer in: the view follows its end
	}
	k.drawn()
	if err := s.ask("watch", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
	var sent []time.Time
	for range wheelSteps {
		sent = append(sent, k.send("button 4"))
		time.Sleep(time.Duration(60+wheelSteps*10) * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // the answer grows meanwhile
	var frames []Frame
	if err := s.ask("frames", &frames, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	shown := onScreen(frames, k.drawn())
	var offs []float32
	for _, f := range frames {
		if len(offs) == 0 || offs[len(offs)-1] != f.Offset {
			offs = append(offs, f.Offset)
		}
	}
	if len(offs) > 12 {
		offs = append(offs[:6], offs[len(offs)-6:]...)
	}
	moves := make([]time.Duration, len(sent))
	for i, at := range sent {
		moves[i] = time.Minute
		before := offsetAt(frames, at.UnixNano())
		for j, f := range frames {
			if f.Painted >= at.UnixNano() && f.Offset < before && shown[j] != 0 {
				moves[i] = time.Duration(shown[j] - at.UnixNano())
				break
			}
		}
	}
	a := s.waitAnswer()
	// For a person to look at: scrolled away, Jump to latest on its line above the question box.
	s.t.Logf("wheel-while-streaming: after the answer ended, screenshot %s", s.screenshot("jump-to-latest"))
	left, end := frames[len(frames)-1].Offset, s.state().Offset
	s.check("wheel-while-streaming", a.Finished && end == left && left < offsetAt(frames, sent[0].UnixNano()),
		"%d wheel steps up while the 64 KB answer streamed: the view moved to %.0f and is at %.0f once the answer ended (%d of %d bytes shown; the offsets the frames showed: %v); each step on the screen after %v",
		wheelSteps, left, end, a.Length, a.Want, offs, moves)
	return moves
}

// offsetAt is the conversation's scroll offset in the last frame painted before t (the first
// frame's when none was).
func offsetAt(frames []Frame, t int64) float32 {
	offset := frames[0].Offset
	for _, f := range frames {
		if f.Painted >= t {
			break
		}
		offset = f.Offset
	}
	return offset
}
