package modelchat

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"lectern/client"
)

// The tier picker's catalog: the tiers GET /v1/models lists for the key (Genius only when the
// server has it), each with what it can take, and words for a conversation whose tier is gone.

// Tier is one tier as a picker shows it.
type Tier struct {
	Name          string // Instant, Fast, Smart, Genius (or what the server calls it)
	Tools         bool   // can call functions
	Vision        bool   // can read images
	ContextWindow int    // tokens; 0 when the server does not say
	MaxOutput     int    // the longest answer in tokens; 0 when the server does not say
}

// Summary says a tier's abilities and limits in words, for a tooltip or a line under its name.
func (t Tier) Summary() string {
	var parts []string
	if t.Tools {
		parts = append(parts, "calls functions")
	}
	if t.Vision {
		parts = append(parts, "reads images")
	}
	if t.ContextWindow > 0 {
		parts = append(parts, fmt.Sprintf("a %s-token window", thousands(t.ContextWindow)))
	}
	if t.MaxOutput > 0 {
		parts = append(parts, fmt.Sprintf("answers up to %s tokens", thousands(t.MaxOutput)))
	}
	if len(parts) == 0 {
		return "text only"
	}
	return strings.Join(parts, ", ")
}

// thousands writes n with commas (128,000).
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// tierOf is the picker's view of a listed tier.
func tierOf(m client.Model) Tier {
	return Tier{Name: m.ID, Tools: m.Capabilities.Tools, Vision: m.Capabilities.Vision,
		ContextWindow: m.ContextWindow, MaxOutput: m.MaxOutputTokens}
}

// Tiers returns the tiers the key may use, in the server's order, asked of the server (the
// catalog that checks messages is refreshed with it).
func (c *Models) Tiers(ctx context.Context) ([]Tier, error) {
	s, err := c.models.service()
	if err != nil {
		return nil, err
	}
	list, err := c.models.list(ctx, s, true)
	if err != nil {
		return nil, err
	}
	return tiersOf(list), nil
}

// DefaultTier is the tier a new model conversation gets: the settings' model tier, else Fast.
func (c *Models) DefaultTier() string {
	return tierName(cmp.Or(c.modelTier(), client.ModelFast))
}

// TierGone says in words that a conversation's tier is not among the tiers the key may use any
// more, and what to do; "" when it is listed.
func TierGone(tier string, tiers []Tier) string {
	if slices.ContainsFunc(tiers, func(t Tier) bool { return strings.EqualFold(t.Name, tier) }) {
		return ""
	}
	names := make([]string, len(tiers))
	for i, t := range tiers {
		names[i] = t.Name
	}
	if len(names) == 0 {
		return fmt.Sprintf("%s is no longer offered, and this key may use no tier now. Ask an administrator.", tier)
	}
	return fmt.Sprintf("%s is no longer offered by the server for this key, so this conversation cannot continue with it. "+
		"Its turns stay readable; choose another tier (%s) to go on.", tier, strings.Join(names, ", "))
}
