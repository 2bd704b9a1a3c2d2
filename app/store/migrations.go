package store

import (
	"context"
	"database/sql"
	"fmt"
)

// applicationID marks a SQLite file as Lectern's ("LCTN"); PRAGMA application_id holds it.
const ApplicationID = 0x4C43544E

// migrations are the schema steps, in order; migrations[i] takes the schema from version i to
// i+1. Never edit a released step: append a new one. PRAGMA user_version holds the version.
var Migrations = []string{
	// 1: offline cache, conversations and turns with full-text search, upload queue.
	`
CREATE TABLE servers (
	server     TEXT PRIMARY KEY,
	synced_at  INTEGER NOT NULL DEFAULT 0 -- unix ms of the last complete refresh
);
CREATE TABLE workspaces (
	server      TEXT NOT NULL,
	id          TEXT NOT NULL,
	position    INTEGER NOT NULL,
	name        TEXT NOT NULL,
	scope       TEXT NOT NULL,
	access      TEXT NOT NULL,
	n_documents INTEGER NOT NULL DEFAULT 0,
	n_ready     INTEGER NOT NULL DEFAULT 0,
	n_not_ready INTEGER NOT NULL DEFAULT 0,
	n_failed    INTEGER NOT NULL DEFAULT 0,
	synced_at   INTEGER NOT NULL,
	PRIMARY KEY (server, id)
);
CREATE TABLE documents (
	server             TEXT NOT NULL,
	workspace_id       TEXT NOT NULL,
	id                 TEXT NOT NULL,
	position           INTEGER NOT NULL,
	name               TEXT NOT NULL,
	source_type        TEXT NOT NULL,
	status             TEXT NOT NULL,
	updated            TEXT NOT NULL,
	updated_at         TEXT NOT NULL,
	source_id          TEXT NOT NULL,
	url                TEXT NOT NULL,
	client_document_id TEXT NOT NULL,
	PRIMARY KEY (server, workspace_id, id),
	FOREIGN KEY (server, workspace_id) REFERENCES workspaces (server, id) ON DELETE CASCADE
);
CREATE INDEX documents_order ON documents (server, workspace_id, position);
CREATE TABLE sources (
	server       TEXT NOT NULL,
	workspace_id TEXT NOT NULL,
	id           TEXT NOT NULL,
	position     INTEGER NOT NULL,
	name         TEXT NOT NULL,
	pages        INTEGER NOT NULL,
	n_ready      INTEGER NOT NULL,
	n_not_ready  INTEGER NOT NULL,
	document_ids TEXT NOT NULL, -- JSON array
	PRIMARY KEY (server, workspace_id, id),
	FOREIGN KEY (server, workspace_id) REFERENCES workspaces (server, id) ON DELETE CASCADE
);
CREATE TABLE conversations (
	id           INTEGER PRIMARY KEY,
	server       TEXT NOT NULL,
	kind         TEXT NOT NULL DEFAULT 'workspace', -- workspace, or model (a chat with no workspace)
	workspace_id TEXT NOT NULL DEFAULT '',
	document_id  TEXT NOT NULL DEFAULT '',
	model        TEXT NOT NULL DEFAULT '',          -- model chats: the model asked
	title        TEXT NOT NULL,
	created_at   INTEGER NOT NULL,
	updated_at   INTEGER NOT NULL
);
CREATE INDEX conversations_recent ON conversations (server, workspace_id, updated_at);
CREATE TABLE turns (
	id              INTEGER PRIMARY KEY,
	conversation_id INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
	question        TEXT NOT NULL,
	answer          TEXT NOT NULL DEFAULT '',
	status          TEXT NOT NULL, -- pending, completed, incomplete, interrupted, failed
	tier            TEXT NOT NULL DEFAULT '',
	thinking        INTEGER,       -- NULL: the tier's default
	model           TEXT NOT NULL DEFAULT '',
	found           INTEGER,       -- NULL until answered
	sources         TEXT NOT NULL DEFAULT '', -- JSON
	coverage        TEXT NOT NULL DEFAULT '', -- JSON
	warnings        TEXT NOT NULL DEFAULT '', -- JSON array
	notice          TEXT NOT NULL DEFAULT '',
	request_id      TEXT NOT NULL DEFAULT '',
	error           TEXT NOT NULL DEFAULT '',
	error_code      TEXT NOT NULL DEFAULT '',
	extra           TEXT NOT NULL DEFAULT '', -- JSON, for what later kinds of turn need
	created_at      INTEGER NOT NULL,
	updated_at      INTEGER NOT NULL
);
CREATE INDEX turns_order ON turns (conversation_id, id);
CREATE VIRTUAL TABLE turns_fts USING fts5 (
	question, answer, content = 'turns', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER turns_ai AFTER INSERT ON turns BEGIN
	INSERT INTO turns_fts (rowid, question, answer) VALUES (new.id, new.question, new.answer);
END;
CREATE TRIGGER turns_ad AFTER DELETE ON turns BEGIN
	INSERT INTO turns_fts (turns_fts, rowid, question, answer) VALUES ('delete', old.id, old.question, old.answer);
END;
CREATE TRIGGER turns_au AFTER UPDATE OF question, answer ON turns BEGIN
	INSERT INTO turns_fts (turns_fts, rowid, question, answer) VALUES ('delete', old.id, old.question, old.answer);
	INSERT INTO turns_fts (rowid, question, answer) VALUES (new.id, new.question, new.answer);
END;
CREATE TABLE uploads (
	id                 INTEGER PRIMARY KEY,
	server             TEXT NOT NULL,
	workspace_id       TEXT NOT NULL,
	path               TEXT NOT NULL,
	name               TEXT NOT NULL,
	size               INTEGER NOT NULL,
	client_document_id TEXT NOT NULL,
	state              TEXT NOT NULL, -- queued, sending, processing, ready, failed
	document_id        TEXT NOT NULL DEFAULT '',
	status             TEXT NOT NULL DEFAULT '', -- the server's status text
	warnings           TEXT NOT NULL DEFAULT '', -- JSON array
	error              TEXT NOT NULL DEFAULT '',
	error_code         TEXT NOT NULL DEFAULT '',
	suggested_name     TEXT NOT NULL DEFAULT '',
	created_at         INTEGER NOT NULL,
	updated_at         INTEGER NOT NULL
);
CREATE INDEX uploads_queue ON uploads (server, state, id);
`,
	// 2: the upload queue shared by processes: each entry is worked by the process that claimed it
	// (owner, alive while its heartbeat is recent); the same file is recognised by its content hash;
	// the server's last upload record is kept whole.
	`
ALTER TABLE uploads ADD COLUMN content_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE uploads ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE uploads ADD COLUMN heartbeat INTEGER NOT NULL DEFAULT 0; -- unix ms
ALTER TABLE uploads ADD COLUMN record TEXT NOT NULL DEFAULT '';     -- JSON
CREATE INDEX uploads_same_file ON uploads (server, workspace_id, content_hash);
`,
	// 3: model conversations (issue 13): a conversation about a tier keeps its system prompt and
	// API family; usage becomes columns of every answer (moved out of the extra JSON); the images a
	// message sent are kept with its turn, in a table of their own so that listing, searching and
	// re-sending text never reads them. Bytes in the database, not files beside it: one file to
	// back up, deleted with its turn (no orphan files), written in the turn's transaction (no crash
	// between the two); 10 MiB per image (the service's limit) keeps each row sane.
	`
ALTER TABLE conversations ADD COLUMN system_prompt TEXT NOT NULL DEFAULT '';
ALTER TABLE conversations ADD COLUMN api TEXT NOT NULL DEFAULT ''; -- model chats: responses or chat
CREATE INDEX conversations_kind ON conversations (server, kind, model, updated_at);
ALTER TABLE turns ADD COLUMN input_tokens INTEGER;  -- NULL: no usage reported
ALTER TABLE turns ADD COLUMN output_tokens INTEGER;
ALTER TABLE turns ADD COLUMN total_tokens INTEGER;
UPDATE turns SET input_tokens = json_extract(extra, '$.usage.input_tokens'),
	output_tokens = json_extract(extra, '$.usage.output_tokens'),
	total_tokens = json_extract(extra, '$.usage.total_tokens')
	WHERE json_valid(extra) AND json_type(extra, '$.usage') = 'object';
UPDATE turns SET extra = json_remove(extra, '$.usage') WHERE json_valid(extra) AND json_type(extra, '$.usage') IS NOT NULL;
CREATE TABLE turn_images (
	id       INTEGER PRIMARY KEY,
	turn_id  INTEGER NOT NULL REFERENCES turns (id) ON DELETE CASCADE,
	position INTEGER NOT NULL,
	name     TEXT NOT NULL,
	mime     TEXT NOT NULL, -- image/png, image/jpeg, image/webp, image/gif or image/bmp
	size     INTEGER NOT NULL,
	data     BLOB NOT NULL,
	CHECK (length(data) = size AND size <= 10485760)
);
CREATE INDEX turn_images_order ON turn_images (turn_id, position);
`,
	// 4: model chats in the desktop (issue 21): a pin (when, 0 for none) and an answer format per
	// conversation (JSON: text when empty, else a JSON schema the answer must fit); presets and
	// saved answer schemas, kept on this computer for every server.
	`
ALTER TABLE conversations ADD COLUMN pinned_at INTEGER NOT NULL DEFAULT 0; -- unix ms; 0 = not pinned
ALTER TABLE conversations ADD COLUMN answer_format TEXT NOT NULL DEFAULT ''; -- JSON; '' = text
CREATE TABLE model_presets (
	id            INTEGER PRIMARY KEY,
	name          TEXT NOT NULL UNIQUE,
	tier          TEXT NOT NULL DEFAULT '',
	system_prompt TEXT NOT NULL DEFAULT '',
	answer_format TEXT NOT NULL DEFAULT '' -- JSON, as conversations.answer_format
);
CREATE TABLE answer_schemas (
	id     INTEGER PRIMARY KEY,
	name   TEXT NOT NULL UNIQUE,
	schema TEXT NOT NULL -- a JSON schema object
);
`,
	// 5: each cached workspace keeps why its last sync did not bring it whole, in words ("" when it
	// did), so that one failing workspace is marked while the others are shown up to date.
	`
ALTER TABLE workspaces ADD COLUMN sync_error TEXT NOT NULL DEFAULT '';
`,
	// 6: nothing lost (issue 23). A conversation's uid is made once where it was started and kept
	// by backup and import, which add only the conversations a data folder does not have: an id
	// is only this file's, and a hash of the content would change with every turn added. The
	// trigger gives every new row one, whoever inserts it. A conversation from before this step
	// gets one made of its creation time and id, the same in every copy of the file, so importing
	// an older backup twice, or a copy of the same file, adds it once. A deleted conversation
	// goes to the trash (deleted_at, unix ms) and is removed for good 30 days later.
	`
ALTER TABLE conversations ADD COLUMN uid TEXT NOT NULL DEFAULT '';
UPDATE conversations SET uid = 'v5-' || created_at || '-' || id;
CREATE UNIQUE INDEX conversations_uid ON conversations (uid) WHERE uid != '';
CREATE TRIGGER conversations_new_uid AFTER INSERT ON conversations WHEN new.uid = '' BEGIN
	UPDATE conversations SET uid = lower(hex(randomblob(16))) WHERE id = new.id;
END;
ALTER TABLE conversations ADD COLUMN deleted_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX conversations_trash ON conversations (server, deleted_at);
`,
	// 7: a workspace the server refused files for as published (403 workspace_read_only; the list
	// does not say) is remembered in the cache, so that it is not offered for files again.
	`
ALTER TABLE workspaces ADD COLUMN read_only INTEGER NOT NULL DEFAULT 0; -- 1 = refused files as published
`,
	// 8: a model conversation's tools (issue 22): web search, file generation, the workspaces to
	// consult and the tools allowed for every call, as JSON (ToolSettings; '' = none).
	`
ALTER TABLE conversations ADD COLUMN tool_settings TEXT NOT NULL DEFAULT '';
`,
	// 9: assistant conversations (issue 22, POST /chat): the server keeps them in the key owner's
	// history under an id of its own, sent back with each later message. The workspace a
	// conversation is pinned to goes in workspace_id, as a workspace conversation's does; the
	// files a message sent are named in its turn's extra JSON.
	`
ALTER TABLE conversations ADD COLUMN remote_id TEXT NOT NULL DEFAULT ''; -- assistant: the server's conversation_id
`,
	// 10: drafts (issue 35): what the question box of each conversation holds, kept across a quit.
	// A saved conversation's draft has its id (workspace_id ''); a new workspace conversation, not
	// saved until its first question, has conversation_id 0 and its workspace. A conversation
	// deleted for good takes its draft with it.
	`
CREATE TABLE drafts (
	server          TEXT NOT NULL,
	conversation_id INTEGER NOT NULL,
	workspace_id    TEXT NOT NULL,
	text            TEXT NOT NULL,
	updated_at      INTEGER NOT NULL,
	PRIMARY KEY (server, conversation_id, workspace_id)
);
CREATE TRIGGER conversations_drop_draft AFTER DELETE ON conversations BEGIN
	DELETE FROM drafts WHERE conversation_id = old.id AND conversation_id != 0;
END;
`,
	// 11: projects (issue 31). A project holds conversations of every kind, on one server as its
	// conversations are; a conversation is in at most one (project_id 0: none). defaults is JSON
	// (ProjectDefaults: workspace, tier, system prompt, tools) for the conversations started in it;
	// collapsed keeps whether its folder is closed in the list. A deleted project goes to the trash
	// with its conversations: they get the project's deleted_at, which is how they come back with it.
	`
CREATE TABLE projects (
	id         INTEGER PRIMARY KEY,
	uid        TEXT NOT NULL DEFAULT '',
	server     TEXT NOT NULL,
	name       TEXT NOT NULL,
	colour     TEXT NOT NULL DEFAULT '',
	defaults   TEXT NOT NULL DEFAULT '', -- JSON; '' = none
	collapsed  INTEGER NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	deleted_at INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX projects_uid ON projects (uid) WHERE uid != '';
CREATE TRIGGER projects_new_uid AFTER INSERT ON projects WHEN new.uid = '' BEGIN
	UPDATE projects SET uid = lower(hex(randomblob(16))) WHERE id = new.id;
END;
ALTER TABLE conversations ADD COLUMN project_id INTEGER NOT NULL DEFAULT 0;
CREATE INDEX conversations_project ON conversations (project_id) WHERE project_id != 0;
`,
	// 12: branches (issue 31). Turns form a tree: parent_id is the turn before this one on its
	// branch (0: the first question). An edited question or a retried answer is a new turn beside
	// the old one (the same parent), so nothing is replaced. head_turn_id is the last turn of the
	// branch the conversation shows (0: its newest turn). Turns from before this step follow one
	// another by id, as they were shown.
	`
ALTER TABLE turns ADD COLUMN parent_id INTEGER NOT NULL DEFAULT 0;
UPDATE turns SET parent_id = coalesce(
	(SELECT max(p.id) FROM turns p WHERE p.conversation_id = turns.conversation_id AND p.id < turns.id), 0);
CREATE INDEX turns_children ON turns (conversation_id, parent_id, id);
ALTER TABLE conversations ADD COLUMN head_turn_id INTEGER NOT NULL DEFAULT 0;
`,
	// 13: one search (issue 31). The full-text index keeps the first 2, 3 and 4 letters of each
	// word too: the word typed last is searched as a prefix, and without these FTS5 reads and
	// merges the list of every word that begins so (3,000 words of one prefix: about 45 ms over
	// 100,000 turns) before it gives the first hit. The index is made again from the turns.
	`
DROP TABLE turns_fts;
CREATE VIRTUAL TABLE turns_fts USING fts5 (
	question, answer, content = 'turns', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3 4'
);
INSERT INTO turns_fts (turns_fts) VALUES ('rebuild');
`,
	// 14: a preset's tools (issues 30 and 31): JSON as conversations.tool_settings (web search,
	// files, workspaces to consult, the MCP servers whose tools a chat made from it offers).
	`
ALTER TABLE model_presets ADD COLUMN tool_settings TEXT NOT NULL DEFAULT '';
`,
	// 15: sync (issue 32). Every conversation, turn and project is a record: a uid (turns get
	// one here, made of their conversation's uid and id for the turns before this step, so that
	// two copies of one file agree) and sync_version, a hybrid logical clock taken at each change:
	// 12 hex digits of wall ms, 6 of a counter, then the device id, so that comparing the texts
	// compares versions totally. sync_clock holds this data folder's device id and clock; the
	// triggers tick it from the changed row's own times (Options.Now's, written by the store), so
	// no SQL reads the system clock. A record applied from another device keeps that device's
	// version: the triggers stand aside while sync_clock.applying is set (inside the applying
	// transaction only). A row deleted for good leaves a tombstone (sync_tombstones), so that an
	// older copy from another device does not bring it back; a trashed conversation or project
	// keeps its row (deleted_at). sync_state, sync_applied and sync_pending are the rounds'
	// bookkeeping per target: what was sent, which batches were applied, records waiting for the
	// record they refer to.
	SyncStep,
}

// schemaVersion is the newest schema this code knows.
var SchemaVersion = len(Migrations)

// migrate creates the schema, or brings it to schemaVersion, in one transaction that holds the
// write lock from its start: of several processes opening a new database at once, the first
// creates it with the application id and the others wait, then find it made. The file is judged
// again under the lock, since another process may have changed it since inspect. Before the
// steps change an existing database, a snapshot of it is taken beside it (takeSnapshot). A crash
// leaves the old schema or the new one.
func migrate(ctx context.Context, db *sql.DB, path string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	fs, err := readFileState(ctx, tx)
	if err != nil {
		return err
	}
	if err := fs.judge(path); err != nil || fs.version >= SchemaVersion {
		return err
	}
	if fs.version > 0 {
		if err := takeSnapshot(ctx, db, path, fs.version); err != nil {
			return err
		}
	}
	for i := fs.version; i < SchemaVersion; i++ {
		if _, err := tx.ExecContext(ctx, Migrations[i]); err != nil {
			return fmt.Errorf("schema step %d: %w", i+1, err)
		}
	}
	stmt := fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", SchemaVersion, ApplicationID)
	if _, err := tx.ExecContext(ctx, stmt); err != nil {
		return err
	}
	return tx.Commit()
}
