package app

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lectern/app/store"
	"lectern/app/store/search"
)

func openTestStore(t testing.TB, path string) *store.DB {
	t.Helper()
	st, err := store.Open(context.Background(), path, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestDatabaseCreatedWithSchemaWALAndForeignKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub dir?#", store.DatabaseFile)
	st := openTestStore(t, path)
	defer st.Close()
	ctx := context.Background()
	var mode string
	var fk, version, appID int
	st.SQL().QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode)
	st.SQL().QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk)
	st.SQL().QueryRowContext(ctx, "PRAGMA user_version").Scan(&version)
	st.SQL().QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID)
	if mode != "wal" || fk != 1 || version != store.SchemaVersion || appID != store.ApplicationID {
		t.Fatalf("journal_mode %q, foreign_keys %d, user_version %d, application_id %x", mode, fk, version, appID)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database not at %s: %v", path, err)
	}
	// Reopening an up-to-date database changes nothing and works.
	st.Close()
	st2 := openTestStore(t, path)
	st2.Close()
}

func TestMigrationStepsApplyFromEveryVersion(t *testing.T) {
	// Every step applies on top of the one before it, in one transaction, and a failing step
	// leaves the old version.
	path := filepath.Join(t.TempDir(), store.DatabaseFile)
	st := openTestStore(t, path)
	st.Close()
	saved := store.Migrations
	defer func() { store.Migrations, store.SchemaVersion = saved, len(saved) }()
	store.Migrations = append(append([]string{}, saved...), "CREATE TABLE extra (x); CREATE TABLE broken (")
	store.SchemaVersion = len(store.Migrations)
	_, err := store.Open(context.Background(), path, time.Now)
	var de *store.DatabaseError
	if !errors.As(err, &de) {
		t.Fatalf("a failing migration gave %v; want *DatabaseError", err)
	}
	store.Migrations[len(store.Migrations)-1] = "CREATE TABLE extra (x)"
	st = openTestStore(t, path)
	defer st.Close()
	var v int
	st.SQL().QueryRow("PRAGMA user_version").Scan(&v)
	if v != len(store.Migrations) {
		t.Fatalf("user_version = %d after the new step", v)
	}
	if _, err := st.SQL().Exec("INSERT INTO extra VALUES (1)"); err != nil {
		t.Fatal(err)
	}
}

func TestForeignFilesReportedAndUntouched(t *testing.T) {
	cases := map[string]func(path string){
		"text file":  func(p string) { os.WriteFile(p, []byte("hello, this is not a database at all\n"), 0o600) },
		"short file": func(p string) { os.WriteFile(p, []byte("SQLite"), 0o600) },
		// A header of zeros passes the header check (a new database another process is making
		// writes its header last); SQLite itself refuses it, read only.
		"file of zeros": func(p string) { os.WriteFile(p, make([]byte, 8192), 0o600) },
		"other program's SQLite": func(p string) {
			db, _ := sql.Open("sqlite", p)
			db.Exec("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos (name) VALUES ('cat')")
			db.Close()
		},
		"SQLite with another application id": func(p string) {
			db, _ := sql.Open("sqlite", p)
			db.Exec("PRAGMA application_id = 1234")
			db.Close()
		},
		"newer Lectern": func(p string) {
			st := openTestStore(t, p)
			st.SQL().Exec("PRAGMA user_version = 999")
			st.Close()
		},
		"damaged Lectern": func(p string) {
			st := openTestStore(t, p)
			st.Close()
			b, _ := os.ReadFile(p)
			for i := 100; i < len(b); i++ {
				b[i] = 0xA5
			}
			os.WriteFile(p, b, 0o600)
		},
	}
	for name, make := range cases {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			path := filepath.Join(home, store.DatabaseFile)
			make(path)
			before, _ := os.ReadFile(path)
			_, err := Open(context.Background(), Options{Home: home})
			var de *store.DatabaseError
			if !errors.As(err, &de) {
				t.Fatalf("Open = %v; want *DatabaseError", err)
			}
			if !strings.Contains(de.Error(), "left untouched") {
				t.Errorf("message %q does not say the file was left alone", de.Error())
			}
			if name == "newer Lectern" && (de.Problem != store.DatabaseTooNew || de.Version != 999) {
				t.Errorf("problem %v version %d; want too new, 999", de.Problem, de.Version)
			}
			after, _ := os.ReadFile(path)
			if !bytes.Equal(before, after) {
				t.Fatal("the file's bytes changed")
			}
			if _, err := os.Stat(path + "-wal"); err == nil && name != "newer Lectern" && name != "damaged Lectern" {
				t.Error("a WAL file was created beside a foreign file")
			}
		})
	}
}

func TestEmptyFileBecomesDatabase(t *testing.T) {
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, store.DatabaseFile), nil, 0o600)
	a, err := Open(context.Background(), Options{Home: home})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
}

func TestFTS5Available(t *testing.T) {
	st := openTestStore(t, filepath.Join(t.TempDir(), store.DatabaseFile))
	defer st.Close()
	var n int
	if err := st.SQL().QueryRow("SELECT count(*) FROM turns_fts WHERE turns_fts MATCH '\"x\"'").Scan(&n); err != nil {
		t.Fatalf("fts5: %v", err)
	}
}

func TestSnippet(t *testing.T) {
	long := strings.Repeat("lorem ipsum ", 30) + "the Pension fund is described here " + strings.Repeat("dolor sit ", 30)
	got := search.Snippet(long, []string{"pension"})
	if !strings.Contains(got, "[Pension]") || !strings.HasPrefix(got, "…") || !strings.HasSuffix(got, "…") || len(got) > 220 {
		t.Fatalf("snippet = %q", got)
	}
	if got := search.Snippet("short text", []string{"none"}); got != "short text" {
		t.Fatalf("no match: %q", got)
	}
	if got := search.Snippet("Ünïcödé résumé here", []string{"résumé"}); !strings.Contains(got, "[résumé]") {
		t.Fatalf("unicode: %q", got)
	}
}

func TestFTSQueryEscapesSyntax(t *testing.T) {
	for in, want := range map[string]string{
		"holiday pay":     `"holiday" "pay"*`,
		`"NEAR(a b)" OR*`: `"NEAR" "a" "b" "OR"*`,
		"  ":              "",
		"café-crème":      `"café" "crème"*`,
	} {
		got := ""
		if w := search.Words(in); len(w) > 0 {
			got = search.FTSQuery(w)
		}
		if got != want {
			t.Errorf("ftsQuery(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestSearchSnippetMarksEveryWordThatBeginsWithAWordTyped(t *testing.T) {
	got := search.Snippet("Start the Passport renewal: passports take a week; compass apart.", []string{"pass", "art"})
	if want := "Start the [Passport] renewal: [passports] take a week; compass apart."; got != want {
		t.Fatalf("snippet = %q; want %q (whole words marked, never the middle of one)", got, want)
	}
}
