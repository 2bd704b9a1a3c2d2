package app

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"lectern/app/store"
)

// openChildEnv names the data folder a re-executed test binary opens once, as a command line
// started beside others would.
const openChildEnv = "LECTERN_OPEN_CHILD"

// openChild is the child process of TestFreshFolderOpenedByManyProcesses: it opens the data
// folder, reads from it, closes it and says "opened" or why not.
func openChild() {
	a, err := Open(context.Background(), Options{Home: os.Getenv(openChildEnv)})
	if err == nil {
		_, err = a.Conversations().List(context.Background(), "")
		if cerr := a.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Println("open-error:", err)
		os.Exit(1)
	}
	fmt.Println("opened")
}

// raceRounds is how many fresh folders the open-race tests use: LECTERN_RACE_ROUNDS for a long
// run, else 10 (3 with -short).
func raceRounds() int {
	if n, err := strconv.Atoi(os.Getenv("LECTERN_RACE_ROUNDS")); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 3
	}
	return 10
}

// TestFreshFolderOpenedByManyProcesses starts several processes together on an empty data folder,
// round after round, as a desktop app and command lines started on first use do. Every one must
// open it: the first creates the schema, the others wait for it.
func TestFreshFolderOpenedByManyProcesses(t *testing.T) {
	const processes = 6
	rounds := raceRounds()
	failures := 0
	for round := 0; round < rounds; round++ {
		home := filepath.Join(t.TempDir(), "home")
		var wg sync.WaitGroup
		outs := make([]string, processes)
		errs := make([]error, processes)
		for i := range processes {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), openChildEnv+"="+home)
			wg.Add(1)
			go func() {
				defer wg.Done()
				out, err := cmd.CombinedOutput()
				outs[i], errs[i] = string(out), err
			}()
		}
		wg.Wait()
		for i := range processes {
			if errs[i] != nil || !strings.Contains(outs[i], "opened") {
				failures++
				t.Errorf("round %d, process %d: %v: %s", round, i, errs[i], outs[i])
			}
		}
		checkLecternDatabase(t, filepath.Join(home, store.DatabaseFile))
	}
	t.Logf("%d processes × %d rounds on fresh folders: %d failures", processes, rounds, failures)
}

// TestFreshFolderOpenedByManyConnections opens one fresh database from many goroutines at
// once, each with its own *sql.DB (its own SQLite connections), round after round.
func TestFreshFolderOpenedByManyConnections(t *testing.T) {
	const openers = 8
	rounds := raceRounds() * 2
	failures := 0
	for round := 0; round < rounds; round++ {
		path := filepath.Join(t.TempDir(), store.DatabaseFile)
		var wg sync.WaitGroup
		errs := make([]error, openers)
		for i := range openers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				db, err := store.OpenDB(context.Background(), path)
				if err == nil {
					err = db.Close()
				}
				errs[i] = err
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				failures++
				t.Errorf("round %d, opener %d: %v", round, i, err)
			}
		}
		checkLecternDatabase(t, path)
	}
	t.Logf("%d connections × %d rounds on fresh databases: %d failures", openers, rounds, failures)
}

// checkLecternDatabase fails t unless path is a Lectern database at the current schema, in WAL mode.
func checkLecternDatabase(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var appID, version int
	var mode string
	db.QueryRow("PRAGMA application_id").Scan(&appID)
	db.QueryRow("PRAGMA user_version").Scan(&version)
	db.QueryRow("PRAGMA journal_mode").Scan(&mode)
	if appID != store.ApplicationID || version != store.SchemaVersion || mode != "wal" {
		t.Errorf("%s: application_id %x, user_version %d, journal_mode %q", path, appID, version, mode)
	}
}
