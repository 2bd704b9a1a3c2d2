package modelchat

import (
	"context"

	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/client"
)

// A model chat's tools: the conversation's settings (tools_settings.go), the sources a message
// offers the model, and the model side of app/tools' loop (Round, AddRound, AddSearch), which
// runs them; how their runs go back to the model is tools_wire.go.

// ToolChats is what a front-end needs for tools in model chats; *Models implements it.
// The rest of the API is data: AskOptions.Consent, TurnChanged.Parts, the parts and their runs.
type ToolChats interface {
	// ToolSettings returns a model conversation's tools (none for a conversation never set).
	ToolSettings(ctx context.Context, conversationID int64) (records.ToolSettings, error)
	// SetToolSettings saves a model conversation's tools; they apply from the next message.
	// Workspaces are ids the key can open; Allowed may be cleared to ask again.
	SetToolSettings(ctx context.Context, conversationID int64, s records.ToolSettings) error
	// ToolsNote says, in a sentence a pane can show by the tool toggles, what the conversation's
	// tier does with its tools: "" on a tier with tools; on one without, that web search runs on
	// each message first and that workspaces are not consulted, and why.
	ToolsNote(ctx context.Context, conversationID int64) (string, error)
}

var _ ToolChats = (*Models)(nil)

// chatTools are the tools of one message: the conversation's settings, the sources offered (a
// tier with tools) or the web search run on the message first (a tier without).
type chatTools struct {
	settings records.ToolSettings
	sources  []tools.Source
	search   tools.Source // nil unless web search runs on the message first
	note     string       // why tools asked for are not offered (a tier without tools), "" when they are
}

// chatTools resolves the tools of a message in conv: override (AskOptions.Tools) or the saved
// settings, for conv's tier. A tier not listed gets none: prepare refuses it in words.
func (c *Models) chatTools(ctx context.Context, s modelSession, conv records.Conversation, override *records.ToolSettings) (chatTools, error) {
	var saved records.ToolSettings
	if conv.ID != 0 {
		var err error
		if saved, err = c.ToolSettings(ctx, conv.ID); err != nil {
			return chatTools{}, err
		}
	}
	settings := saved
	if override != nil {
		settings = cleanToolSettings(*override)
		if settings.Allowed == nil {
			settings.Allowed = saved.Allowed
		}
	}
	tiers, err := c.models.list(ctx, s, false)
	if err != nil {
		return chatTools{}, err
	}
	tier := client.FindModel(tiers, conv.Model)
	switch {
	case tier == nil:
		return chatTools{settings: settings}, nil
	case !tier.Capabilities.Tools:
		ct := chatTools{settings: settings}
		if settings.WebSearch {
			ct.search = c.tools.Builtin(ctx, settings)
		}
		if len(settings.Workspaces) > 0 || settings.Files || len(settings.MCPServers) > 0 {
			ct.note = noToolsNote(tier.ID)
		}
		return ct, nil
	}
	ct := chatTools{settings: settings, sources: []tools.Source{c.tools.Builtin(ctx, settings)}}
	if src, note := mcpTools(ctx, c.mcp, settings.MCPServers); src != nil || note != "" {
		if src != nil {
			ct.sources = append(ct.sources, src)
		}
		ct.note = note
	}
	return ct, nil
}

// Answer streams the answer of the saved pending turn through app/tools' loop, which runs the
// tools it calls, and saves how it ended.
func (m *modelAnswerer) Answer(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error {
	if err := m.saveToolSettings(ctx); err != nil {
		return err
	}
	return m.c.tools.Answer(ctx, turn, tools.Message{Chat: m, Sources: m.tools.sources, Search: m.tools.search,
		Settings: m.tools.settings, Consent: m.consent}, notify)
}

// saveToolSettings saves the settings the message was sent with (AskOptions.Tools) as the
// conversation's.
func (m *modelAnswerer) saveToolSettings(ctx context.Context) error {
	if m.toolsOverride == nil {
		return nil
	}
	return m.c.SetToolSettings(context.WithoutCancel(ctx), m.conv.ID, m.tools.settings)
}

// Round streams the model's next answer into turn and saves how it ended (finishModel).
func (m *modelAnswerer) Round(ctx context.Context, turn *records.Turn, notify func(events.TurnChanged)) error {
	return m.c.finishModel(ctx, turn, m.conv, m.stream(ctx, *turn, notify))
}

// AddRound adds a round of the turn to the next request (addRound).
func (m *modelAnswerer) AddRound(text string, parts []records.TurnPart) { m.req.addRound(text, parts) }

// AddSearch adds the output of the web search run on the message to it, as context.
func (m *modelAnswerer) AddSearch(output string) { m.req.addContext(messageContext(output)) }

// SetToolSettings saves a conversation's tools (Models.SetToolSettings).
func (m *modelAnswerer) SetToolSettings(ctx context.Context, conversationID int64, s records.ToolSettings) error {
	return m.c.SetToolSettings(ctx, conversationID, s)
}

var _ tools.Chat = (*modelAnswerer)(nil)

// messageContext introduces a search's output sent with the message.
func messageContext(output string) string {
	if output == "" {
		return ""
	}
	return "[Lectern ran a web search on this message before sending it; the results follow.]\n" + output
}
