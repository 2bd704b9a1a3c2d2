//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildLectern builds the real binary once per test run (cgo, cached by go build).
func buildLectern(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "lectern")
	out, err := exec.Command("go", "build", "-tags", "migrated_fynedo", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runDesktopBinary starts bin with no arguments (the desktop app) with env changed as given ("NAME"
// alone removes the variable), and returns its exit code and stderr; when it still runs after d,
// it returns -1 and what stderr held at d, then stops it (what an X server going away makes it
// print after that is not the start's).
func runDesktopBinary(t *testing.T, bin string, d time.Duration, wrap []string, env ...string) (int, string) {
	t.Helper()
	args := append(wrap, bin)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = environ(t, env)
	// The binary, and Xvfb under xvfb-run, run in a process group of their own: stopping the test
	// stops all of them.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 5 * time.Second
	// stderr goes to a file the process writes itself: it can be read at any time.
	stderr, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer stderr.Close()
	read := func() string { b, _ := os.ReadFile(stderr.Name()); return string(b) }
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), read()
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, read()
	case <-time.After(d):
		at := read()
		stopGroup(cmd.Process.Pid)
		<-done
		return -1, at
	}
}

// stopGroup ends process group pgid: SIGTERM, then SIGKILL after 5 s, and returns once no process
// of it is left (none then writes into the test's folders).
func stopGroup(pgid int) {
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	start := time.Now()
	for syscall.Kill(-pgid, 0) == nil && time.Since(start) < 10*time.Second {
		if time.Since(start) > 5*time.Second {
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// environ is the test's environment with env applied ("NAME=value" sets, "NAME" removes), a
// fresh LECTERN_HOME and HOME, and no LECTERN_DEBUG.
func environ(t *testing.T, env []string) []string {
	vars := map[string]string{"LECTERN_HOME": t.TempDir(), "HOME": t.TempDir(), "LECTERN_DEBUG": ""}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	var out []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !has(vars, k) {
			out = append(out, kv)
		}
	}
	for k, v := range vars {
		if v != "" {
			out = append(out, k+"="+v)
		}
	}
	return out
}

func has(m map[string]string, k string) bool { _, ok := m[k]; return ok }

// assertOneSentence fails unless stderr is one line with want and no Go trace.
func assertOneSentence(t *testing.T, stderr, want string) {
	t.Helper()
	if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, `"lectern help"`) ||
		strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
		t.Fatalf("stderr is not one sentence with %q:\n%s", want, stderr)
	}
}

// TestDesktopWithoutDisplay: `lectern` over SSH (DISPLAY and WAYLAND_DISPLAY unset) says in one
// sentence that the desktop app needs a display and where the other commands are: exit 2, no
// GLFW error, no Go trace. A display that cannot be opened (a failure inside Fyne's driver at
// start) ends the same way.
func TestDesktopWithoutDisplay(t *testing.T) {
	bin := buildLectern(t)
	code, stderr := runDesktopBinary(t, bin, time.Minute, nil, "DISPLAY", "WAYLAND_DISPLAY")
	if code != 2 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	assertOneSentence(t, stderr, "the desktop app needs a display")
	code, stderr = runDesktopBinary(t, bin, time.Minute, nil, "DISPLAY=:987", "WAYLAND_DISPLAY")
	if code != 2 {
		t.Fatalf("exit %d with a display that does not exist\n%s", code, stderr)
	}
	assertOneSentence(t, stderr, "could not start")
}

// TestDesktopStartIsQuiet: a normal start under Xvfb, without XDG_RUNTIME_DIR and without
// dbus-launch, prints nothing on stderr (Fyne's log lines and libwayland's complaint are not the
// user's business).
func TestDesktopStartIsQuiet(t *testing.T) {
	xvfb, err := exec.LookPath("xvfb-run")
	if err != nil {
		t.Skip("xvfb-run is not installed")
	}
	bin := buildLectern(t)
	code, stderr := runDesktopBinary(t, bin, 8*time.Second, []string{xvfb, "-a"}, "XDG_RUNTIME_DIR", "WAYLAND_DISPLAY",
		"PATH=/usr/bin:/bin")
	if strings.TrimSpace(stderr) != "" {
		t.Fatalf("a normal start printed (exit %d):\n%s", code, stderr)
	}
}
