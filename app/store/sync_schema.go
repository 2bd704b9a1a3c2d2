package store

import "strings"

// syncVersionExpr is the clock's current version as text: wall ms (12 hex digits), counter (6)
// and device id, so that text order is version order.
const syncVersionExpr = "(SELECT printf('%012x%06x', wall, counter) || device FROM sync_clock)"

// syncTick is the statement that advances the clock for a change at time ms (an SQL
// expression): the wall part becomes the later of the clock's and the change's, the counter
// restarts when the wall moved and goes up when it did not.
func syncTick(ms string) string {
	return "UPDATE sync_clock SET counter = CASE WHEN " + ms + " > wall THEN 0 ELSE counter + 1 END, wall = max(wall, " +
		ms + ");\n"
}

// syncTriggers versions every local change of table: a new row and a changed row get the next
// version of the clock (of changes, when set, the columns whose change counts), and a row
// deleted for good leaves a tombstone. ms is the change's time, from the row's own columns.
func syncTriggers(table, kind, ms, changes string) string {
	set := "UPDATE " + table + " SET sync_version = " + syncVersionExpr + " WHERE id = new.id;\n"
	local := "NOT (SELECT applying FROM sync_clock)"
	if changes != "" {
		changes = "OF " + changes + " "
	}
	r := strings.NewReplacer("{table}", table, "{kind}", kind, "{local}", local, "{tick}", syncTick(ms), "{set}", set,
		"{changes}", changes, "{gone}", syncTick("0"), "{v}", syncVersionExpr)
	return r.Replace(`CREATE INDEX {table}_sync ON {table} (sync_version);
CREATE TRIGGER {table}_sync_new AFTER INSERT ON {table} WHEN {local} AND new.sync_version = '' BEGIN
{tick}{set}END;
CREATE TRIGGER {table}_sync_changed AFTER UPDATE {changes}ON {table} WHEN {local} AND new.sync_version IS old.sync_version BEGIN
{tick}{set}END;
CREATE TRIGGER {table}_sync_gone AFTER DELETE ON {table} WHEN {local} BEGIN
{gone}	INSERT OR REPLACE INTO sync_tombstones (uid, kind, version) VALUES (old.uid, '{kind}', {v});
END;
`)
}

// SyncStep is schema step 15 (see Migrations).
var SyncStep = `
CREATE TABLE sync_clock (
	id       INTEGER PRIMARY KEY CHECK (id = 1),
	device   TEXT NOT NULL,
	wall     INTEGER NOT NULL,
	counter  INTEGER NOT NULL,
	applying INTEGER NOT NULL DEFAULT 0
);
INSERT INTO sync_clock (id, device, wall, counter) VALUES (1, lower(hex(randomblob(8))), max(
	coalesce((SELECT max(max(updated_at, pinned_at, deleted_at)) FROM conversations), 0),
	coalesce((SELECT max(updated_at) FROM turns), 0),
	coalesce((SELECT max(max(updated_at, deleted_at)) FROM projects), 0)), 0);
CREATE TABLE sync_tombstones (
	uid     TEXT PRIMARY KEY,
	kind    TEXT NOT NULL, -- conversation, turn or project
	version TEXT NOT NULL
);
CREATE TABLE sync_state (
	target TEXT NOT NULL,
	key    TEXT NOT NULL,
	value  TEXT NOT NULL,
	PRIMARY KEY (target, key)
);
CREATE TABLE sync_applied (
	target TEXT NOT NULL,
	batch  TEXT NOT NULL,
	PRIMARY KEY (target, batch)
);
CREATE TABLE sync_pending (
	uid     TEXT PRIMARY KEY,
	version TEXT NOT NULL,
	record  TEXT NOT NULL -- JSON (SyncRecord)
);
-- The person's synced preferences (app/settings.Synced: theme, tiers, notifications...; never a
-- key, token or secret), one row a setting, its uid the setting's name, its value JSON, kept in
-- step with settings.json by app/sync so that each has a version.
CREATE TABLE sync_settings (
	id           INTEGER PRIMARY KEY,
	uid          TEXT NOT NULL UNIQUE,
	value        TEXT NOT NULL,
	updated_at   INTEGER NOT NULL,
	sync_version TEXT NOT NULL DEFAULT ''
);
ALTER TABLE turns ADD COLUMN uid TEXT NOT NULL DEFAULT '';
UPDATE turns SET uid = 'v12-' || (SELECT c.uid FROM conversations c WHERE c.id = turns.conversation_id) || '-' || id;
CREATE UNIQUE INDEX turns_uid ON turns (uid) WHERE uid != '';
CREATE TRIGGER turns_new_uid AFTER INSERT ON turns WHEN new.uid = '' BEGIN
	UPDATE turns SET uid = lower(hex(randomblob(16))) WHERE id = new.id;
END;
ALTER TABLE conversations ADD COLUMN sync_version TEXT NOT NULL DEFAULT '';
ALTER TABLE turns ADD COLUMN sync_version TEXT NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN sync_version TEXT NOT NULL DEFAULT '';
UPDATE conversations SET sync_version = printf('%012x%06x', max(updated_at, pinned_at, deleted_at), 0) ||
	(SELECT device FROM sync_clock);
UPDATE turns SET sync_version = printf('%012x%06x', updated_at, 0) || (SELECT device FROM sync_clock);
UPDATE projects SET sync_version = printf('%012x%06x', max(updated_at, deleted_at), 0) || (SELECT device FROM sync_clock);
` + syncTriggers("conversations", "conversation", "max(new.updated_at, new.pinned_at, new.deleted_at)", "") +
	syncTriggers("turns", "turn", "new.updated_at", "") +
	syncTriggers("sync_settings", "setting", "new.updated_at", "value") +
	syncTriggers("projects", "project", "max(new.updated_at, new.deleted_at)",
		"server, name, colour, defaults, created_at, updated_at, deleted_at")
