package app

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lectern/app/settings"
	"lectern/app/store"
	"lectern/app/store/search"
)

// BenchmarkOpenAndLoadWorkspace10k opens the database and reads a cached workspace of 10,000
// documents (goal: under 50 ms).
func BenchmarkOpenAndLoadWorkspace10k(b *testing.B) {
	path := filepath.Join(b.TempDir(), store.DatabaseFile)
	ctx := context.Background()
	st := openTestStore(b, path)
	if err := st.SaveWorkspace(ctx, "srv", 0, cacheWorkspace("ws_big", 10000), time.Now(), ""); err != nil {
		b.Fatal(err)
	}
	st.Close()
	b.ResetTimer()
	for b.Loop() {
		st, err := store.Open(ctx, path, time.Now)
		if err != nil {
			b.Fatal(err)
		}
		ws, err := st.Workspaces(ctx, "srv")
		if err != nil || len(ws) != 1 {
			b.Fatal(err)
		}
		docs, err := st.Documents(ctx, "srv", "ws_big")
		if err != nil || len(docs) != 10000 {
			b.Fatalf("%d documents, %v", len(docs), err)
		}
		if _, err := st.Sources(ctx, "srv", "ws_big"); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		st.SQL().Close()
		b.StartTimer()
	}
}

// BenchmarkAppOpenAndLoadWorkspace10k is the same through the facade: Open (settings, database,
// services), CachedWorkspaces and CachedWorkspaceContent of a 10,000-document workspace, offline.
func BenchmarkAppOpenAndLoadWorkspace10k(b *testing.B) {
	home := b.TempDir()
	const server = "https://bench.example.com"
	a, err := Open(context.Background(), Options{Home: home})
	if err != nil {
		b.Fatal(err)
	}
	a.UpdateSettings(func(s *settings.Settings) { s.Server = server })
	a.store.SaveWorkspace(context.Background(), server, 0, cacheWorkspace("ws_big", 10000), time.Now(), "")
	a.Close()
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		a, err := Open(ctx, Options{Home: home})
		if err != nil {
			b.Fatal(err)
		}
		ws, _ := a.Workspaces().CachedWorkspaces(ctx)
		docs, _, err := a.Workspaces().CachedWorkspaceContent(ctx, ws[0].WorkspaceID)
		if err != nil || len(docs) != 10000 {
			b.Fatalf("%d documents, %v", len(docs), err)
		}
		b.StopTimer()
		a.Close()
		b.StartTimer()
	}
}

var benchWords = strings.Fields(`budget travel holiday contract invoice salary policy office meeting report
	quarter revenue expense training safety laptop printer parking canteen pension insurance leave
	project deadline client supplier audit compliance security password network backup archive`)

// BenchmarkSearch10kTurns searches all of 10,000 saved turns (goal: under 20 ms): a typical
// query matching a few dozen turns, and a worst case where every turn matches.
func BenchmarkSearch10kTurns(b *testing.B) {
	st := openTestStore(b, filepath.Join(b.TempDir(), store.DatabaseFile))
	defer st.Close()
	ctx := context.Background()
	fillTurns(b, st, 10000)
	for _, q := range []struct{ name, text string }{{"typical", "zebra7 budget"}, {"every-turn-matches", "budget"}} {
		b.Run(q.name, func(b *testing.B) {
			for b.Loop() {
				hits, err := search.Find(ctx, st, "srv", q.text, 100)
				if err != nil || len(hits) == 0 {
					b.Fatalf("%d hits, %v", len(hits), err)
				}
			}
		})
	}
}

// fillTurns saves n turns in 100 conversations, in one transaction.
func fillTurns(b *testing.B, st *store.DB, n int) {
	b.Helper()
	ctx := context.Background()
	tx, err := st.SQL().BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	for c := 1; c <= 100; c++ {
		tx.Exec("INSERT INTO conversations (id, server, title, created_at, updated_at) VALUES (?, 'srv', ?, 0, 0)", c, fmt.Sprint("conv ", c))
	}
	for i := 0; i < n; i++ {
		var q, a strings.Builder
		for j := 0; j < 8; j++ {
			q.WriteString(benchWords[(i*7+j*13)%len(benchWords)] + " ")
		}
		for j := 0; j < 120; j++ {
			a.WriteString(benchWords[(i*31+j*17+j*j)%len(benchWords)] + " ")
			if j%20 == 0 {
				fmt.Fprintf(&a, "zebra%d word%d ", (i+j)%300, i*120+j) // rarer and unique words
			}
		}
		a.WriteString("budget ")
		if _, err := tx.Exec(`INSERT INTO turns (conversation_id, question, answer, status, created_at, updated_at)
			VALUES (?, ?, ?, 'completed', 0, 0)`, i%100+1, q.String(), a.String()); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}
