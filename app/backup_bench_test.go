package app

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lectern/app/records"
	"lectern/app/store"
)

// BenchmarkBackup1000Conversations backs up a data folder of 1,000 conversations of 10 turns each
// (answers of about 1.5 KB, one 20 KB image in every tenth conversation) while it is open, and
// reports the backup's size (backup-bytes).
func BenchmarkBackup1000Conversations(b *testing.B) {
	ctx := context.Background()
	a := openHome(b, b.TempDir())
	answer := strings.Repeat("The office is closed on public holidays; leave is booked a week ahead. ", 20)
	image := make([]byte, 20<<10)
	err := store.InTx(ctx, a.store.SQL(), func(tx *sql.Tx) error {
		for c := range 1000 {
			res, err := tx.ExecContext(ctx, `INSERT INTO conversations (server, kind, model, title, created_at, updated_at)
				VALUES ('srv', 'model', 'Fast', ?, ?, ?)`, fmt.Sprint("conversation ", c), c, c)
			if err != nil {
				return err
			}
			conv, _ := res.LastInsertId()
			for i := range 10 {
				res, err := tx.ExecContext(ctx, `INSERT INTO turns (conversation_id, question, answer, status, created_at,
					updated_at) VALUES (?, ?, ?, 'completed', ?, ?)`, conv, fmt.Sprintf("question %d of %d?", i, c), answer, i, i)
				if err != nil {
					return err
				}
				if i == 0 && c%10 == 0 {
					turn, _ := res.LastInsertId()
					if err := store.AddImages(ctx, tx, turn, []records.Image{{Name: "scan.png", MIME: "image/png", Data: image}}); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	var size int64
	n := 0
	for b.Loop() {
		n++
		file := filepath.Join(dir, fmt.Sprintf("backup-%d.db", n))
		if size, _, err = a.Conversations().Backup(ctx, file); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		os.Remove(file)
		b.StartTimer()
	}
	b.ReportMetric(float64(size), "backup-bytes")
}
