//go:build realwindow

package realwin

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The harness of the real-window tests: an Xvfb display with openbox, the probe binary on a fresh
// data folder, xdotool to act as a person, and the probe's line protocol to read the window.
//
// LECTERN_REALWIN_BIN names the harness binary, started as `lectern-tour probe` (make realwindow
// builds bin/lectern-tour);
// LECTERN_REALWIN_OUT the folder where screenshots of failed checks are kept (default: a folder
// under the test's temporary directory, printed with the failure).

// screenW and screenH are the display's size: room for a 1280×800 window and the drag source.
const screenW, screenH = 1920, 1080

// session is one start of the app on its own display.
type session struct {
	t       testing.TB
	display string
	out     string // screenshots folder
	home    string // the data folder and HOME of the app
	app     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string
	exited  chan error
	win     string   // the main window's X id
	python  string   // the Python that runs the drag source
	bus     string   // the session bus's address, "" for none (DBUS_SESSION_BUS_ADDRESS=disabled:)
	failed  []string // the checks that failed, named again at the end (CI shows a log's tail)
}

// needTools skips the test when a program the harness runs is not installed, and returns the
// Python with GTK 3 (python3-gi) that runs the drag source: the system's, when the python3 on
// PATH is another one.
func needTools(t testing.TB) (python string) {
	for _, tool := range []string{"Xvfb", "openbox", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("realwindow: SKIP (%s not installed; make test-deps installs it as root)", tool)
		}
	}
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(py, "-c", "import gi; gi.require_version('Gtk', '3.0')").Run() == nil {
			return py
		}
	}
	t.Skip("realwindow: SKIP (python3-gi with GTK 3 not installed; make test-deps installs it as root)")
	return ""
}

// startSession starts Xvfb and the app, and waits until the probe is ready and the main
// window is mapped. Everything is stopped when the test ends.
func startSession(t testing.TB) *session { return startSessionWith(t, nil) }

// startSessionWith is startSession with before run on the display before the app starts (after
// openbox, which runs in every session): a session bus, a tray host.
func startSessionWith(t testing.TB, before func(s *session)) *session {
	python := needTools(t)
	bin := os.Getenv("LECTERN_REALWIN_BIN")
	if bin == "" {
		t.Fatal("LECTERN_REALWIN_BIN is not set (run make realwindow)")
	}
	s := &session{t: t, python: python, home: t.TempDir(), lines: make(chan string, 64), exited: make(chan error, 1)}
	s.out = os.Getenv("LECTERN_REALWIN_OUT")
	if s.out == "" {
		s.out = filepath.Join(t.TempDir(), "screenshots")
	}
	if err := os.MkdirAll(s.out, 0o755); err != nil {
		t.Fatal(err)
	}
	s.display = startXvfb(t)
	// A window manager runs in every session, as on a person's desktop: it keeps a window at its
	// least size, so a window that needs more than 640 px fails the narrow checks.
	s.background("openbox", "--sm-disable")
	if before != nil {
		before(s)
	}
	s.startApp(bin)
	if line := s.readUntil(90*time.Second, "probe: "); line != "probe: ready" {
		t.Fatalf("the probe did not start: %q", line)
	}
	s.win = strings.TrimSpace(s.xdotool("search", "--sync", "--onlyvisible", "--name", "^Lectern$"))
	if i := strings.LastIndexByte(s.win, '\n'); i >= 0 {
		s.win = s.win[i+1:]
	}
	s.xdotool("windowmove", s.win, "0", "0")
	return s
}

// startXvfb starts a display of its own (Xvfb picks a free number and writes it to -displayfd).
func startXvfb(t testing.TB) string {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", screenW, screenH), "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	num, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("Xvfb did not start: %v", err)
	}
	return ":" + strings.TrimSpace(num)
}

// env is the environment of the programs started on the session's display: the app's data
// folder and HOME are the session's, and no keychain or session bus is reached.
func (s *session) env() []string {
	run := filepath.Join(s.home, "run")
	_ = os.MkdirAll(run, 0o700)
	bus := []string{"DBUS_SESSION_BUS_ADDRESS=disabled:"}
	if s.bus != "" { // GTK's accessibility bridge would look for a bus of its own on it: none runs
		bus = []string{"DBUS_SESSION_BUS_ADDRESS=" + s.bus, "NO_AT_BRIDGE=1"}
	}
	return append(append(os.Environ(), "DISPLAY="+s.display, "LECTERN_HOME="+filepath.Join(s.home, "lectern"),
		"HOME="+s.home, "XDG_CONFIG_HOME="+filepath.Join(s.home, "config"), "XDG_RUNTIME_DIR="+run,
		"GDK_BACKEND=x11", "LANG=C.UTF-8"), bus...)
}

// background starts a helper program on the display, stopped when the test ends.
func (s *session) background(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = s.env()
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("%s: %v", name, err)
	}
	s.t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd
}

// startApp starts the probe binary with pipes for the protocol; a session may start it again
// once it ended (a restart on the same data folder), each start cleaned up on its own.
func (s *session) startApp(bin string) {
	cmd := exec.Command(bin, "probe")
	cmd.Env = s.env()
	stderr := &tailWriter{}
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	lines, exited := make(chan string, 64), make(chan error, 1)
	s.app, s.stdin, s.lines, s.exited = cmd, stdin, lines, exited
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		exited <- cmd.Wait()
		close(exited)
	}()
	s.t.Cleanup(func() {
		_ = stdin.Close()
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
		}
		if s.t.Failed() {
			s.t.Logf("the app's last error output:\n%s", stderr.String())
			if len(s.failed) > 0 { // once, though each start of the app has this clean-up
				s.t.Logf("the checks that failed: %s", strings.Join(s.failed, "; "))
				s.failed = nil
			}
		}
	})
}

// restart starts the app again on the session's display and data folder, once the last start
// ended, and waits until the probe is ready and the window is mapped, as startSession does.
func (s *session) restart() {
	bin := os.Getenv("LECTERN_REALWIN_BIN")
	s.startApp(bin)
	if line := s.readUntil(90*time.Second, "probe: "); line != "probe: ready" {
		s.t.Fatalf("the probe did not start again: %q", line)
	}
	s.win = strings.TrimSpace(s.xdotool("search", "--sync", "--onlyvisible", "--name", "^Lectern$"))
	if i := strings.LastIndexByte(s.win, '\n'); i >= 0 {
		s.win = s.win[i+1:]
	}
	s.xdotool("windowmove", s.win, "0", "0")
}

// readUntil returns the probe's next line that starts with one of prefixes (the start-up trace's
// lines are passed over), or "" when the app ended or timeout passed.
func (s *session) readUntil(timeout time.Duration, prefixes ...string) string {
	deadline := time.After(timeout)
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				return ""
			}
			for _, p := range prefixes {
				if strings.HasPrefix(line, p) {
					return line
				}
			}
		case <-deadline:
			return ""
		}
	}
}

// ask sends a command and decodes the probe's "ok" answer into v (when not nil).
func (s *session) ask(cmd string, v any, timeout time.Duration) error {
	if _, err := fmt.Fprintln(s.stdin, cmd); err != nil {
		return fmt.Errorf("%s: the app is gone: %v", cmd, err)
	}
	line := s.readUntil(timeout, "ok ", "error ")
	data, ok := strings.CutPrefix(line, "ok ")
	if !ok {
		return fmt.Errorf("%s: the probe answered %q", cmd, line)
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal([]byte(data), v)
}

// state returns the window's State.
func (s *session) state() State {
	var st State
	if err := s.ask("state", &st, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	return st
}

// waitState polls the State until cond holds (true) or timeout passes (false, the last State).
func (s *session) waitState(timeout time.Duration, cond func(State) bool) (State, bool) {
	return poll(timeout, s.state, cond)
}

// poll reads v with read until cond holds (true) or timeout passes (false, the last v read).
func poll[T any](timeout time.Duration, read func() T, cond func(T) bool) (T, bool) {
	deadline := time.Now().Add(timeout)
	for {
		v := read()
		if cond(v) {
			return v, true
		}
		if time.Now().After(deadline) {
			return v, false
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// xdotool runs xdotool on the display and returns its output.
func (s *session) xdotool(args ...string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = s.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		s.t.Fatalf("xdotool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// key presses keys (xdotool key names, such as Tab or ctrl+l) in the main window, one at a time,
// and gives the app a moment to handle each.
func (s *session) key(keys ...string) {
	for _, k := range keys {
		s.xdotool("key", "--window", s.win, k)
		time.Sleep(80 * time.Millisecond)
	}
}

// keyClosing presses keys (such as ctrl+w or Escape) that close window win, as a person does: win
// takes the keyboard, and the keys go to the window that has it (XTEST). Not with xdotool's
// --window, which sends each event to win: once win is gone, the release of a key finds no
// window, xdotool stops on BadWindow, and the keys it pressed stay down on the X server. Settings'
// Ctrl and W held down that way made the main window's Ctrl+W after it come to nothing, or the
// W's autorepeat closed the main window unasked (ctrl-w-closes-after-settings, at random).
func (s *session) keyClosing(win, keys string) {
	s.xdotool("windowfocus", "--sync", win)
	s.xdotool("key", keys)
}

// resize gives the main window the size w×h in pixels and waits until its canvas has it. The
// size is asked again when it has not come within two seconds: right after the window first
// maps, the window manager may still be placing it and answer the request with the old size.
func (s *session) resize(w, h int) State {
	var st State
	ok := false
	for try := 0; try < 3 && !ok; try++ {
		if try > 0 {
			s.t.Logf("the canvas is %.0f×%.0f two seconds after asking %d×%d: asking again", st.Width, st.Height, w, h)
		}
		s.xdotool("windowsize", s.win, strconv.Itoa(w), strconv.Itoa(h))
		st, ok = s.waitState(2*time.Second, func(st State) bool {
			return int(st.Width*st.Scale+0.5) == w && int(st.Height*st.Scale+0.5) == h
		})
	}
	if !ok {
		s.t.Fatalf("the canvas is %.0f×%.0f (scale %.2f) after resizing the window to %d×%d", st.Width, st.Height, st.Scale, w, h)
	}
	time.Sleep(300 * time.Millisecond) // the layout settles in the frame after the resize
	return s.state()
}

// pointAt returns the window coordinates, in pixels, of the centre of r.
func pointAt(r Rect, scale float32) (x, y int) {
	return int((r.X + r.W/2) * scale), int((r.Y + r.H/2) * scale)
}

// screenshot saves the whole screen as name.png in the session's folder and returns its path.
func (s *session) screenshot(name string) string {
	path := filepath.Join(s.out, name+".png")
	cmd := exec.Command("import", "-window", "root", path)
	cmd.Env = s.env()
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Sprintf("(no screenshot: %v %s)", err, out)
	}
	return path
}

// tailWriter keeps the last 4 KiB written to it.
type tailWriter struct{ b []byte }

func (w *tailWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	if len(w.b) > 4096 {
		w.b = w.b[len(w.b)-4096:]
	}
	return len(p), nil
}

func (w *tailWriter) String() string { return string(w.b) }
