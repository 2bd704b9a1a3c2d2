//go:build realwindow

package realwin

import (
	"strconv"
	"time"

	"lectern/ui/internal/tour"
)

// checkClickKeepsTheKeyboard asks the 64 KB answer again and, while it streams, with a draft in the
// question box, clicks once in the answer's text (XTEST, as a hand does) and types a key: a click
// in read-only text leaves the keyboard in the question box, so the key goes on the draft (it
// used to take the keyboard away, and the keys typed after it went nowhere).
func (s *session) checkClickKeepsTheKeyboard(k *keyer) {
	if err := s.ask("stream "+tour.StressQuestionBig, nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	if err := s.ask("focus", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
	k.send("key d") // a draft, which the click must leave
	for a := s.answer(); a.Length < a.Want/4 && a.Streaming; a = s.answer() {
		time.Sleep(20 * time.Millisecond) // a quarter of the answer in, the rest streams on
	}
	// The key may still be on its way (a loaded machine): the draft is what the box shows once it came.
	st, _ := s.waitState(2*time.Second, func(st State) bool { return st.Question != "" })
	draft := len(st.Question)
	x, y := int((st.Conversation.X+st.Conversation.W/3)*st.Scale), int((st.Conversation.Y+0.2*st.Conversation.H)*st.Scale)
	s.xdotool("mousemove", "--window", s.win, strconv.Itoa(x), strconv.Itoa(y))
	k.send("button 1")
	time.Sleep(100 * time.Millisecond)
	after := s.state()
	k.send("key x")
	typed, ok := s.waitState(2*time.Second, func(st State) bool { return len(st.Question) > draft })
	streaming := s.answer().Streaming
	s.waitAnswer()
	s.check("click-keeps-the-keyboard", draft > 0 && after.QuestionBox && ok && len(typed.Question) == draft+1,
		"a click in the streaming answer at (%d, %d) (still streaming after the key: %v): the keyboard is then in %q (the question box: %v), and a key typed after it makes the draft %d → %d characters",
		x, y, streaming, after.Focus, after.QuestionBox, draft, len(typed.Question))
}
