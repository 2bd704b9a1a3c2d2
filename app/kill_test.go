package app

import (
	"bufio"
	"context"
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

	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/uploadq"
)

// killChildEnv names the database a re-executed test binary writes to until it is killed.
const killChildEnv = "LECTERN_KILL_CHILD"

// killChild is the child process of TestKilledWriterLosesNothingCommitted: it writes
// conversations, turns, partial answers, upload entries and cache workspaces as fast as it can
// and prints "committed <kind> <id> <marker>" after each commit.
func killChild() {
	path := os.Getenv(killChildEnv)
	ctx := context.Background()
	st, err := store.Open(ctx, path, time.Now)
	if err != nil {
		fmt.Println("open-error", err)
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	for i := 0; ; i++ {
		marker := fmt.Sprintf("m%d-%d", os.Getpid(), i)
		conv, err := st.CreateConversation(ctx, "srv", records.Conversation{WorkspaceID: "ws", Title: marker})
		if err != nil {
			fmt.Println("write-error", err)
			os.Exit(3)
		}
		fmt.Fprintf(out, "committed conv %d %s\n", conv.ID, marker)
		out.Flush()
		t, err := st.AddTurn(ctx, records.Turn{ConversationID: conv.ID, Question: "question " + marker})
		if err != nil {
			os.Exit(3)
		}
		fmt.Fprintf(out, "committed turn %d %s\n", t.ID, marker)
		out.Flush()
		t.Answer, t.Status = strings.Repeat("answer "+marker+" ", 50), records.TurnCompleted
		if st.SaveTurn(ctx, &t) == nil {
			fmt.Fprintf(out, "committed answer %d %s\n", t.ID, marker)
			out.Flush()
		}
		u, _, err := uploadq.Of(st).AddUpload(ctx, "srv", records.Upload{WorkspaceID: "ws", Path: "/p", Name: marker + ".txt", ClientDocumentID: "abcdefghijkl"})
		if err == nil {
			fmt.Fprintf(out, "committed upload %d %s\n", u.ID, marker)
			out.Flush()
		}
		if i%10 == 0 {
			ws := cacheWorkspace("ws_"+marker, 200)
			if st.SaveWorkspace(ctx, "srv", i, ws, time.Now(), "") == nil {
				fmt.Fprintf(out, "committed workspace 0 %s\n", marker)
				out.Flush()
			}
		}
	}
}

// TestKilledWriterLosesNothingCommitted kills a writing child process at random moments many
// times; after each kill the database must pass integrity_check and hold every write the child
// reported as committed.
func TestKilledWriterLosesNothingCommitted(t *testing.T) {
	if testing.Short() {
		t.Skip("kills child processes")
	}
	path := filepath.Join(t.TempDir(), store.DatabaseFile)
	rounds, total := 25, 0
	for r := 0; r < rounds; r++ {
		// Every fourth round is killed early, possibly while opening or migrating.
		early := r%4 == 0
		lines := runAndKill(t, path, time.Duration(50+rand.IntN(450))*time.Millisecond, early)
		total += len(lines)
		st := openTestStore(t, path)
		if res, err := st.Integrity(context.Background()); err != nil || res != "ok" {
			t.Fatalf("round %d: integrity_check = %q, %v", r, res, err)
		}
		checkCommitted(t, st, lines)
		st.Close()
	}
	if total < rounds*4 {
		t.Fatalf("the children reported only %d commits in %d rounds", total, rounds)
	}
	t.Logf("%d rounds, %d committed writes checked", rounds, total)
}

// runAndKill starts the child, lets it write for about d after its first commit, kills it with
// SIGKILL and returns the lines it printed.
func runAndKill(t *testing.T, path string, d time.Duration, early bool) []string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), killChildEnv+"="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	var lines []string
	first := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for sc.Scan() {
			if len(lines) == 0 {
				close(first)
			}
			lines = append(lines, sc.Text())
		}
	}()
	if early {
		d /= 8
	} else {
		select {
		case <-first:
		case <-time.After(20 * time.Second):
		}
	}
	time.Sleep(d)
	_ = cmd.Process.Signal(syscall.SIGKILL)
	<-done
	_ = cmd.Wait()
	return lines
}

// checkCommitted verifies every "committed" line against the database.
func checkCommitted(t *testing.T, st *store.DB, lines []string) {
	t.Helper()
	ctx := context.Background()
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 4 || f[0] != "committed" {
			if strings.HasSuffix(l, "error") || strings.Contains(l, "-error") {
				t.Fatalf("child: %s", l)
			}
			continue
		}
		id, _ := strconv.ParseInt(f[2], 10, 64)
		marker := f[3]
		var ok bool
		switch f[1] {
		case "conv":
			c, err := st.Conversation(ctx, "srv", id)
			ok = err == nil && c.Title == marker
		case "turn":
			tr, err := st.Turn(ctx, id)
			ok = err == nil && strings.HasSuffix(tr.Question, marker)
		case "answer":
			tr, err := st.Turn(ctx, id)
			ok = err == nil && tr.Status == records.TurnCompleted && strings.Contains(tr.Answer, marker)
		case "upload":
			u, err := uploadq.Of(st).Upload(ctx, "srv", id)
			ok = err == nil && u.Name == marker+".txt"
		case "workspace":
			docs, err := st.Documents(ctx, "srv", "ws_"+marker)
			ok = err == nil && len(docs) == 200
		}
		if !ok {
			t.Fatalf("committed write lost: %s", l)
		}
	}
}
