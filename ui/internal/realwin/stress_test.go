//go:build realwindow

package realwin

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"lectern/ui/internal/tour"
)

// BenchmarkRealWindowStress is the real window's stress start (make realwindow runs it once,
// -benchtime 1x): it starts the app on its own display, connects it to the stress server and
// checks issue 24's long name and big answers (checkStress), times the question box's echo of keys
// typed while they stream (issue 34), issue 36's answer (checkStates), checks that Settings follows
// the theme (checkSettingsTheme),
// then closes the window with Ctrl+W (issue 20: after a switch of server the window was seen to
// stay open).
//
// echo-p95-ms and echo-max-ms are over the 80 keys typed at random moments while the 64 KB answer
// and the 1 MB line stream, from each key's send to the X server to the first frame with it in the
// box on the screen (see frameWatch and onScreen): the benchmark fails when they miss issue 34's
// goals. wheel-max-ms is the longest of three wheel steps' way to the screen while the 64 KB
// answer streams again (checkWheelWhileStreaming).
func BenchmarkRealWindowStress(b *testing.B) {
	start := time.Now()
	s := startSession(b)
	echoes, wheel := s.checkStress()
	p95, longest := percentile(echoes, 95), percentile(echoes, 100)
	b.ReportMetric(ms(p95), "echo-p95-ms")
	b.ReportMetric(ms(longest), "echo-max-ms")
	b.ReportMetric(ms(percentile(wheel, 100)), "wheel-max-ms")
	s.check("wheel-max", percentile(wheel, 100) <= echoMaxGoal, "%.1f ms over %d wheel steps (a frame, as a key's: ≤ %.0f ms)",
		ms(percentile(wheel, 100)), len(wheel), ms(echoMaxGoal))
	s.check("echo-p95", p95 <= echoP95Goal, "%.1f ms over %d keys (goal ≤ %.0f ms)", ms(p95), len(echoes), ms(echoP95Goal))
	s.check("echo-max", longest <= echoMaxGoal, "%.1f ms over %d keys (goal ≤ %.0f ms)", ms(longest), len(echoes), ms(echoMaxGoal))
	s.checkStates()
	s.checkSettingsTheme()
	// The app now runs on a server it switched to: Ctrl+W must still close its window.
	s.checkClose("ctrl-w-closes-after-settings")
	b.Logf("run time %.1f s", time.Since(start).Seconds())
}

// checkStress connects the app to the stress server (issue 24): a workspace of a 2,000-character
// name must not make the window taller than the screen, and the 64 KB answer in 5,000 deltas and
// the answer of one 1 MB line must be shown whole. It returns the echoes of the keys typed in the
// question box while they stream (echoes; each answer's are logged), and how long each step of the
// wheel turned while the 64 KB answer streams took to reach the screen (checkWheelWhileStreaming).
// Last, a click in that answer streaming again must leave the keyboard in the question box
// (checkClickKeepsTheKeyboard).
func (s *session) checkStress() (echoes, wheel []time.Duration) {
	if err := s.ask("stress", nil, time.Minute); err != nil {
		s.t.Fatal(err)
	}
	s.resize(1280, 800)
	s.checkLongName()
	if err := s.ask("select My documents", nil, 30*time.Second); err != nil {
		s.t.Fatal(err)
	}
	// The window opens the workspace's last conversation a moment after selecting it; an answer
	// asked before that would be left to stream in the background, unseen.
	time.Sleep(time.Second)
	s.xdotool("windowfocus", "--sync", s.win) // the keyer's keys go to the focused window
	k := s.startKeyer()
	k.watch(s.win)
	for _, q := range []struct{ name, question string }{
		{"stream-64k", tour.StressQuestionBig}, {"stream-long-line", tour.StressQuestionLine}} {
		e := s.echoes(k, q.name, q.question)
		s.t.Logf("%s: echo of %d keys: median %.1f ms, p95 %.1f ms, max %.1f ms", q.name, len(e),
			ms(percentile(e, 50)), ms(percentile(e, 95)), ms(percentile(e, 100)))
		echoes = append(echoes, e...)
	}
	wheel = s.checkWheelWhileStreaming(k)
	s.checkClickKeepsTheKeyboard(k)
	return echoes, wheel
}

// geometry reads the main window's size in pixels, as the window manager has it.
var geometry = regexp.MustCompile(`Geometry: (\d+)x(\d+)`)

// checkLongName selects the workspace of a 2,000-character name and checks that the window is
// still within the screen's height.
func (s *session) checkLongName() {
	if err := s.ask("select "+tour.LongWorkspaceName, nil, 30*time.Second); err != nil {
		s.t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // a window that grows does so in the frames after
	m := geometry.FindStringSubmatch(s.xdotool("getwindowgeometry", s.win))
	if m == nil {
		s.t.Fatal("xdotool getwindowgeometry: no geometry")
	}
	w, _ := strconv.Atoi(m[1])
	h, _ := strconv.Atoi(m[2])
	s.check("long-name-fits", h <= screenH, "with the workspace of a %d-character name shown the window is %d×%d on a %d×%d screen",
		len(tour.LongWorkspaceName), w, h, screenW, screenH)
}
