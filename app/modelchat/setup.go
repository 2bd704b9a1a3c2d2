package modelchat

import (
	"context"
	"strings"

	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/store"
)

// A model conversation's setup (system prompt, answer format) can change after its first message;
// each turn keeps the system prompt it was sent with (Turn.System), so a change shows where it
// took effect. Presets and saved schemas are kept in the database of this computer, for every
// server.

// SetSystemPrompt changes a model conversation's system prompt; it applies from the next message
// sent (or retried). The turns sent before keep the prompt they went with.
func (c *Models) SetSystemPrompt(ctx context.Context, id int64, text string) error {
	return c.setModelColumn(ctx, id, "system_prompt", strings.TrimSpace(text))
}

// SetTier moves a model conversation to another tier (as in ModelMessage); it applies from the
// next message. The turns answered before keep the tier that answered them (Turn.Model).
func (c *Models) SetTier(ctx context.Context, id int64, tier string) error {
	if strings.TrimSpace(tier) == "" {
		return explain.Checkf("Choose a tier to move the conversation to.")
	}
	return c.setModelColumn(ctx, id, "model", tierName(tier))
}

// SetFormat changes a model conversation's answer format (text, or JSON fitting a schema, which
// is checked first); it applies from the next message.
func (c *Models) SetFormat(ctx context.Context, id int64, f records.AnswerFormat) error {
	f, err := checkFormat(f)
	if err != nil {
		return err
	}
	return c.setModelColumn(ctx, id, "answer_format", store.EncodeFormat(f))
}

// setModelColumn sets one setup column of a model conversation (column is a name written in this
// file, never outside text).
func (c *Models) setModelColumn(ctx context.Context, id int64, column, value string) error {
	conv, err := c.conv.Get(ctx, id)
	if err != nil {
		return err
	}
	if conv.Kind != records.KindModel {
		return explain.Checkf("Only a conversation with a model has a system prompt and an answer format.")
	}
	if err := c.store.SetModelColumn(ctx, c.conn.CacheKey(), id, column, value); err != nil {
		return err
	}
	c.bus.Emit(events.ConversationsChanged{})
	return nil
}

// Presets returns the saved presets, by name.
func (c *Models) Presets(ctx context.Context) ([]records.Preset, error) {
	return c.store.Presets(ctx)
}

// SavePreset saves p: a new preset when p.ID is 0, else in place of preset p.ID. It returns the
// preset as saved. Names are unique.
func (c *Models) SavePreset(ctx context.Context, p records.Preset) (records.Preset, error) {
	if p.Name = strings.TrimSpace(p.Name); p.Name == "" {
		return p, explain.Checkf("The preset has no name: type one.")
	}
	f, err := checkFormat(p.Format)
	if err != nil {
		return p, err
	}
	p.Format, p.System, p.Tools = f, strings.TrimSpace(p.System), cleanToolSettings(p.Tools)
	if p.Tier != "" {
		p.Tier = tierName(p.Tier)
	}
	return c.store.SavePreset(ctx, p)
}

// DeletePreset removes a preset; conversations started from it keep their setup.
func (c *Models) DeletePreset(ctx context.Context, id int64) error {
	return c.store.DeletePreset(ctx, id)
}

// NewChatFromPreset starts a model conversation with a preset's tier, system prompt, answer
// format and tools (among them the MCP servers whose tools it offers), in the responses API family.
func (c *Models) NewChatFromPreset(ctx context.Context, presetID int64, title string) (records.Conversation, error) {
	p, err := c.store.Preset(ctx, presetID)
	if err != nil {
		return records.Conversation{}, err
	}
	conv, err := c.NewChat(ctx, p.Tier, p.System, records.APIResponses, title)
	if err != nil {
		return conv, err
	}
	if conv.Format = p.Format; conv.Format.JSON() {
		err = c.SetFormat(ctx, conv.ID, conv.Format)
	}
	if err == nil && p.Tools.Any() {
		err = c.SetToolSettings(ctx, conv.ID, p.Tools)
	}
	return conv, err
}

// Schemas returns the saved schemas, by name.
func (c *Models) Schemas(ctx context.Context) ([]records.SavedSchema, error) {
	return c.store.Schemas(ctx)
}

// SaveSchema saves s (new when s.ID is 0, else in place) after checking that it is a JSON schema
// the answer checker can use; names are unique.
func (c *Models) SaveSchema(ctx context.Context, s records.SavedSchema) (records.SavedSchema, error) {
	if s.Name = strings.TrimSpace(s.Name); s.Name == "" {
		return s, explain.Checkf("The schema has no name: type one.")
	}
	f, err := checkFormat(records.AnswerFormat{Name: s.Name, Schema: []byte(s.Schema)})
	if err != nil {
		return s, err
	}
	s.Schema = string(f.Schema)
	return c.store.SaveSchema(ctx, s)
}

// DeleteSchema removes a saved schema; formats that copied it keep their copy.
func (c *Models) DeleteSchema(ctx context.Context, id int64) error {
	return c.store.DeleteSchema(ctx, id)
}

// NewChatInProject starts a model conversation in a project with the project's defaults: its
// tier, system prompt and tools (among them the MCP servers whose tools it offers and the
// workspaces it consults), in the responses API family.
func (c *Models) NewChatInProject(ctx context.Context, project int64, title string) (records.Conversation, error) {
	p, err := c.conv.Project(ctx, project)
	if err != nil {
		return records.Conversation{}, err
	}
	d := p.Defaults
	conv, err := c.NewChat(ctx, d.Tier, d.System, records.APIResponses, title)
	if err != nil {
		return conv, err
	}
	if d.Tools.Any() {
		if err := c.SetToolSettings(ctx, conv.ID, d.Tools); err != nil {
			return conv, err
		}
	}
	conv.ProjectID = p.ID
	return conv, c.conv.MoveToProject(ctx, []int64{conv.ID}, p.ID)
}
