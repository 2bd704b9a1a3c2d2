package syncrec

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"lectern/app/store"
)

// SyncApplied counts what applying a batch changed here.
type SyncApplied struct {
	Projects, Conversations, Turns int // records added or changed
	Settings                       int // settings changed
	Deleted                        int // rows deleted for good
	Older                          int // records older than what is here, left aside
	Waiting                        int // records still waiting for a record they refer to
}

// Add adds o's counts to a's.
func (a *SyncApplied) Add(o SyncApplied) {
	a.Projects += o.Projects
	a.Conversations += o.Conversations
	a.Turns += o.Turns
	a.Settings += o.Settings
	a.Deleted += o.Deleted
	a.Older += o.Older
	a.Waiting = o.Waiting
}

// outcome is what applying one record did.
type outcome int

const (
	applied outcome = iota
	older
	waiting
	deleted
)

// ApplySync applies the records of one batch of target in one transaction: a record newer than
// this file's copy (by version) replaces it, an older one is left aside, one whose hard ref is not
// here yet waits in sync_pending (and is tried again with every later batch), a tombstone deletes
// an older row for good. The batch is marked applied in the same transaction; the clock moves past
// every version seen. An error applies nothing.
func (s Records) ApplySync(ctx context.Context, target, batch string, recs []SyncRecord) (SyncApplied, error) {
	var res SyncApplied
	err := store.InTx(ctx, s.db, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE sync_clock SET applying = 1"); err != nil {
			return err
		}
		a := applier{ctx: ctx, tx: tx, res: &res, cols: map[string][]string{}}
		for _, r := range recs {
			if err := a.apply(r); err != nil {
				return fmt.Errorf("applying %s %s: %w", r.Type, r.UID, err)
			}
		}
		if err := a.retryPending(); err != nil {
			return err
		}
		if err := a.observe(); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE sync_clock SET applying = 0;
			INSERT OR IGNORE INTO sync_applied (target, batch) VALUES (?, ?)`, target, batch)
		return err
	})
	return res, err
}

// applier applies records inside one transaction.
type applier struct {
	ctx    context.Context
	tx     *sql.Tx
	res    *SyncApplied
	cols   map[string][]string // table -> its field columns here
	newest string              // the newest version seen
	heads  map[int64]string    // conversations whose head turn was not here yet
}

// apply applies one record, and counts it.
func (a *applier) apply(r SyncRecord) error {
	a.newest = max(a.newest, r.Version)
	var o outcome
	var err error
	if r.Type == SyncGone {
		o, err = a.gone(r)
	} else {
		o, err = a.upsert(r)
	}
	if err != nil {
		return err
	}
	switch o {
	case applied:
		switch r.Type {
		case SyncProject:
			a.res.Projects++
		case SyncConversation:
			a.res.Conversations++
		case SyncTurn:
			a.res.Turns++
		case SyncSetting:
			a.res.Settings++
		}
	case older:
		a.res.Older++
	case deleted:
		a.res.Deleted++
	case waiting:
		return a.wait(r)
	}
	return nil
}

// local reads the id and version here of uid in table; id 0 when absent.
func (a *applier) local(table, uid string) (id int64, version string, err error) {
	err = a.tx.QueryRowContext(a.ctx, "SELECT id, sync_version FROM "+table+" WHERE uid = ?", uid).Scan(&id, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	return id, version, err
}

// tombstone is the version at which uid was deleted for good here ("" when it was not).
func (a *applier) tombstone(uid string) (string, error) {
	var v string
	err := a.tx.QueryRowContext(a.ctx, "SELECT version FROM sync_tombstones WHERE uid = ?", uid).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

// gone applies a tombstone: the row goes when it is older, and the tombstone is kept.
func (a *applier) gone(r SyncRecord) (outcome, error) {
	t, ok := tableOf(r.Kind)
	if !ok {
		return older, nil // a kind this version does not keep
	}
	id, v, err := a.local(t.table, r.UID)
	if err != nil {
		return 0, err
	}
	o := older
	if id != 0 && v < r.Version {
		if _, err := a.tx.ExecContext(a.ctx, "DELETE FROM "+t.table+" WHERE id = ?", id); err != nil {
			return 0, err
		}
		o = deleted
	}
	_, err = a.tx.ExecContext(a.ctx, `INSERT INTO sync_tombstones (uid, kind, version) VALUES (?, ?, ?)
		ON CONFLICT (uid) DO UPDATE SET version = excluded.version WHERE excluded.version > version`, r.UID, r.Kind, r.Version)
	return o, err
}

// upsert adds or replaces the row of a project, conversation or turn record.
func (a *applier) upsert(r SyncRecord) (outcome, error) {
	t, ok := tableOf(r.Type)
	if !ok || r.UID == "" || r.Version == "" {
		return 0, fmt.Errorf("a record of unknown type %q or without uid or version", r.Type)
	}
	id, v, err := a.local(t.table, r.UID)
	if err != nil {
		return 0, err
	}
	tomb, err := a.tombstone(r.UID)
	if err != nil || (id != 0 && v >= r.Version) || (id == 0 && tomb >= r.Version) {
		return older, err
	}
	refs, o, err := a.resolve(t, r)
	if err != nil || o != applied {
		return o, err
	}
	names, vals, err := a.row(t, r, refs)
	if err != nil {
		return 0, err
	}
	if id != 0 {
		set := strings.Join(names, " = ?, ") + " = ?"
		_, err = a.tx.ExecContext(a.ctx, "UPDATE "+t.table+" SET "+set+" WHERE id = ?", append(vals, id)...)
		return applied, err
	}
	res, err := a.tx.ExecContext(a.ctx, "INSERT INTO "+t.table+" ("+strings.Join(names, ", ")+") VALUES (?"+
		strings.Repeat(", ?", len(names)-1)+")", vals...)
	if err != nil {
		return 0, err
	}
	id, _ = res.LastInsertId()
	if r.Type == SyncTurn {
		err = store.AddImages(a.ctx, a.tx, id, r.Images)
	}
	if uid := r.Refs["head"]; r.Type == SyncConversation && uid != "" && refs["head_turn_id"] == 0 {
		if a.heads == nil {
			a.heads = map[int64]string{}
		}
		a.heads[id] = uid
	}
	return applied, err
}

// resolve finds the local ids of r's refs: a hard ref not here yet makes the record wait, one to
// a row deleted for good here makes it older (its conversation is gone).
func (a *applier) resolve(t syncTable, r SyncRecord) (map[string]int64, outcome, error) {
	ids := map[string]int64{}
	for _, ref := range t.refs {
		uid := r.Refs[ref.name]
		if uid == "" {
			ids[ref.column] = 0
			continue
		}
		rt, _ := tableOfTable(ref.table)
		id, _, err := a.local(rt.table, uid)
		if err != nil {
			return nil, 0, err
		}
		ids[ref.column] = id
		if id != 0 || !ref.hard {
			continue
		}
		if tomb, err := a.tombstone(uid); err != nil || tomb != "" {
			return nil, older, err
		}
		return nil, waiting, nil
	}
	return ids, applied, nil
}

// tableOfTable is the syncTable of a table name.
func tableOfTable(table string) (syncTable, bool) {
	i := slices.IndexFunc(syncTables, func(t syncTable) bool { return t.table == table })
	if i < 0 {
		return syncTable{}, false
	}
	return syncTables[i], true
}

// row is the column names and values to write for r: its fields that this file has, its refs,
// uid and version.
func (a *applier) row(t syncTable, r SyncRecord, refs map[string]int64) ([]string, []any, error) {
	cols, ok := a.cols[t.table]
	if !ok {
		var err error
		if cols, err = t.fieldColumns(a.ctx, a.tx); err != nil {
			return nil, nil, err
		}
		a.cols[t.table] = cols
	}
	names := []string{"uid", "sync_version"}
	vals := []any{r.UID, r.Version}
	for _, c := range cols {
		v, ok := r.Fields[c]
		if !ok {
			continue // a column the sender's Lectern did not have: its default
		}
		sv, err := sqlValue(v)
		if err != nil {
			return nil, nil, fmt.Errorf("field %s: %w", c, err)
		}
		names, vals = append(names, c), append(vals, sv)
	}
	for _, ref := range t.refs {
		names, vals = append(names, ref.column), append(vals, refs[ref.column])
	}
	return names, vals, nil
}

// sqlValue is a field decoded from JSON as SQLite stores it: whole numbers as integers.
func sqlValue(v any) (any, error) {
	switch v := v.(type) {
	case nil, string, int64:
		return v, nil
	case bool:
		return map[bool]int64{false: 0, true: 1}[v], nil
	case float64:
		if v == float64(int64(v)) {
			return int64(v), nil
		}
		return v, nil
	case json.Number:
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return i, nil
		}
		return v.Float64()
	default:
		return nil, fmt.Errorf("a value of type %T", v)
	}
}

// wait keeps r in sync_pending until the record it refers to arrives.
func (a *applier) wait(r SyncRecord) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = a.tx.ExecContext(a.ctx, `INSERT INTO sync_pending (uid, version, record) VALUES (?, ?, ?)
		ON CONFLICT (uid) DO UPDATE SET version = excluded.version, record = excluded.record
		WHERE excluded.version > version`, r.UID, r.Version, string(b))
	return err
}

// retryPending applies the waiting records again until a pass applies none, then fills the head
// turns that arrived after their conversation.
func (a *applier) retryPending() error {
	for {
		pending, err := store.QueryAll(a.ctx, a.tx, store.ScanString, "SELECT record FROM sync_pending ORDER BY version")
		if err != nil {
			return err
		}
		progress := false
		for _, p := range pending {
			var r SyncRecord
			d := json.NewDecoder(strings.NewReader(p))
			d.UseNumber()
			if err := d.Decode(&r); err != nil {
				return err
			}
			t, _ := tableOf(r.Type)
			if _, o, err := a.resolve(t, r); err != nil || o == waiting {
				if err != nil {
					return err
				}
				continue
			}
			if _, err := a.tx.ExecContext(a.ctx, "DELETE FROM sync_pending WHERE uid = ?", r.UID); err != nil {
				return err
			}
			if err := a.apply(r); err != nil {
				return err
			}
			progress = true
		}
		if !progress {
			a.res.Waiting = len(pending)
			return a.fillHeads()
		}
	}
}

// fillHeads sets the head turn of conversations applied before it.
func (a *applier) fillHeads() error {
	for id, uid := range a.heads {
		if _, err := a.tx.ExecContext(a.ctx, "UPDATE conversations SET head_turn_id = coalesce((SELECT id FROM turns WHERE uid = ?), 0) WHERE id = ?", uid, id); err != nil {
			return err
		}
	}
	return nil
}

// observe moves the clock past the newest version seen (the receive rule of a hybrid logical
// clock), so that a later change here is newer than everything applied.
func (a *applier) observe() error {
	if len(a.newest) < 18 {
		return nil
	}
	wall, err1 := strconv.ParseInt(a.newest[:12], 16, 64)
	counter, err2 := strconv.ParseInt(a.newest[12:18], 16, 64)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("a malformed version %q", a.newest)
	}
	_, err := a.tx.ExecContext(a.ctx, `UPDATE sync_clock SET wall = ?, counter = ? WHERE wall < ? OR (wall = ? AND counter < ?)`,
		wall, counter, wall, wall, counter)
	return err
}
