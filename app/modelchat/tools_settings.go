package modelchat

import (
	"context"
	"slices"
	"strings"

	"lectern/app/records"
	"lectern/app/store"
	"lectern/app/workspaces"
	"lectern/client"
)

// ToolSettings returns a model conversation's tools (none for a conversation never set).
func (c *Models) ToolSettings(ctx context.Context, conversationID int64) (records.ToolSettings, error) {
	return c.store.ToolSettings(ctx, c.conn.CacheKey(), conversationID)
}

// SetToolSettings saves a model conversation's tools; they apply from the next message. Blank
// and repeated workspace ids are dropped.
func (c *Models) SetToolSettings(ctx context.Context, conversationID int64, s records.ToolSettings) error {
	return c.setModelColumn(ctx, conversationID, "tool_settings", store.EncodeToolSettings(cleanToolSettings(s)))
}

// cleanToolSettings drops blank and repeated workspace ids and allowed tools.
func cleanToolSettings(s records.ToolSettings) records.ToolSettings {
	var ws []string
	for _, w := range s.Workspaces {
		if w = strings.TrimSpace(w); w != "" && !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	s.Workspaces = ws
	slices.Sort(s.Allowed)
	s.Allowed = slices.Compact(s.Allowed)
	return s
}

// ToolsNote says what the conversation's tier does with its tools: "" on a tier with tools (or
// when the tier is not listed: sending says why); on a tier without, a sentence for the pane.
func (c *Models) ToolsNote(ctx context.Context, conversationID int64) (string, error) {
	conv, err := c.conv.Get(ctx, conversationID)
	if err != nil {
		return "", err
	}
	s, err := c.models.service()
	if err != nil {
		return "", err
	}
	tiers, err := c.models.list(ctx, s, false)
	if err != nil {
		return "", err
	}
	tier := client.FindModel(tiers, conv.Model)
	if tier == nil || tier.Capabilities.Tools {
		return "", nil
	}
	return noToolsNote(conv.Model), nil
}

// noToolsNote says what a tier without function calling does with the tools.
func noToolsNote(tier string) string {
	return tier + " cannot call functions: web search, when on, runs on each message before it is sent and its " +
		"results go with it; workspaces are not consulted and no file is generated. Choose Fast or Smart to have " +
		"the model use them."
}

// resolveTools returns s with its workspaces, ids or names as typed, resolved to ids: from the
// cache, else from the server's list.
func (c *Models) resolveTools(ctx context.Context, s *records.ToolSettings) (*records.ToolSettings, error) {
	if s == nil || len(s.Workspaces) == 0 {
		return s, nil
	}
	out := *s
	out.Workspaces = make([]string, len(s.Workspaces))
	for i, arg := range s.Workspaces {
		ref, known, err := c.sync.CachedWorkspace(ctx, arg)
		if err == nil && !known {
			var listed []client.Workspace
			if listed, err = c.sync.RefreshList(ctx); err == nil {
				ref, err = workspaces.PickWorkspace(arg, listed)
			}
		}
		if err != nil {
			return nil, err
		}
		out.Workspaces[i] = ref.ID
	}
	return &out, nil
}
