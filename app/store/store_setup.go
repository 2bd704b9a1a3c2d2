package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"lectern/app/explain"
	"lectern/app/records"
)

// A model conversation's setup columns, its tool settings, an assistant conversation's workspace,
// and the presets and saved schemas (kept for every server).

// setModelColumn sets one setup column of conversation id of server (column is a name written in
// this package, never outside text).
func (s *DB) SetModelColumn(ctx context.Context, server string, id int64, column, value string) error {
	res, err := s.db.ExecContext(ctx, "UPDATE conversations SET "+column+"=? WHERE server=? AND id=?", value, server, id)
	return Affected(res, err)
}

// toolSettings reads the tool settings of conversation id of server.
func (s *DB) ToolSettings(ctx context.Context, server string, id int64) (records.ToolSettings, error) {
	var raw string
	err := s.db.QueryRowContext(ctx, "SELECT tool_settings FROM conversations WHERE server=? AND id=?", server, id).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return records.ToolSettings{}, records.ErrNotFound
	}
	if err != nil {
		return records.ToolSettings{}, err
	}
	return DecodeJSON[records.ToolSettings](raw), nil
}

// DecodeJSON reads a JSON column (tool settings, a project's defaults); a damaged value gives
// the zero value: no tools, no defaults.
func DecodeJSON[T any](s string) (v T) {
	if s != "" && json.Unmarshal([]byte(s), &v) != nil {
		return *new(T)
	}
	return v
}

// setWorkspace sets the workspace of conversation id.
func (s *DB) SetWorkspace(ctx context.Context, id int64, workspaceID string) error {
	res, err := s.db.ExecContext(ctx, "UPDATE conversations SET workspace_id=? WHERE id=?", workspaceID, id)
	return Affected(res, err)
}

// presets lists the saved presets, by name.
func (s *DB) Presets(ctx context.Context) ([]records.Preset, error) {
	return QueryAll(ctx, s.db, scanPreset, "SELECT "+presetCols+" FROM model_presets ORDER BY name COLLATE NOCASE")
}

// presetCols are the columns scanPreset reads.
const presetCols = "id, name, tier, system_prompt, answer_format, tool_settings"

func scanPreset(sc RowScanner) (records.Preset, error) {
	var p records.Preset
	var format, tools string
	err := sc.Scan(&p.ID, &p.Name, &p.Tier, &p.System, &format, &tools)
	p.Format, p.Tools = decodeFormat(format), DecodeJSON[records.ToolSettings](tools)
	return p, err
}

// preset reads one preset.
func (s *DB) Preset(ctx context.Context, id int64) (records.Preset, error) {
	p, err := scanPreset(s.db.QueryRowContext(ctx, "SELECT "+presetCols+" FROM model_presets WHERE id=?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return p, records.ErrNotFound
	}
	return p, err
}

// savePreset saves p, checked already: new when p.ID is 0, else in place. Names are unique.
func (s *DB) SavePreset(ctx context.Context, p records.Preset) (records.Preset, error) {
	args := []any{p.Name, p.Tier, p.System, EncodeFormat(p.Format), EncodeToolSettings(p.Tools)}
	if p.ID == 0 {
		res, err := s.db.ExecContext(ctx, `INSERT INTO model_presets (name, tier, system_prompt, answer_format, tool_settings)
			VALUES (?,?,?,?,?)`, args...)
		if err != nil {
			return p, nameTaken(err, "preset", p.Name)
		}
		p.ID, _ = res.LastInsertId()
		return p, nil
	}
	res, err := s.db.ExecContext(ctx, `UPDATE model_presets SET name=?, tier=?, system_prompt=?, answer_format=?,
		tool_settings=? WHERE id=?`, append(args, p.ID)...)
	return p, nameTaken(Affected(res, err), "preset", p.Name)
}

// deletePreset removes a preset.
func (s *DB) DeletePreset(ctx context.Context, id int64) error {
	return Affected(s.db.ExecContext(ctx, "DELETE FROM model_presets WHERE id=?", id))
}

// schemas lists the saved schemas, by name.
func (s *DB) Schemas(ctx context.Context) ([]records.SavedSchema, error) {
	scan := func(sc RowScanner) (records.SavedSchema, error) {
		var s records.SavedSchema
		return s, sc.Scan(&s.ID, &s.Name, &s.Schema)
	}
	return QueryAll(ctx, s.db, scan, "SELECT id, name, schema FROM answer_schemas ORDER BY name COLLATE NOCASE")
}

// saveSchema saves sc, checked already: new when sc.ID is 0, else in place. Names are unique.
func (s *DB) SaveSchema(ctx context.Context, sc records.SavedSchema) (records.SavedSchema, error) {
	if sc.ID == 0 {
		res, err := s.db.ExecContext(ctx, "INSERT INTO answer_schemas (name, schema) VALUES (?,?)", sc.Name, sc.Schema)
		if err != nil {
			return sc, nameTaken(err, "schema", sc.Name)
		}
		sc.ID, _ = res.LastInsertId()
		return sc, nil
	}
	res, err := s.db.ExecContext(ctx, "UPDATE answer_schemas SET name=?, schema=? WHERE id=?", sc.Name, sc.Schema, sc.ID)
	return sc, nameTaken(Affected(res, err), "schema", sc.Name)
}

// deleteSchema removes a saved schema.
func (s *DB) DeleteSchema(ctx context.Context, id int64) error {
	return Affected(s.db.ExecContext(ctx, "DELETE FROM answer_schemas WHERE id=?", id))
}

// nameTaken says in words that a name is used already, for a unique-name failure.
func nameTaken(err error, what, name string) error {
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE {
		return explain.Checkf("A %s named %q exists already: choose another name.", what, name)
	}
	return err
}

// encodeToolSettings is the tool_settings column of s.
func EncodeToolSettings(s records.ToolSettings) string { return JSONOrEmpty(s) }
