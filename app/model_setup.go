package app

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"lectern/app/explain"
	"lectern/app/records"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// A model conversation's setup (system prompt, answer format) can change after its first message;
// each turn keeps the system prompt it was sent with (Turn.System), so a change shows where it
// took effect. Presets and saved schemas are kept in the database of this computer, for every
// server.

// SetSystemPrompt changes a model conversation's system prompt; it applies from the next message
// sent (or retried). The turns sent before keep the prompt they went with.
func (c *Conversations) SetSystemPrompt(ctx context.Context, id int64, text string) error {
	return c.setModelColumn(ctx, id, "system_prompt", strings.TrimSpace(text))
}

// SetTier moves a model conversation to another tier (as in ModelMessage); it applies from the
// next message. The turns answered before keep the tier that answered them (Turn.Model).
func (c *Conversations) SetTier(ctx context.Context, id int64, tier string) error {
	if strings.TrimSpace(tier) == "" {
		return explain.Checkf("Choose a tier to move the conversation to.")
	}
	return c.setModelColumn(ctx, id, "model", tierName(tier))
}

// SetFormat changes a model conversation's answer format (text, or JSON fitting a schema, which
// is checked first); it applies from the next message.
func (c *Conversations) SetFormat(ctx context.Context, id int64, f records.AnswerFormat) error {
	f, err := checkFormat(f)
	if err != nil {
		return err
	}
	return c.setModelColumn(ctx, id, "answer_format", encodeFormat(f))
}

// setModelColumn sets one setup column of a model conversation (column is a name written in this
// file, never outside text).
func (c *Conversations) setModelColumn(ctx context.Context, id int64, column, value string) error {
	conv, err := c.Get(ctx, id)
	if err != nil {
		return err
	}
	if conv.Kind != records.KindModel {
		return explain.Checkf("Only a conversation with a model has a system prompt and an answer format.")
	}
	res, err := c.store.db.ExecContext(ctx, "UPDATE conversations SET "+column+"=? WHERE server=? AND id=?",
		value, c.conn.cacheKey(), id)
	if err := affected(res, err); err != nil {
		return err
	}
	c.bus.Emit(ConversationsChanged{})
	return nil
}

// Presets returns the saved presets, by name.
func (c *Conversations) Presets(ctx context.Context) ([]records.Preset, error) {
	scan := func(sc rowScanner) (records.Preset, error) {
		var p records.Preset
		var format string
		err := sc.Scan(&p.ID, &p.Name, &p.Tier, &p.System, &format)
		p.Format = decodeFormat(format)
		return p, err
	}
	return queryAll(ctx, c.store.db, scan, "SELECT id, name, tier, system_prompt, answer_format FROM model_presets ORDER BY name COLLATE NOCASE")
}

// SavePreset saves p: a new preset when p.ID is 0, else in place of preset p.ID. It returns the
// preset as saved. Names are unique.
func (c *Conversations) SavePreset(ctx context.Context, p records.Preset) (records.Preset, error) {
	if p.Name = strings.TrimSpace(p.Name); p.Name == "" {
		return p, explain.Checkf("The preset has no name: type one.")
	}
	f, err := checkFormat(p.Format)
	if err != nil {
		return p, err
	}
	p.Format, p.System = f, strings.TrimSpace(p.System)
	if p.Tier != "" {
		p.Tier = tierName(p.Tier)
	}
	args := []any{p.Name, p.Tier, p.System, encodeFormat(p.Format)}
	if p.ID == 0 {
		res, err := c.store.db.ExecContext(ctx, `INSERT INTO model_presets (name, tier, system_prompt, answer_format)
			VALUES (?,?,?,?)`, args...)
		if err != nil {
			return p, nameTaken(err, "preset", p.Name)
		}
		p.ID, _ = res.LastInsertId()
		return p, nil
	}
	res, err := c.store.db.ExecContext(ctx, `UPDATE model_presets SET name=?, tier=?, system_prompt=?, answer_format=?
		WHERE id=?`, append(args, p.ID)...)
	return p, nameTaken(affected(res, err), "preset", p.Name)
}

// DeletePreset removes a preset; conversations started from it keep their setup.
func (c *Conversations) DeletePreset(ctx context.Context, id int64) error {
	return affected(c.store.db.ExecContext(ctx, "DELETE FROM model_presets WHERE id=?", id))
}

// NewChatFromPreset starts a model conversation with a preset's tier, system prompt and answer
// format (the responses API family).
func (c *Conversations) NewChatFromPreset(ctx context.Context, presetID int64, title string) (records.Conversation, error) {
	var p records.Preset
	var format string
	err := c.store.db.QueryRowContext(ctx, "SELECT id, name, tier, system_prompt, answer_format FROM model_presets WHERE id=?",
		presetID).Scan(&p.ID, &p.Name, &p.Tier, &p.System, &format)
	if errors.Is(err, sql.ErrNoRows) {
		return records.Conversation{}, records.ErrNotFound
	}
	if err != nil {
		return records.Conversation{}, err
	}
	conv, err := c.NewChat(ctx, p.Tier, p.System, records.APIResponses, title)
	if err != nil {
		return conv, err
	}
	if conv.Format = decodeFormat(format); conv.Format.JSON() {
		err = c.SetFormat(ctx, conv.ID, conv.Format)
	}
	return conv, err
}

// Schemas returns the saved schemas, by name.
func (c *Conversations) Schemas(ctx context.Context) ([]records.SavedSchema, error) {
	scan := func(sc rowScanner) (records.SavedSchema, error) {
		var s records.SavedSchema
		return s, sc.Scan(&s.ID, &s.Name, &s.Schema)
	}
	return queryAll(ctx, c.store.db, scan, "SELECT id, name, schema FROM answer_schemas ORDER BY name COLLATE NOCASE")
}

// SaveSchema saves s (new when s.ID is 0, else in place) after checking that it is a JSON schema
// the answer checker can use; names are unique.
func (c *Conversations) SaveSchema(ctx context.Context, s records.SavedSchema) (records.SavedSchema, error) {
	if s.Name = strings.TrimSpace(s.Name); s.Name == "" {
		return s, explain.Checkf("The schema has no name: type one.")
	}
	f, err := checkFormat(records.AnswerFormat{Name: s.Name, Schema: []byte(s.Schema)})
	if err != nil {
		return s, err
	}
	s.Schema = string(f.Schema)
	if s.ID == 0 {
		res, err := c.store.db.ExecContext(ctx, "INSERT INTO answer_schemas (name, schema) VALUES (?,?)", s.Name, s.Schema)
		if err != nil {
			return s, nameTaken(err, "schema", s.Name)
		}
		s.ID, _ = res.LastInsertId()
		return s, nil
	}
	res, err := c.store.db.ExecContext(ctx, "UPDATE answer_schemas SET name=?, schema=? WHERE id=?", s.Name, s.Schema, s.ID)
	return s, nameTaken(affected(res, err), "schema", s.Name)
}

// DeleteSchema removes a saved schema; formats that copied it keep their copy.
func (c *Conversations) DeleteSchema(ctx context.Context, id int64) error {
	return affected(c.store.db.ExecContext(ctx, "DELETE FROM answer_schemas WHERE id=?", id))
}

// nameTaken says in words that a name is used already, for a unique-name failure.
func nameTaken(err error, what, name string) error {
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE {
		return explain.Checkf("A %s named %q exists already: choose another name.", what, name)
	}
	return err
}
