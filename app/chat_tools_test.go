package app

import (
	"slices"
	"strings"
	"testing"
)

// A model conversation's tools are saved with it (blank and repeated workspaces dropped), read
// back after reopening, and a tier without function calling says what it does with them.
func TestToolSettingsSavedWithTheConversation(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	cs := f.app.Conversations()
	conv, err := cs.NewChat(ctx, "Fast", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if s, err := cs.ToolSettings(ctx, conv.ID); err != nil || s.Any() {
		t.Fatalf("a new conversation has tools: %+v, %v", s, err)
	}
	set := ToolSettings{WebSearch: true, Workspaces: []string{f.ws, " ", f.ws, f.org}, Allowed: []ToolKind{ToolWebSearch, ToolWebSearch}}
	if err := cs.SetToolSettings(ctx, conv.ID, set); err != nil {
		t.Fatal(err)
	}
	got, err := f.open().Conversations().ToolSettings(ctx, conv.ID)
	if err != nil || !got.WebSearch || got.Files || !slices.Equal(got.Workspaces, []string{f.ws, f.org}) ||
		!slices.Equal(got.Allowed, []ToolKind{ToolWebSearch}) {
		t.Fatalf("read back %+v, %v", got, err)
	}
	if note, err := cs.ToolsNote(ctx, conv.ID); note != "" || err != nil {
		t.Errorf("Fast has tools, yet: %q, %v", note, err)
	}
	instant, _ := cs.NewChat(ctx, "Instant", "", "", "")
	if note, err := cs.ToolsNote(ctx, instant.ID); !strings.HasPrefix(note, "Instant cannot call functions: web search") || err != nil {
		t.Errorf("Instant: %q, %v", note, err)
	}
	if _, err := cs.ToolSettings(ctx, 9999); err != ErrNotFound {
		t.Errorf("no conversation: %v", err)
	}
}
