package app

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"lectern/client/emulator"
)

// sessionEmulatorEnv makes the re-executed test binary serve the emulator of BenchmarkLongSession:
// in a process of its own, so that the heap measured is the app's, not the server's (which keeps
// every document added).
const sessionEmulatorEnv = "LECTERN_SESSION_EMULATOR"

// sessionFaults are the faults the session's emulator injects on command, each for the next ask
// and chat: a stream cut after two events, two 503s, a 429 with Retry-After 1 s on the next model
// request, a model failing after its first delta; "none" clears them, "tick" moves the clock.
var sessionFaults = map[string]emulator.Faults{
	"cut":   {CutStreamAfter: 2},
	"503":   {Fail: emulator.Failure{Status: 503, Count: 2}},
	"429":   {Fail: emulator.Failure{Status: 429, RetryAfter: time.Second, Count: 1, Route: "POST /v1/responses"}},
	"model": {ModelFail: emulator.ModelFailure{Code: "model_unavailable", AfterDeltas: 1}},
	"none":  {},
}

// TestLongSessionEmulatorChild is the session's emulator process; skipped in a normal run. Every
// delay is off and its clock is manual: each command moves it a second. It prints its URL and
// workspace, then reads commands (see sessionFaults) from stdin, answering "ok" to each.
func TestLongSessionEmulatorChild(t *testing.T) {
	if os.Getenv(sessionEmulatorEnv) == "" {
		t.Skip("the emulator process of BenchmarkLongSession")
	}
	clock := emulator.NewManualClock(time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC))
	emu := emulator.New(emulator.Config{ProcessingDelay: -1, ReadyDelay: -1, ThinkDelay: -1, StageDelay: -1,
		DeltaDelay: -1, ResetEvery: 7, Now: clock.Now, WrongKeyLimit: -1,
		Rates:  emulator.Rates{KeyPerMinute: -1, AddressPerMinute: -1, AddressPer10s: -1},
		Limits: emulator.Limits{DailyUploadsLimit: 1 << 20, WorkspaceBytesLimit: 1 << 40}})
	emu.AddKey(emulator.Key{Secret: testKey, Owner: "ann", CanAdd: true})
	ws := emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Ann's notes", Owner: "ann"})
	emu.AddDocument(ws, "holidays.txt", []byte("The office is closed on 25 December for Christmas. Leave is 27 days a year."), "ready")
	url, err := emu.ListenAndServe(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("URL", url, ws)
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() { // until the benchmark closes our stdin
		clock.Advance(time.Second)
		if f, ok := sessionFaults[in.Text()]; ok {
			emu.SetFaults(f)
		}
		fmt.Println("ok")
	}
}

// sessionEmulator is the emulator process of a long session.
type sessionEmulator struct {
	b       *testing.B
	url, ws string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	out     *bufio.Scanner
}

// startSessionEmulator starts the emulator process.
func startSessionEmulator(b *testing.B) *sessionEmulator {
	cmd := exec.Command(os.Args[0], "-test.run=^TestLongSessionEmulatorChild$", "-test.v")
	cmd.Env = append(os.Environ(), sessionEmulatorEnv+"=1")
	stdin, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	e := &sessionEmulator{b: b, cmd: cmd, stdin: stdin, out: bufio.NewScanner(out)}
	for e.out.Scan() {
		if f := strings.Fields(e.out.Text()); len(f) == 3 && f[0] == "URL" {
			e.url, e.ws = f[1], f[2]
			return e
		}
	}
	b.Fatal("the emulator process did not start")
	return nil
}

// do sends the emulator a command and waits for its "ok".
func (e *sessionEmulator) do(command string) {
	fmt.Fprintln(e.stdin, command)
	for e.out.Scan() {
		if e.out.Text() == "ok" {
			return
		}
	}
	e.b.Fatalf("the emulator process ended: %v", e.out.Err())
}

// close stops the emulator process.
func (e *sessionEmulator) close() {
	_ = e.stdin.Close()
	for e.out.Scan() { // the test's last lines, until it ends
	}
	_ = e.cmd.Wait()
}
