package sync

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"lectern/app/records"
	"lectern/app/store"
)

// testWorkFactor keeps the tests' scrypt cheap; the format is the same.
const testWorkFactor = 10

const testPassphrase = "correct horse battery staple"

var epoch = time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)

// device is a data folder with a clock of its own (a test's: never the day it runs).
type device struct {
	t   testing.TB
	st  *store.DB
	now time.Time
}

func newDevice(t testing.TB, start time.Time) *device {
	t.Helper()
	d := &device{t: t, now: start}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), store.DatabaseFile), func() time.Time { return d.now })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	d.st = st
	return d
}

// at sets the device's clock to epoch plus minutes.
func (d *device) at(minutes int) *device {
	d.now = epoch.Add(time.Duration(minutes) * time.Minute)
	return d
}

// sync does a round with target and fails the test on an error.
func (d *device) sync(target Target) Result {
	d.t.Helper()
	res, err := Round(context.Background(), d.options(target))
	if err != nil {
		d.t.Fatalf("round: %v", err)
	}
	return res
}

func (d *device) options(target Target) Options {
	return Options{Store: d.st, Target: target, Passphrase: testPassphrase, WorkFactor: testWorkFactor}
}

// conversation starts a conversation titled title with one turn asking question.
func (d *device) conversation(title, question string) records.Conversation {
	d.t.Helper()
	c, err := d.st.CreateConversation(context.Background(), "srv", records.Conversation{Title: title})
	if err != nil {
		d.t.Fatal(err)
	}
	d.turn(c.ID, question)
	return c
}

// turn adds a turn asking question after the conversation's newest turn, and answers it.
func (d *device) turn(convID int64, question string) records.Turn {
	d.t.Helper()
	ctx := context.Background()
	var parent int64
	_ = d.st.SQL().QueryRow("SELECT coalesce(max(id), 0) FROM turns WHERE conversation_id = ?", convID).Scan(&parent)
	t, err := d.st.AddTurn(ctx, records.Turn{ConversationID: convID, Question: question})
	if err != nil {
		d.t.Fatal(err)
	}
	if _, err := d.st.SQL().Exec("UPDATE turns SET parent_id = ? WHERE id = ?", parent, t.ID); err != nil {
		d.t.Fatal(err)
	}
	t.Answer, t.Status = "answer to "+question, records.TurnCompleted
	if err := d.st.SaveTurn(ctx, &t); err != nil {
		d.t.Fatal(err)
	}
	return t
}

// id is the local id of the conversation titled title (in the trash or not).
func (d *device) id(title string) int64 {
	d.t.Helper()
	var id int64
	if err := d.st.SQL().QueryRow("SELECT id FROM conversations WHERE title = ?", title).Scan(&id); err != nil {
		d.t.Fatalf("conversation %q: %v", title, err)
	}
	return id
}

// dump is everything a person could see of the device's conversations, by uid, in order: the
// same on two devices when they hold the same union.
func (d *device) dump() string {
	d.t.Helper()
	rows, err := d.st.SQL().Query(`SELECT 'c ' || c.uid || ' ' || c.title || ' trashed=' || (c.deleted_at != 0) || ' pinned=' || (c.pinned_at != 0) ||
		' project=' || coalesce((SELECT p.uid FROM projects p WHERE p.id = c.project_id), '') FROM conversations c
		UNION ALL SELECT 't ' || t.uid || ' in ' || c.uid || ' after ' || coalesce((SELECT p.uid FROM turns p WHERE p.id = t.parent_id), '-') ||
		' ' || t.question || ' -> ' || t.answer || ' ' || t.status FROM turns t JOIN conversations c ON c.id = t.conversation_id`)
	if err != nil {
		d.t.Fatal(err)
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			d.t.Fatal(err)
		}
		lines = append(lines, s)
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// count counts the rows of a query.
func (d *device) count(query string, args ...any) int {
	d.t.Helper()
	var n int
	if err := d.st.SQL().QueryRow(query, args...).Scan(&n); err != nil {
		d.t.Fatal(err)
	}
	return n
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
