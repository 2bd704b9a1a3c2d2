//go:build realwindow

package realwin

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Issue 33 in a real window, in one start of the probe app with openbox, a session bus and a tray host
// (gtk-sni-tray-standalone, a StatusNotifierItem host: Fyne's tray on Linux is one, which the
// XEmbed trays trayer and stalonetray cannot show). The later starts are the product binary,
// bin/lectern (LECTERN_REALWIN_LECTERN), on the same data folder, as a person starts it.

// secondStartWithin is how soon a second start must have handed its request over and ended.
const secondStartWithin = 2 * time.Second

// TestRealWindowAtHand checks, in one start: a plain second `lectern` brings the minimised window
// back and ends at once; `lectern quick` opens the "Quick ask" window, where a question typed
// streams its answer, Esc closes it; `lectern FILE` reaches the question of Open with Lectern;
// the tray's menu (read from the tray host's D-Bus and opened with the mouse) shows the uploads
// running; a notification, clicked, brings the window back at what it is about; with Keep running
// in the tray, Ctrl+W hides the window and a second start shows it.
func TestRealWindowAtHand(t *testing.T) {
	lectern := os.Getenv("LECTERN_REALWIN_LECTERN")
	if lectern == "" {
		t.Fatal("LECTERN_REALWIN_LECTERN is not set (run make realwindow)")
	}
	start := time.Now()
	tray := false
	var notes *notifications
	s := startSessionWith(t, func(s *session) {
		if tray = s.startTrayHost(); tray {
			notes = s.startNotifications()
		}
	})
	s.checkSecondStart(lectern)
	s.checkQuick(lectern)
	s.checkOpenFile(lectern)
	if tray {
		s.checkTray()
		s.checkNotificationClick(notes)
	}
	s.checkHiddenInTray(lectern)
	if err := s.ask("quit", nil, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	t.Logf("run time %.1f s", time.Since(start).Seconds())
}

// startTrayHost starts a session bus and the tray host on the display; false (logged) when they
// are not installed.
func (s *session) startTrayHost() bool {
	for _, tool := range []string{"dbus-daemon", "gtk-sni-tray-standalone", "dbus-send"} {
		if _, err := exec.LookPath(tool); err != nil {
			s.t.Logf("tray: SKIP (%s not installed; make test-deps installs it as root)", tool)
			return false
		}
	}
	bus := exec.Command("dbus-daemon", "--session", "--nofork", "--print-address=1")
	bus.Env = s.env()
	out, err := bus.StdoutPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	if err := bus.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { _ = bus.Process.Kill(); _ = bus.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		s.t.Fatalf("the session bus did not start: %v", err)
	}
	s.bus = strings.TrimSpace(addr)
	s.background("gtk-sni-tray-standalone", "--watcher", "--top", "--end", "--size", "32")
	return true
}

// runLectern runs bin/lectern with args on the session's display and data folder and returns how
// long it ran; it fails the check name when it did not end with 0 within secondStartWithin.
func (s *session) runLectern(name, lectern string, args ...string) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, lectern, args...)
	cmd.Env = s.env()
	began := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(began)
	s.check(name, err == nil && took < secondStartWithin, "`lectern %s` ended after %d ms (%v) %s",
		strings.Join(args, " "), took.Milliseconds(), err, strings.TrimSpace(string(out)))
}

// athand reads the probe's AtHand.
func (s *session) athand() AtHand {
	var a AtHand
	if err := s.ask("athand", &a, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	return a
}

// waitAtHand polls the AtHand until cond holds (true) or timeout passes (false, the last one).
func (s *session) waitAtHand(timeout time.Duration, cond func(AtHand) bool) (AtHand, bool) {
	return poll(timeout, s.athand, cond)
}

// visible lists the X ids of the shown windows whose title is exactly title.
func (s *session) visible(title string) []string {
	cmd := exec.Command("xdotool", "search", "--onlyvisible", "--name", "^"+title+"$")
	cmd.Env = s.env()
	out, _ := cmd.Output()
	return strings.Fields(string(out))
}

// checkSecondStart minimises the main window, starts `lectern` again and checks that it ended at
// once and that the window is back, with the keyboard.
func (s *session) checkSecondStart(lectern string) {
	for try := 0; try < 5 && len(s.visible("Lectern")) != 0; try++ { // the window manager may still be placing it
		s.xdotoolMay("windowminimize", s.win)
		time.Sleep(400 * time.Millisecond)
	}
	if v := s.visible("Lectern"); len(v) != 0 {
		s.t.Fatalf("the main window %s is still shown after minimising it (shown: %v)", s.win, v)
	}
	s.runLectern("second-start-ends", lectern)
	var active string
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if active = strings.TrimSpace(s.xdotoolMay("getactivewindow")); active == s.win && len(s.visible("Lectern")) == 1 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // the window shown again paints its next frame
	shot := s.screenshot("athand-second-start")
	s.check("second-start-forward", active == s.win && len(s.visible("Lectern")) == 1,
		"after a second start the main window is shown %v and active %v (active window %s); %s",
		len(s.visible("Lectern")) == 1, active == s.win, active, shot)
}

// checkQuick starts `lectern quick`, checks the window's title, types a question in it as a person
// does, watches the answer stream in, and closes the window with Esc.
func (s *session) checkQuick(lectern string) {
	s.runLectern("quick-start-ends", lectern, "quick")
	a, ok := s.waitAtHand(5*time.Second, func(a AtHand) bool { return a.QuickOpen })
	ids := s.visible("Quick ask")
	s.check("quick-title", ok && a.QuickTitle == "Quick ask" && len(ids) == 1,
		"after `lectern quick` the window titled %q is open %v (%d shown by that title; targets %q)", a.QuickTitle, ok, len(ids),
		a.QuickTargets)
	if len(ids) != 1 {
		return
	}
	quick := ids[0]
	a, _ = s.waitAtHand(3*time.Second, func(a AtHand) bool { return a.QuickFocused })
	s.check("quick-keyboard", a.QuickFocused, "the Quick ask window opens with the keyboard in its question box")
	s.xdotool("type", "--window", quick, "--delay", "15", questions[0])
	s.xdotool("key", "--window", quick, "Return")
	streamed := ""
	a, ok = s.waitAtHand(30*time.Second, func(a AtHand) bool {
		if a.QuickStreamed && a.QuickAnswer != "" && streamed == "" {
			streamed = a.QuickAnswer
			s.screenshot("athand-quick-streaming")
		}
		return !a.QuickStreamed && a.QuickAnswer != ""
	})
	shot := s.screenshot("athand-quick-answered")
	s.check("quick-streams", ok && streamed != "" && len(a.QuickAnswer) > len(streamed) && a.QuickConv != 0,
		"typed %q in the Quick ask window: %d characters shown while streaming, %d at the end, saved as conversation %d; %s",
		questions[0], len(streamed), len(a.QuickAnswer), a.QuickConv, shot)
	s.keyClosing(quick, "Escape")
	a, ok = s.waitAtHand(3*time.Second, func(a AtHand) bool { return !a.QuickOpen })
	s.check("quick-esc-closes", ok && len(s.visible("Quick ask")) == 0, "Esc in the Quick ask window closes it")
}

// checkOpenFile starts `lectern FILE` and checks that the window asks what to do with the file.
func (s *session) checkOpenFile(lectern string) {
	path := filepath.Join(s.t.TempDir(), "opened-notes.txt")
	if err := os.WriteFile(path, []byte("Notes opened with Lectern from a file manager.\n"), 0o644); err != nil {
		s.t.Fatal(err)
	}
	s.runLectern("open-file-start-ends", lectern, path)
	a, ok := s.waitAtHand(5*time.Second, func(a AtHand) bool { return a.OpenAsked != "" })
	shot := s.screenshot("athand-open-with")
	s.check("open-file-asks", ok && strings.Contains(a.OpenAsked, "opened-notes.txt"),
		"after `lectern %s` the window asks %q; %s", filepath.Base(path), a.OpenAsked, shot)
	s.key("Escape")
	if _, ok := s.waitAtHand(3*time.Second, func(a AtHand) bool { return a.OpenAsked == "" }); !ok {
		s.t.Log("the Open with Lectern question did not close on Esc")
	}
}

// trayFiles is how many files are added for the tray check: more than are sent at once, so that
// the menu lists several states.
const trayFiles = 6

// checkTray adds files and checks that the tray's menu, as the tray host reads it over D-Bus,
// lists their progress; then opens the menu with the mouse for the screenshot.
func (s *session) checkTray() {
	dir := s.t.TempDir()
	var paths []string
	for i := 1; i <= trayFiles; i++ {
		p := filepath.Join(dir, fmt.Sprintf("tray-upload-%d.txt", i))
		if err := os.WriteFile(p, []byte(fmt.Sprintf("Upload %d, listed in the tray while it runs.\n", i)), 0o644); err != nil {
			s.t.Fatal(err)
		}
		paths = append(paths, p)
	}
	if err := s.ask("add "+strings.Join(paths, "\t"), nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	var menu string
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && !uploadLine(menu) {
		menu = s.trayMenuOverDBus()
		time.Sleep(100 * time.Millisecond)
	}
	shot := "(no tray icon found)"
	if x, y, ok := s.trayIcon(); ok {
		s.xdotool("mousemove", strconv.Itoa(x), strconv.Itoa(y))
		// The host sizes its menu when it opens it: opened again, it holds the lines added meanwhile.
		for range 2 {
			s.xdotool("click", "3")
			time.Sleep(500 * time.Millisecond)
			shot = s.screenshot("athand-tray-menu")
			s.xdotool("key", "Escape")
			time.Sleep(200 * time.Millisecond)
		}
	}
	s.check("tray-upload-progress", uploadLine(menu), "the tray menu read over D-Bus while %d files upload: %s; %s",
		trayFiles, menu, shot)
}

// uploadLine reports whether the menu's labels hold an upload on its way.
func uploadLine(menu string) bool {
	for _, w := range []string{"Uploading tray-upload-", "Reading tray-upload-", "Waiting to upload tray-upload-"} {
		if strings.Contains(menu, w) {
			return true
		}
	}
	return false
}

// trayMenuOverDBus reads the labels of the app's tray menu as a tray host does: the dbusmenu
// layout of its StatusNotifierItem (org.kde.StatusNotifierItem-PID-1, /StatusNotifierItem/menu).
func (s *session) trayMenuOverDBus() string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "dbus-send", "--session", "--print-reply",
		"--dest=org.kde.StatusNotifierItem-"+strconv.Itoa(s.app.Process.Pid)+"-1", "/StatusNotifierItem/menu",
		"com.canonical.dbusmenu.GetLayout", "int32:0", "int32:-1", "array:string:label")
	cmd.Env = s.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Sprintf("(dbus-send: %v %s)", err, strings.TrimSpace(string(out)))
	}
	var labels []string
	label := false // the line before was the key "label" of an item's properties
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(line, "variant"); ok && label {
			if l, ok := strings.CutPrefix(strings.TrimSpace(v), "string "); ok && l != `""` {
				labels = append(labels, strings.Trim(l, `"`))
			}
		}
		label = line == `string "label"`
	}
	return strconv.Quote(strings.Join(labels, " | "))
}

// trayIcon is where the tray host shows the app's icon: the last 32-pixel cell at the end of its
// bar along the top of the screen (where its menu opens downwards, with room to show it whole).
func (s *session) trayIcon() (x, y int, ok bool) {
	cmd := exec.Command("xdotool", "search", "--onlyvisible", "--class", "gtk-sni-tray-standalone")
	cmd.Env = s.env()
	out, _ := cmd.Output()
	ids := strings.Fields(string(out))
	if len(ids) == 0 {
		return 0, 0, false
	}
	geo := s.xdotool("getwindowgeometry", "--shell", ids[len(ids)-1])
	vals := map[string]int{}
	for _, line := range strings.Split(geo, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			vals[k], _ = strconv.Atoi(v)
		}
	}
	return vals["X"] + vals["WIDTH"] - 16, vals["Y"] + vals["HEIGHT"]/2, vals["WIDTH"] > 0
}

// checkHiddenInTray turns Keep running in the tray on, closes the window with Ctrl+W (it hides,
// the app goes on), and starts `lectern` again, which shows it.
func (s *session) checkHiddenInTray(lectern string) {
	if err := s.ask("keepintray on", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
	if err := s.ask("focus", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
	s.keyClosing(s.win, "ctrl+w")
	time.Sleep(500 * time.Millisecond)
	hidden := len(s.visible("Lectern")) == 0
	st := s.state() // the app answers: it runs on
	s.check("close-keeps-running", hidden && st.Open, "with Keep running in the tray, Ctrl+W hides the window (%v) and the app runs on (%v)",
		hidden, st.Open)
	s.runLectern("hidden-start-ends", lectern)
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) && len(s.visible("Lectern")) == 0 {
		time.Sleep(100 * time.Millisecond)
	}
	info := exec.Command("xwininfo", "-id", s.win)
	info.Env = s.env()
	out, _ := info.CombinedOutput()
	state := "unknown"
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "Map State: "); ok {
			state = v
		}
	}
	s.check("start-shows-hidden", len(s.visible("Lectern")) == 1, "a start shows the window hidden in the tray again (its map state: %s)", state)
	if err := s.ask("keepintray off", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
}
