//go:build realwindow

package realwin

import (
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"lectern/ui/internal/tour"
)

// checkStates streams issue 36's answer (long prose, a code block of short lines, one wider than
// the window, Arabic) and checks with a real wheel and a real click what the issue saw: the wheel
// over a code block scrolls the conversation, except over one that scrolls sideways; one click in
// an answer paints nothing, in the light and the dark theme. It saves a screenshot of each theme
// (states-light.png, states-dark.png) for a person to look at.
func (s *session) checkStates() {
	if err := s.ask("stream "+tour.StressQuestionStates, nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for a := s.answer(); !a.Finished; a = s.answer() {
		if time.Now().After(deadline) {
			s.t.Fatalf("the answer was not shown whole within 2 minutes: %d of %d bytes", a.Length, a.Want)
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // the closed fences are built again, highlighted
	s.checkWheelOverCode()
	for _, theme := range []string{"light", "dark"} {
		if err := s.ask("theme "+theme, nil, 10*time.Second); err != nil {
			s.t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		s.checkClickPaintsNothing(theme)
	}
}

// showCode scrolls the newest answer's code block i to 40% of the conversation's height and
// returns where it is.
func (s *session) showCode(i int) Code {
	var c Code
	if err := s.ask("showcode "+strconv.Itoa(i), &c, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	return c
}

// checkWheelOverCode turns the wheel over a code block of short lines (the conversation moves) and
// over one wider than the window (its lines move sideways, the conversation stays).
func (s *session) checkWheelOverCode() {
	code := s.showCode(0)
	st := s.state()
	x, y := s.inCode(code, st)
	s.xdotool("mousemove", "--window", s.win, strconv.Itoa(x), strconv.Itoa(y))
	before := s.state().Offset
	s.xdotool("click", "--repeat", strconv.Itoa(wheelClicks), "--delay", "40", "5")
	time.Sleep(300 * time.Millisecond)
	after := s.state().Offset
	s.check("wheel-over-code", after > before,
		"%d wheel steps down over a code block of short lines at (%d, %d): the conversation's offset %.0f, then %.0f",
		wheelClicks, x, y, before, after)

	wide := s.showCode(1)
	st = s.state()
	x, y = s.inCode(wide, st)
	s.xdotool("mousemove", "--window", s.win, strconv.Itoa(x), strconv.Itoa(y))
	before = s.state().Offset
	s.xdotool("click", "--repeat", strconv.Itoa(wheelClicks), "--delay", "40", "5")
	time.Sleep(300 * time.Millisecond)
	after = s.state().Offset
	var moved Code
	if err := s.ask("code 1", &moved, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	s.check("wheel-over-wide-code", wide.Sideways >= 0 && moved.Sideways > wide.Sideways && after == before,
		"%d wheel steps over a code block wider than the window: its lines from %.0f to %.0f sideways (-1: no scroll), "+
			"the conversation's offset %.0f, then %.0f", wheelClicks, wide.Sideways, moved.Sideways, before, after)
}

// inCode is a point of the window, in pixels, over code block c where it shows in the conversation.
func (s *session) inCode(c Code, st State) (x, y int) {
	top := max(c.Block.Y, st.Conversation.Y)
	bottom := min(c.Block.Y+c.Block.H, st.Conversation.Y+st.Conversation.H)
	if bottom-top < 40 {
		s.t.Fatalf("code block %+v is not in sight in the conversation %+v", c.Block, st.Conversation)
	}
	return int((c.Block.X + c.Block.W/2) * st.Scale), int((top + (bottom-top)/2) * st.Scale)
}

// colourChange is how much a channel's mean over the conversation may change with a click that
// paints nothing (a caret or a cursor is a few pixels); the selection's colour over a whole turn
// changed it by more than ten times as much.
const colourChange = 0.004

// checkClickPaintsNothing clicks once in the prose of the newest answer and compares the
// conversation's mean colour before and after: the list painted the whole turn in the selection's
// colour (issue 36).
func (s *session) checkClickPaintsNothing(theme string) {
	code := s.showCode(0) // the paragraph's end above it, at 40% of the height
	st := s.state()
	x, y := int((st.Conversation.X+st.Conversation.W/3)*st.Scale), int((st.Conversation.Y+0.2*st.Conversation.H)*st.Scale)
	if float32(y) >= code.Block.Y*st.Scale {
		s.t.Fatalf("no prose above the code block at %+v", code.Block)
	}
	s.xdotool("mousemove", "--window", s.win, strconv.Itoa(x), strconv.Itoa(y))
	time.Sleep(400 * time.Millisecond)
	before := s.meanColour(st, "states-"+theme)
	s.xdotool("click", "--window", s.win, "1")
	time.Sleep(600 * time.Millisecond)
	after := s.meanColour(st, "click-"+theme)
	change := 0.0
	for i := range before {
		change = max(change, math.Abs(after[i]-before[i]))
	}
	s.check("click-paints-nothing-"+theme, change <= colourChange,
		"one click in the answer's prose at (%d, %d), %s theme: the conversation's mean colour %.3f → %.3f (most a channel changed: %.4f, at most %.3f)",
		x, y, theme, before, after, change, colourChange)
}

// meanColour grabs the main window as name.png in the screenshots folder and returns the mean red,
// green and blue (0 to 1) of the conversation in it.
func (s *session) meanColour(st State, name string) [3]float64 {
	path := filepath.Join(s.out, name+".png")
	grab := exec.Command("import", "-window", s.win, path)
	grab.Env = s.env()
	if out, err := grab.CombinedOutput(); err != nil {
		s.t.Fatalf("import -window %s: %v\n%s", s.win, err, out)
	}
	r := st.Conversation
	crop := fmt.Sprintf("%dx%d+%d+%d", int(r.W*st.Scale), int(r.H*st.Scale), int(r.X*st.Scale), int(r.Y*st.Scale))
	out, err := exec.Command("convert", path, "-crop", crop, "+repage", "-format", "%[fx:mean.r] %[fx:mean.g] %[fx:mean.b]", "info:").Output()
	if err != nil {
		s.t.Fatalf("convert %s: %v", path, err)
	}
	var c [3]float64
	f := strings.Fields(string(out))
	for i := range c {
		if i < len(f) {
			c[i], _ = strconv.ParseFloat(f[i], 64)
		}
	}
	return c
}
