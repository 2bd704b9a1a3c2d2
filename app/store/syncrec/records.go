package syncrec

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"lectern/app/store"

	"lectern/app/records"
)

// Records reads and applies the sync records of a store's database.
type Records struct{ db *sql.DB }

// Of is the sync records of st.
func Of(st *store.DB) Records { return Records{db: st.SQL()} }

// SyncRecord is one record of a sync batch: a project, a conversation (its pin and trash state
// among its fields), a turn or a setting (its uid the setting's name), at one version; or a tombstone ("gone": the row of Kind deleted for
// good). Fields are the row's columns but its local ones (id, the ids of other rows, view state):
// every column a later schema step adds travels too. Refs name the rows it points to by uid.
type SyncRecord struct {
	Type    string            `json:"t"`
	UID     string            `json:"uid"`
	Version string            `json:"v"`
	Kind    string            `json:"kind,omitempty"` // gone: project, conversation or turn
	Fields  map[string]any    `json:"f,omitempty"`
	Refs    map[string]string `json:"r,omitempty"`
	Images  []records.Image   `json:"img,omitempty"` // a turn's images, with their bytes
}

// The record types.
const (
	SyncProject      = "project"
	SyncConversation = "conversation"
	SyncTurn         = "turn"
	SyncSetting      = "setting"
	SyncGone         = "gone"
)

// syncRef is a column holding another row's id, sent as that row's uid under name. A hard ref
// must be found before the record is applied (it waits in sync_pending until then); a soft one
// is left 0 when its row is not here.
type syncRef struct {
	column, name, table string
	hard                bool
}

// syncTable says how a table's rows become records: which columns stay on this computer.
type syncTable struct {
	typ, table string
	local      []string
	refs       []syncRef
}

// syncTables are the synced tables, in the order a batch carries them: what a row points to
// comes before it.
var syncTables = []syncTable{
	{typ: SyncProject, table: "projects", local: []string{"collapsed"}},
	{typ: SyncConversation, table: "conversations", refs: []syncRef{
		{column: "project_id", name: "project", table: "projects", hard: true},
		{column: "head_turn_id", name: "head", table: "turns"}}},
	{typ: SyncTurn, table: "turns", refs: []syncRef{
		{column: "conversation_id", name: "conversation", table: "conversations", hard: true},
		{column: "parent_id", name: "parent", table: "turns", hard: true}}},
	{typ: SyncSetting, table: "sync_settings"},
}

// tableOf is the syncTable of a record type or a tombstone's kind.
func tableOf(typ string) (syncTable, bool) {
	i := slices.IndexFunc(syncTables, func(t syncTable) bool { return t.typ == typ })
	if i < 0 {
		return syncTable{}, false
	}
	return syncTables[i], true
}

// fieldColumns are the columns of t sent as Fields, in the file's order.
func (t syncTable) fieldColumns(ctx context.Context, q store.Querier) ([]string, error) {
	cols, err := store.QueryAll(ctx, q, store.ScanString, "SELECT name FROM pragma_table_info(?) ORDER BY cid", t.table)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(cols, func(c string) bool {
		return c == "id" || c == "uid" || c == "sync_version" || slices.Contains(t.local, c) ||
			slices.ContainsFunc(t.refs, func(r syncRef) bool { return r.column == c })
	}), nil
}

// SyncDevice is this data folder's device id, the last part of every version it makes.
func (s Records) SyncDevice(ctx context.Context) (string, error) {
	var d string
	err := s.db.QueryRowContext(ctx, "SELECT device FROM sync_clock").Scan(&d)
	return d, err
}

// ChangedSince calls each with every record this device changed at a version after after (""
// for all), projects first, then conversations, turns and tombstones, in one read transaction;
// it returns the newest version it passed (after when none).
func (s Records) ChangedSince(ctx context.Context, after string, each func(SyncRecord) error) (string, error) {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return after, err
	}
	defer func() { _ = tx.Rollback() }()
	var device string
	if err := tx.QueryRowContext(ctx, "SELECT device FROM sync_clock").Scan(&device); err != nil {
		return after, err
	}
	newest := after
	emit := func(r SyncRecord) error {
		newest = max(newest, r.Version)
		return each(r)
	}
	for _, t := range syncTables {
		if err := exportTable(ctx, tx, t, after, device, emit); err != nil {
			return after, fmt.Errorf("reading the %ss to sync: %w", t.typ, err)
		}
	}
	gone := func(sc store.RowScanner) (r SyncRecord, err error) {
		r.Type = SyncGone
		return r, sc.Scan(&r.UID, &r.Kind, &r.Version)
	}
	tombs, err := store.QueryAll(ctx, tx, gone, "SELECT uid, kind, version FROM sync_tombstones WHERE version > ? AND substr(version, 19) = ? ORDER BY version", after, device)
	if err != nil {
		return after, err
	}
	for _, r := range tombs {
		if err := emit(r); err != nil {
			return after, err
		}
	}
	return newest, nil
}

// exportTable passes each changed row of t as a record.
func exportTable(ctx context.Context, tx *sql.Tx, t syncTable, after, device string, each func(SyncRecord) error) error {
	cols, err := t.fieldColumns(ctx, tx)
	if err != nil {
		return err
	}
	sel := []string{"x.uid", "x.sync_version"}
	for _, c := range cols {
		sel = append(sel, "x."+c)
	}
	for _, r := range t.refs {
		sel = append(sel, "coalesce((SELECT uid FROM "+r.table+" WHERE id = x."+r.column+"), '')")
	}
	rows, err := tx.QueryContext(ctx, "SELECT "+strings.Join(sel, ", ")+" FROM "+t.table+
		" x WHERE x.sync_version > ? AND substr(x.sync_version, 19) = ? ORDER BY x.id", after, device)
	if err != nil {
		return err
	}
	defer rows.Close()
	withImages, err := turnsWithImages(ctx, tx, t)
	if err != nil {
		return err
	}
	vals := make([]any, len(sel))
	ptrs := make([]any, len(sel))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		rec, err := rowRecord(ctx, tx, t, cols, vals, withImages)
		if err != nil {
			return err
		}
		if err := each(rec); err != nil {
			return err
		}
	}
	return rows.Err()
}

// rowRecord makes the record of one row read by exportTable.
func rowRecord(ctx context.Context, tx *sql.Tx, t syncTable, cols []string, vals []any, withImages map[string]bool) (SyncRecord, error) {
	rec := SyncRecord{Type: t.typ, UID: vals[0].(string), Version: vals[1].(string), Fields: map[string]any{}}
	for i, c := range cols {
		rec.Fields[c] = vals[2+i]
	}
	for i, r := range t.refs {
		if uid := vals[2+len(cols)+i].(string); uid != "" {
			if rec.Refs == nil {
				rec.Refs = map[string]string{}
			}
			rec.Refs[r.name] = uid
		}
	}
	if !withImages[rec.UID] {
		return rec, nil
	}
	imgs, err := store.QueryAll(ctx, tx, func(sc store.RowScanner) (img records.Image, err error) {
		return img, sc.Scan(&img.Name, &img.MIME, &img.Size, &img.Data)
	}, "SELECT name, mime, size, data FROM turn_images WHERE turn_id = (SELECT id FROM turns WHERE uid = ?) ORDER BY position", rec.UID)
	rec.Images = imgs
	return rec, err
}

// turnsWithImages are the uids of the turns that have images (none when t is not turns): the
// few turns whose images are read.
func turnsWithImages(ctx context.Context, tx *sql.Tx, t syncTable) (map[string]bool, error) {
	out := map[string]bool{}
	if t.typ != SyncTurn {
		return out, nil
	}
	uids, err := store.QueryAll(ctx, tx, store.ScanString, "SELECT DISTINCT t.uid FROM turn_images i JOIN turns t ON t.id = i.turn_id")
	for _, u := range uids {
		out[u] = true
	}
	return out, err
}
