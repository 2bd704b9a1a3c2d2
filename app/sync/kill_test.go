package sync

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"lectern/app/store"
	"lectern/internal/procs"
)

// The environment of the child process of TestSyncKilledRoundLosesNothing: the database it
// syncs, the target folder, and the target operation after which it kills itself (none: the
// parent kills it after a random time).
const (
	killDBEnv     = "LECTERN_SYNC_KILL_DB"
	killTargetEnv = "LECTERN_SYNC_KILL_TARGET"
	killAfterEnv  = "LECTERN_SYNC_KILL_AFTER"
)

func TestMain(m *testing.M) {
	if os.Getenv(killDBEnv) != "" {
		killChild()
		return
	}
	os.Exit(m.Run())
}

// killClock is the child's and the parent's clock for the killed data folder: never the day
// the test runs; the hybrid logical clock's counter orders what happens within it.
func killClock() time.Time { return epoch }

// killChild does one round of the data folder at killDBEnv to the folder at killTargetEnv,
// printing "round" when it starts; with killAfterEnv n it kills itself (SIGKILL) as soon as
// its target has answered n calls.
func killChild() {
	ctx := context.Background()
	st, err := store.Open(ctx, os.Getenv(killDBEnv), killClock)
	if err != nil {
		fmt.Println("open-error", err)
		os.Exit(2)
	}
	var target Target = Folder{Dir: os.Getenv(killTargetEnv)}
	if n, err := strconv.Atoi(os.Getenv(killAfterEnv)); err == nil {
		target = &killingTarget{Target: target, after: n}
	}
	fmt.Println("round")
	_, err = Round(ctx, Options{Store: st, Target: target, Passphrase: testPassphrase, WorkFactor: testWorkFactor})
	fmt.Println("done", err)
	os.Exit(0)
}

// killingTarget kills its own process with SIGKILL once the target has answered after calls:
// a crash exactly between two of a round's steps (a batch written, its manifest not yet).
type killingTarget struct {
	Target
	after, calls int
}

func (k *killingTarget) step() {
	if k.calls == k.after {
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
	}
	k.calls++
}

func (k *killingTarget) List(ctx context.Context, dir string) ([]Entry, error) {
	k.step()
	e, err := k.Target.List(ctx, dir)
	return e, err
}

func (k *killingTarget) Read(ctx context.Context, path string) ([]byte, error) {
	k.step()
	return k.Target.Read(ctx, path)
}

func (k *killingTarget) Write(ctx context.Context, path string, data []byte) error {
	k.step()
	err := k.Target.Write(ctx, path, data)
	k.step() // after the write too: the crash between a batch's write and its manifest's
	return err
}

// Fifty times: the data folder A gains a turn and device B another (B syncs), then A's round
// is killed (kill -9) either at a random moment or right after one of the target's calls; a
// whole round of A must then complete with no problem, and once B syncs too, both hold every
// turn exactly once, the same, and the target holds no batch that no manifest lists and no
// temporary file.
func TestSyncKilledRoundLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("kills child processes")
	}
	ctx := context.Background()
	dbA := filepath.Join(t.TempDir(), store.DatabaseFile)
	dir := t.TempDir()
	target := Folder{Dir: dir}
	b := newDevice(t, epoch)
	convB := b.conversation("B's", "b 0")
	a := openKilled(t, dbA)
	convA := a.conversation("A's", "a 0").ID
	a.st.Close()
	killed := 0
	const rounds = 50
	for i := 1; i <= rounds; i++ {
		a = openKilled(t, dbA)
		a.turn(convA, fmt.Sprintf("a %d", i))
		a.st.Close()
		b.at(i).turn(convB.ID, fmt.Sprintf("b %d", i))
		b.sync(target)

		after := -1 // a random moment
		if i%2 == 0 {
			after = (i / 2) % 8
		}
		if killSyncChild(t, dbA, dir, after) {
			killed++
		}

		a = openKilled(t, dbA)
		if res, err := Round(ctx, a.options(target)); err != nil || len(res.Problems) > 0 {
			t.Fatalf("round %d: the round after the kill: %v %q", i, err, res.Problems)
		}
		b.sync(target)
		for name, d := range map[string]*device{"A": a, "B": b} {
			if n := d.count("SELECT count(*) FROM turns"); n != 2*(i+1) {
				t.Fatalf("round %d: %s holds %d turns, want %d", i, name, n, 2*(i+1))
			}
			if n := d.count("SELECT count(DISTINCT question) FROM turns"); n != 2*(i+1) {
				t.Fatalf("round %d: %s holds %d distinct questions, want %d (one lost and one doubled?)", i, name, n, 2*(i+1))
			}
		}
		if da, db := a.dump(), b.dump(); da != db {
			t.Fatalf("round %d: A and B differ:\nA:\n%s\nB:\n%s", i, da, db)
		}
		a.st.Close()
		checkTargetClean(t, i, dir)
	}
	if killed < rounds/2 {
		t.Fatalf("only %d of %d rounds were killed before they ended", killed, rounds)
	}
	t.Logf("%d of %d rounds killed before they ended", killed, rounds)
}

// openKilled opens the killed data folder in this process (the child has ended).
func openKilled(t *testing.T, path string) *device {
	t.Helper()
	d := &device{t: t, now: epoch}
	st, err := store.Open(context.Background(), path, killClock)
	if err != nil {
		t.Fatal(err)
	}
	d.st = st
	return d
}

// roundTook is how long the last child round that was not killed in time took.
var roundTook = 250 * time.Millisecond

// killSyncChild runs a round of the data folder at db in a child process and kills it: after
// target call after, or (after < 0) at a random moment of the round. It tells whether the
// child was killed before it ended the round.
func killSyncChild(t *testing.T, db, dir string, after int) bool {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	// GORACE: a race-built child otherwise sleeps a second at exit (the detector's atexit_sleep_ms).
	cmd.Env = append(os.Environ(), killDBEnv+"="+db, killTargetEnv+"="+dir, "GORACE=atexit_sleep_ms=0 "+os.Getenv("GORACE"))
	if after >= 0 {
		cmd.Env = append(cmd.Env, killAfterEnv+"="+strconv.Itoa(after))
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := procs.Lines(stdout)
	var out []string
	var began time.Time
	if after < 0 {
		if l, ok := <-lines; ok { // "round": the round starts now
			out, began = append(out, l), time.Now()
			// A moment within a round as long as the last one that ended (a race build's round
			// takes 50 to 300 ms, another's a few ms), so that most are killed on any machine.
			time.Sleep(time.Duration(rand.Int64N(int64(roundTook))))
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
	}
	for l := range lines {
		out = append(out, l)
	}
	_ = cmd.Wait()
	if !began.IsZero() && strings.HasPrefix(out[len(out)-1], "done") {
		roundTook = time.Since(began)
	}
	for _, l := range out {
		if strings.Contains(l, "error") || strings.HasPrefix(l, "done") && l != "done <nil>" {
			t.Fatalf("child: %s", l)
		}
	}
	return !strings.HasPrefix(out[len(out)-1], "done")
}

// checkTargetClean fails when the target holds a temporary file, or a batch that no manifest
// lists (a round that was killed left it, and the round after did not remove it).
func checkTargetClean(t *testing.T, round int, dir string) {
	t.Helper()
	listed := map[string]bool{}
	manifests, _ := filepath.Glob(filepath.Join(dir, manifestsDir, "*"))
	s := sealer{passphrase: testPassphrase, workFactor: testWorkFactor}
	for _, path := range manifests {
		if strings.HasPrefix(filepath.Base(path), ".") {
			t.Fatalf("round %d: a temporary file is left: %s", round, path)
		}
		sealed, err := os.ReadFile(path)
		must(t, err)
		plain, err := s.open(sealed, maxBatch)
		must(t, err)
		var m manifest
		must(t, json.Unmarshal(plain, &m))
		for _, b := range m.Batches {
			listed[b] = true
		}
	}
	batches, _ := filepath.Glob(filepath.Join(dir, batchesDir, "*")) // with the temporary files: * matches a leading dot
	for _, path := range batches {
		if !listed[filepath.Base(path)] {
			t.Fatalf("round %d: %s is in the target but no manifest lists it", round, path)
		}
	}
}
