//go:build realwindow

package realwin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// pending names the checks that wait for work not landed yet. They measure and log as the others
// do, but a failure is only logged (PENDING) unless LECTERN_REALWIN_PENDING=1; a pending check
// that passes says so, to be taken off the list. None waits today.
// Issue 34's goals, not met yet on the 2-core machine CI runs on: the stress start measures and
// logs them in make realwindow (CI); make bench-realwindow (LECTERN_REALWIN_PENDING=1) fails on
// them. The first wheel step while an answer streams is not seen in the real window yet, and the
// view goes on following the answer after it (the headless TestWheelDuringAStreamStopsFollowing
// passes): wheel-while-streaming waits for that.
var pending = map[string]bool{"echo-p95": true, "echo-max": true, "wheel-max": true, "wheel-while-streaming": true}

// Conversation share goals of issue 20: at least 70% of the window's height at the default size
// and at 1280×800, at least 55% at 640×480.
const (
	shareGoal       = 0.70
	narrowShareGoal = 0.55
)

// seedTurns is the length of the seeded conversation: more than a full window of answers.
const seedTurns = 6

// check records the outcome of one named check: a failure saves a screenshot and fails the test,
// or is logged when the check is pending.
func (s *session) check(name string, ok bool, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	switch {
	case ok && pending[name]:
		s.t.Logf("%s: PASSES now (take it off the pending list): %s", name, msg)
	case ok:
		s.t.Logf("%s: ok: %s", name, msg)
	case pending[name] && os.Getenv("LECTERN_REALWIN_PENDING") != "1":
		s.t.Logf("%s: PENDING (a goal not met yet; LECTERN_REALWIN_PENDING=1 fails on it): %s; screenshot %s", name, msg, s.screenshot(name))
	default:
		s.failed = append(s.failed, name+": "+msg)
		s.t.Errorf("%s: FAIL: %s; screenshot %s", name, msg, s.screenshot(name))
	}
}

// TestRealWindow drives the desktop app in a real window, in one start of the binary: the demo,
// the keyboard from start-up, a conversation synced in from another data folder (checkSync), a
// seeded conversation, the conversation's share of the window at
// three sizes and the documents panel fitting beside it at each, the mouse wheel, files dropped
// from a real drag source, a search in the command palette that opens a turn, a question's
// versions (Retry, Alt+Left/Right) and a comparison of two tiers, an image dropped into a new
// model chat (Ctrl+Shift+N), a PDF dropped into it, an MCP server's tool called in another after a
// click on Allow once, a conversation dragged into a project's folder (issue 31, with screenshots
// of the list, light and dark), and Ctrl+W.
func TestRealWindow(t *testing.T) {
	start := time.Now()
	s := startSession(t)
	t.Logf("the demo is shown %.1f s after the start", time.Since(start).Seconds())
	s.checkKeyboard()
	s.checkShare("share-default", s.state(), shareGoal)
	s.checkPanelFits("panel-fits-1100x700")
	if err := s.ask("select My documents", nil, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	s.checkSync()
	seeded := time.Now()
	if err := s.ask("seed "+strconv.Itoa(seedTurns), nil, 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d turns seeded in %.1f s", seedTurns, time.Since(seeded).Seconds())
	s.checkShare("share-1280x800", s.resize(1280, 800), shareGoal)
	s.checkDocumentsPanel()
	s.checkPanelFits("panel-fits-1280x800")
	s.checkWheel()
	s.checkSearch()
	s.checkVersions()
	s.checkCompare()
	s.checkDrop()
	s.checkShare("share-640x480", s.resize(640, 480), narrowShareGoal)
	s.checkPanelFits("panel-fits-640x480")
	s.checkModelDrop()
	s.checkPDFDrop()
	s.checkMCPCall()
	s.resize(1280, 1000)
	s.checkProjectDrag()
	// A 640 px wide window (nothing may overlap); 700 high: the model chat shown, with an image and
	// a PDF's card waiting to go, needs about 600 px of height, so 480 is not given.
	s.resize(640, 700)
	for _, theme := range []string{"light", "dark"} {
		if err := s.ask("theme "+theme, nil, 10*time.Second); err == nil {
			time.Sleep(400 * time.Millisecond)
			t.Logf("projects at 640×700, %s: %s", theme, s.screenshot("projects-640-"+theme))
		}
	}
	s.checkClose("ctrl-w-closes")
	t.Logf("run time %.1f s", time.Since(start).Seconds())
}

// checkShare checks the conversation's share of the window's height in st against goal.
func (s *session) checkShare(name string, st State, goal float32) {
	share := st.Conversation.H / st.Height
	s.check(name, share >= goal, "the conversation is %.0f of the window's %.0f px height at %.0f×%.0f: %.0f%% (goal ≥ %.0f%%)",
		st.Conversation.H*st.Scale, st.Height*st.Scale, st.Width*st.Scale, st.Height*st.Scale, 100*share, 100*goal)
}

// checkDocumentsPanel opens the documents panel with Ctrl+D, checks that the conversation keeps its
// share of the window's height beside it, and closes it again.
func (s *session) checkDocumentsPanel() {
	closed := s.state()
	s.key("ctrl+d")
	time.Sleep(300 * time.Millisecond)
	open := s.state()
	s.check("documents-open", open.Conversation.W < closed.Conversation.W,
		"Ctrl+D narrows the conversation from %.0f to %.0f px for the documents panel", closed.Conversation.W*closed.Scale,
		open.Conversation.W*open.Scale)
	s.checkShare("share-documents-open", open, shareGoal)
	s.key("ctrl+d")
	time.Sleep(300 * time.Millisecond)
}

// maxTabs is how many Tab presses the keyboard check tries before it gives up on the question box.
const maxTabs = 60

// checkKeyboard counts the Tab presses from start-up to the question box, then checks that Tab
// leaves it and that Ctrl+L returns to it (from wherever the focus is, or from no focus when Tab
// did not leave).
func (s *session) checkKeyboard() {
	st := s.state()
	tabs := 0
	for ; !st.QuestionBox && tabs < maxTabs; tabs++ {
		s.key("Tab")
		st = s.state()
	}
	if st.QuestionBox {
		s.t.Logf("%d Tab presses from start-up reach the question box", tabs)
		s.key("Tab")
		st = s.state()
		s.check("tab-leaves", !st.QuestionBox, "after Tab in the question box the focus is on %q", st.Focus)
	} else {
		s.check("tab-leaves", false, "%d Tab presses from start-up do not reach the question box (focus: %q)", tabs, st.Focus)
	}
	if st.QuestionBox {
		s.unfocus()
	}
	s.key("ctrl+l")
	st = s.state()
	s.check("ctrl-l-returns", st.QuestionBox, "after Ctrl+L the focus is on %q", st.Focus)
	s.unfocus()
}

// unfocus takes the focus from every widget.
func (s *session) unfocus() {
	if err := s.ask("unfocus", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
}

// wheelClicks is how many wheel steps each direction turns.
const wheelClicks = 5

// checkWheel turns the mouse wheel over the middle of the conversation, up and then down, and
// checks that its scroll offset follows.
func (s *session) checkWheel() {
	st := s.state()
	if st.Turns < seedTurns || st.Conversation.H <= 0 {
		s.t.Fatalf("the seeded conversation is not shown: %d turns in a %.0f px list", st.Turns, st.Conversation.H)
	}
	x, y := pointAt(st.Conversation, st.Scale)
	s.xdotool("mousemove", "--window", s.win, strconv.Itoa(x), strconv.Itoa(y))
	wheel := func(button string) float32 {
		s.xdotool("click", "--repeat", strconv.Itoa(wheelClicks), "--delay", "40", button)
		time.Sleep(300 * time.Millisecond)
		return s.state().Offset
	}
	before := st.Offset
	up := wheel("4")
	down := wheel("5")
	s.check("wheel", up < before && down > up, "wheel over the conversation at (%d, %d): offset %.0f, after %d steps up %.0f, after %d down %.0f",
		x, y, before, wheelClicks, up, wheelClicks, down)
}

// checkSearch types words of the seeded conversation's second question in the command palette
// (Ctrl+K), which finds that turn (no action, workspace or title holds them), presses Enter and
// checks that the conversation is shown at a turn found, marked (issue 31); the screenshot shows
// it marked.
func (s *session) checkSearch() {
	before := s.state()
	s.key("ctrl+k")
	time.Sleep(300 * time.Millisecond)
	s.xdotool("type", "--window", s.win, "--delay", "40", "remote work")
	time.Sleep(1500 * time.Millisecond) // each keystroke searches; the last search's rows come
	s.t.Logf("the palette with the turns found: %s", s.screenshot("search-palette"))
	s.key("Return")
	st, ok := s.waitState(5*time.Second, func(st State) bool { return st.Marked != 0 && st.MarkedInSight })
	shot := s.screenshot("search-opens-turn")
	s.check("search-opens-turn", ok, "Ctrl+K, “remote work”, Enter: turn %d marked and in sight %v, the turns scrolled from %.0f to %.0f; %s",
		st.Marked, st.MarkedInSight, before.Offset, st.Offset, shot)
}

// droppedFiles are the files the drag source offers: three small text files.
var droppedFiles = []string{"dropped-notes.txt", "dropped-agenda.md", "dropped-minutes.txt"}

// checkDrop drags files from a GTK window (a real XDND source) onto the conversation and checks
// that they reach the uploads.
func (s *session) checkDrop() {
	dir := s.t.TempDir()
	args := []string{"testdata/dragsource.py", "1400", "100"}
	for i, name := range droppedFiles {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(fmt.Sprintf("Dropped file %d of the real-window test.\n", i+1)), 0o644); err != nil {
			s.t.Fatal(err)
		}
		args = append(args, path)
	}
	before := s.state()
	x, y := pointAt(before.Conversation, before.Scale)
	s.drag(x, y, args...)
	st, ok := s.waitState(10*time.Second, func(st State) bool { return st.Uploads >= before.Uploads+len(droppedFiles) })
	s.check("drop", ok, "%d files dragged from a GTK window: the uploads had %d rows, now %d", len(droppedFiles), before.Uploads, st.Uploads)
}

// checkClose presses Ctrl+W in the question box, once the uploads have ended (running uploads
// ask before quitting), and checks that the app closes its window (and, that being the main
// window, ends).
func (s *session) checkClose(name string) {
	if st, ok := s.waitState(30*time.Second, func(st State) bool { return st.Running == 0 }); !ok {
		s.t.Fatalf("%d uploads still running after 30 s", st.Running)
	}
	if err := s.ask("focus", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
	s.keyClosing(s.win, "ctrl+w")
	select {
	case <-s.exited:
		s.check(name, true, "the app ended after Ctrl+W")
		return
	case <-time.After(5 * time.Second):
	}
	search := exec.Command("xdotool", "search", "--onlyvisible", "--name", "^Lectern$")
	search.Env = s.env()
	out, _ := search.Output()
	s.check(name, false, "5 s after Ctrl+W the app runs and its window is %s",
		map[bool]string{true: "still shown", false: "gone"}[strings.TrimSpace(string(out)) != ""])
	s.ask("quit", nil, 10*time.Second)
}

// drag starts the drag source (dragsource.py with args) and drags from it to (x, y) of the main
// window, in pixels, as a person does; the source is closed after the drop.
func (s *session) drag(x, y int, args ...string) {
	src := s.background(s.python, args...)
	srcWin := strings.Fields(s.xdotool("search", "--sync", "--onlyvisible", "--pid", strconv.Itoa(src.Process.Pid),
		"--name", "^Lectern drag source$"))
	from := srcWin[len(srcWin)-1]
	s.xdotool("mousemove", "--window", from, "120", "80")
	s.xdotool("mousedown", "1")
	for i := 1; i <= 10; i++ { // GTK starts a drag after the pointer moved past a threshold
		s.xdotool("mousemove", "--window", from, strconv.Itoa(120+4*i), "80")
		time.Sleep(20 * time.Millisecond)
	}
	s.xdotool("mousemove", "--window", s.win, strconv.Itoa(x), strconv.Itoa(y))
	time.Sleep(200 * time.Millisecond)
	s.xdotool("mousemove", "--window", s.win, strconv.Itoa(x), strconv.Itoa(y+10))
	time.Sleep(300 * time.Millisecond)
	s.xdotool("mouseup", "1")
	time.Sleep(300 * time.Millisecond) // the data goes to the window before the source closes
	_ = src.Process.Kill()
}
