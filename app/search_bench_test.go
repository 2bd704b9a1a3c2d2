package app

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/store/search"
)

// BenchmarkSearchEverything searches 100,000 turns of 2,000 conversations of every kind (a third
// of them in 50 projects, some with branches) as a person types (issue 31, goal: p95-ms ≤ 30):
// each query is one keystroke of three searches, every prefix of "budget travel" and of
// "zebra42 invoice", and "xylophone", which matches nothing (nor do its prefixes; a first letter
// alone may find nothing: see search.FTSQuery). p95-ms is the 95th percentile of
// one query's time, over every query of every iteration.
func BenchmarkSearchEverything(b *testing.B) {
	st := openTestStore(b, filepath.Join(b.TempDir(), store.DatabaseFile))
	defer st.Close()
	ctx := context.Background()
	fillEverything(b, st, 2000, 50)
	var queries []string
	for _, typed := range []string{"budget travel", "zebra42 invoice", "xylophone"} {
		for i := 1; i <= len(typed); i++ {
			queries = append(queries, typed[:i])
		}
	}
	var took []time.Duration
	b.ResetTimer()
	for b.Loop() {
		for _, q := range queries {
			start := time.Now()
			hits, err := search.Find(ctx, st, "srv", q, 100)
			took = append(took, time.Since(start))
			words := search.Words(q)
			if err != nil || (len(words[len(words)-1]) > 1 && (len(hits) == 0) != strings.HasPrefix(q, "x")) {
				b.Fatalf("%q: %d hits, %v", q, len(hits), err)
			}
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
}

// fillEverything saves n conversations, 50 turns each, in one transaction: workspace
// conversations, model chats and assistant conversations in turn, every third in one of
// projects projects; every tenth turn is a second branch beside the turn before it.
func fillEverything(b *testing.B, st *store.DB, n, projects int) {
	b.Helper()
	ctx := context.Background()
	tx, err := st.SQL().BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer tx.Rollback()
	for p := 1; p <= projects; p++ {
		tx.Exec("INSERT INTO projects (id, server, name, created_at, updated_at) VALUES (?, 'srv', ?, 0, 0)", p, fmt.Sprint("project ", p))
	}
	kinds := []records.ConversationKind{records.KindWorkspace, records.KindModel, records.KindAssistant}
	turn := 0
	for c := 1; c <= n; c++ {
		project := 0
		if c%3 == 0 {
			project = c/3%projects + 1
		}
		if _, err := tx.Exec(`INSERT INTO conversations (id, server, kind, title, project_id, created_at, updated_at)
			VALUES (?, 'srv', ?, ?, ?, 0, ?)`, c, kinds[c%3], fmt.Sprint(benchWords[c%len(benchWords)], " notes ", c), project, c); err != nil {
			b.Fatal(err)
		}
		parent := 0
		for k := 0; k < 50; k++ {
			turn++
			var q, a strings.Builder
			for j := 0; j < 8; j++ {
				q.WriteString(benchWords[(turn*7+j*13)%len(benchWords)] + " ")
			}
			for j := 0; j < 40; j++ {
				a.WriteString(benchWords[(turn*31+j*17+j*j)%len(benchWords)] + " ")
				if j%10 == 0 {
					fmt.Fprintf(&a, "zebra%d ", (turn+j)%3000) // rarer words
				}
			}
			p := parent
			if k%10 == 9 {
				p = turn - 2 // beside the turn before: a second branch
			}
			if _, err := tx.Exec(`INSERT INTO turns (id, conversation_id, parent_id, question, answer, status, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, 'completed', 0, 0)`, turn, c, max(p, 0), q.String(), a.String()); err != nil {
				b.Fatal(err)
			}
			parent = turn
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}
