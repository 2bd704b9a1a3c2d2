package cli

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// TestMain lets the test binary act as the lectern binary: with LECTERN_TEST_AS_CLI=1 it runs
// Main on the arguments after "--" and exits with its code.
func TestMain(m *testing.M) {
	if os.Getenv("LECTERN_TEST_AS_CLI") == "1" {
		if os.Getenv("LECTERN_TEST_KEYRING_MOCK") == "1" {
			keyring.MockInit() // a child started by a test never writes to the real keychain
		}
		args := os.Args[1:]
		for i, a := range args {
			if a == "--" {
				args = args[i+1:]
				break
			}
		}
		os.Exit(Main(args, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// lecternCmd returns a command running this test binary as lectern.
func lecternCmd(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), "LECTERN_TEST_AS_CLI=1")
	return cmd
}

// TestProcessDemoFlow runs lectern demo as a real process, uses it from other processes, and
// stops it with Ctrl-C (SIGINT).
func TestProcessDemoFlow(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	setup(t)
	demo := lecternCmd(t, "demo", "--addr", "127.0.0.1:0")
	out, err := demo.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := demo.Start(); err != nil {
		t.Fatal(err)
	}
	defer demo.Process.Kill()
	url, key := readDemoLines(t, bufio.NewScanner(out))
	drained := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, out); close(drained) }()
	t.Setenv("LECTERN_SERVER", url)
	t.Setenv("LECTERN_API_KEY", key)

	b, err := lecternCmd(t, "workspaces").Output()
	if err != nil || !strings.Contains(string(b), "NAME") {
		t.Fatalf("workspaces: %v\n%s", err, b)
	}
	b, err = lecternCmd(t, "ask", "My documents", "How many days of annual leave do employees get?").Output()
	if err != nil || len(strings.TrimSpace(string(b))) == 0 {
		t.Fatalf("ask: %v\n%s", err, b)
	}
	err = lecternCmd(t, "ask", "Nowhere at all", "Why?").Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Errorf("ask in an unknown workspace: %v, want exit status 2", err)
	}

	if err := demo.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { <-drained; done <- demo.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("demo after Ctrl-C: %v, want exit status 0", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("demo did not stop after Ctrl-C")
	}
}

// readDemoLines reads the demo's output until it has printed its URL and key.
func readDemoLines(t *testing.T, sc *bufio.Scanner) (url, key string) {
	t.Helper()
	reServer := regexp.MustCompile(`export LECTERN_SERVER=(\S+)`)
	reKey := regexp.MustCompile(`export LECTERN_API_KEY=(\S+)`)
	for sc.Scan() {
		line := sc.Text()
		if m := reServer.FindStringSubmatch(line); m != nil {
			url = m[1]
		}
		if m := reKey.FindStringSubmatch(line); m != nil {
			key = m[1]
		}
		if strings.Contains(line, "Ctrl-C") && url != "" && key != "" {
			return url, key
		}
	}
	t.Fatalf("the demo ended without printing its URL and key (%v)", sc.Err())
	return "", ""
}
