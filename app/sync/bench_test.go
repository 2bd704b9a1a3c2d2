package sync

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"lectern/app/store"
)

// countingTarget counts the calls that reach a target (each one request to a WebDAV server)
// and the bytes written to it.
type countingTarget struct {
	Target
	requests, written atomic.Int64
}

func (c *countingTarget) List(ctx context.Context, dir string) ([]Entry, error) {
	c.requests.Add(1)
	return c.Target.List(ctx, dir)
}

func (c *countingTarget) Read(ctx context.Context, path string) ([]byte, error) {
	c.requests.Add(1)
	return c.Target.Read(ctx, path)
}

func (c *countingTarget) Write(ctx context.Context, path string, data []byte) error {
	c.requests.Add(1)
	c.written.Add(int64(len(data)))
	return c.Target.Write(ctx, path, data)
}

func (c *countingTarget) Remove(ctx context.Context, path string) error {
	c.requests.Add(1)
	return c.Target.Remove(ctx, path)
}

// benchWords are the words of the benchmarks' questions and answers, drawn at random so that
// they compress as text does, not as one repeated sentence.
var benchWords = strings.Fields(`the office is closed on public holidays leave booked a week ahead contract says
	notice period of three months for staff after probation invoice paid within thirty days supplier
	warranty covers parts and labour two years from delivery meeting minutes approved budget revised
	quarter revenue grew percent project deadline moved to march risk register updated owner assigned`)

// benchText is n random words.
func benchText(r *rand.Rand, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = benchWords[r.IntN(len(benchWords))]
	}
	return strings.Join(w, " ")
}

// benchDevice is a data folder of convs conversations of turnsEach turns each (questions of
// about 12 words, answers of about 100: some 700 bytes a turn), each turn after the one before.
func benchDevice(b *testing.B, convs, turnsEach int) *device {
	d := newDevice(b, epoch)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	err := store.InTx(ctx, d.st.SQL(), func(tx *sql.Tx) error {
		for c := range convs {
			res, err := tx.ExecContext(ctx, `INSERT INTO conversations (server, kind, model, title, created_at, updated_at)
				VALUES ('srv', 'model', 'Fast', ?, ?, ?)`, fmt.Sprint("conversation ", c), c, c)
			if err != nil {
				return err
			}
			conv, _ := res.LastInsertId()
			var parent int64 // 0: the first turn
			for range turnsEach {
				res, err := tx.ExecContext(ctx, `INSERT INTO turns (conversation_id, parent_id, question, answer, status,
					created_at, updated_at) VALUES (?, ?, ?, ?, 'completed', ?, ?)`,
					conv, parent, benchText(r, 12)+"?", benchText(r, 100), c, c)
				if err != nil {
					return err
				}
				parent, _ = res.LastInsertId()
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkSyncFirst is the first round of a data folder of 10,000 conversations and 100,000
// turns to an empty folder target (with the default scrypt cost): s is the round's time,
// mib-uploaded what it wrote to the target.
func BenchmarkSyncFirst(b *testing.B) {
	d := benchDevice(b, 10_000, 10)
	ctx := context.Background()
	var uploaded int64
	for b.Loop() {
		target := &countingTarget{Target: Folder{Dir: b.TempDir()}} // a new target: a first round each time
		res, err := Round(ctx, Options{Store: d.st, Target: target, Passphrase: testPassphrase})
		if err != nil || res.Out != 110_000 {
			b.Fatalf("round: %v, %d records out, want 110,000", err, res.Out)
		}
		uploaded = target.written.Load()
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s")
	b.ReportMetric(float64(uploaded)/(1<<20), "mib-uploaded")
}

// BenchmarkSyncOneTurn is a round that sends one new turn to that target, after the first
// round: kib-uploaded and requests (calls to the target) per round; the bounds are
// 16 KiB and 4 requests.
func BenchmarkSyncOneTurn(b *testing.B) {
	d := benchDevice(b, 10_000, 10)
	ctx := context.Background()
	target := &countingTarget{Target: Folder{Dir: b.TempDir()}}
	o := Options{Store: d.st, Target: target, Passphrase: testPassphrase}
	if _, err := Round(ctx, o); err != nil {
		b.Fatal(err)
	}
	target.requests.Store(0)
	target.written.Store(0)
	conv := d.id("conversation 5000")
	n := 0
	for b.Loop() {
		b.StopTimer()
		n++
		d.at(n).turn(conv, fmt.Sprint("one more question ", n))
		b.StartTimer()
		res, err := Round(ctx, o)
		if err != nil || res.Out == 0 {
			b.Fatalf("round: %v, %d records out", err, res.Out)
		}
	}
	b.ReportMetric(float64(target.written.Load())/1024/float64(n), "kib-uploaded")
	b.ReportMetric(float64(target.requests.Load())/float64(n), "requests")
}
