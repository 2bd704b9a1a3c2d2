package conversation

import (
	"slices"

	"fyne.io/fyne/v2"

	"lectern/app/records"
	"lectern/ui/widgets"
)

// The functions below do for the test harness (the screenshot tour) what a person's clicks on a
// model chat's controls would.

// SetUpModelChat picks tier, types system as the system prompt and picks the answer format
// option named format ("" leaves it), as a person would before the first message; false when no
// model chat is shown, its tiers are not read yet, or tier or format is not offered.
func (c *Pane) SetUpModelChat(tier, system, format string) bool {
	m := c.model
	if c.conv.Kind != records.KindModel || len(m.tiers) == 0 {
		return false
	}
	if _, ok := m.tierNamed(tier); !ok {
		return false
	}
	if format != "" && !slices.Contains(m.format.sel.Options, format) {
		return false
	}
	m.selectTier(tier)
	m.system.SetText(system)
	if format != "" {
		m.format.sel.SetSelected(format)
	}
	return true
}

// OpenTierPicker opens the tier picker's list, as a click on it does.
func (c *Pane) OpenTierPicker() {
	c.model.tierSel.Tapped(&fyne.PointEvent{})
}

// TypeQuestion types text in the question box without sending it.
func (c *Pane) TypeQuestion(text string) { c.input.SetText(text) }

// ContextMeter is the context meter's line, "" while it is not shown.
func (c *Pane) ContextMeter() string {
	if !c.model.meter.tokens.Visible() {
		return ""
	}
	return c.model.meter.tokens.Text
}

// ModelTier is the tier of the model chat shown, "" when a workspace conversation is shown.
func (c *Pane) ModelTier() string {
	if c.conv.Kind != records.KindModel {
		return ""
	}
	return c.conv.Model
}

// ReadWithOCR starts OCR of the scanned PDF named name in the file tray, as its Read with OCR
// button does; false when no such card offers it.
func (c *Pane) ReadWithOCR(name string) bool {
	for _, e := range c.model.files.entries {
		if card, ok := e.card.(*widgets.FileTextCard); ok && e.text != nil && e.text.Name == name && card.OCR.Visible() {
			c.model.files.startOCR(e)
			return true
		}
	}
	return false
}

// SetTools turns web search on or off in the model chat shown and, when workspaceID is not "",
// has it consult that workspace (named name), as the toggle and the picker do; false when no
// model chat is shown.
func (c *Pane) SetTools(webSearch bool, workspaceID, name string) bool {
	if c.conv.Kind != records.KindModel {
		return false
	}
	t := c.model.tools
	if workspaceID != "" {
		t.names[workspaceID] = name
		t.chosen([]string{name}, []string{name}, map[string]string{name: workspaceID})
	}
	t.web.SetChecked(webSearch)
	return true
}

// CallsAsking counts the cards that ask whether their call may run and, when allow, presses
// Allow once on each.
func (c *Pane) CallsAsking(allow bool) int {
	n := 0
	for _, card := range c.askCards {
		if card.Consent.Asking() {
			if allow {
				card.Consent.Once.OnTapped()
			}
			n++
		}
	}
	return n
}

// SetMCPServers has the model chat shown offer the tools of the MCP servers named, as ticking them
// in its MCP tools picker does; false when no model chat is shown.
func (c *Pane) SetMCPServers(names ...string) bool {
	if c.conv.Kind != records.KindModel {
		return false
	}
	t := c.model.tools
	t.settings.MCPServers = names
	t.mcp.SetText(t.mcpText())
	t.save()
	return true
}

// AllowButton is the Allow once button of a card that asks whether its call may run, nil when
// none asks.
func (c *Pane) AllowButton() fyne.CanvasObject {
	for _, card := range c.askCards {
		if card.Consent.Asking() {
			return card.Consent.Once
		}
	}
	return nil
}

// ToolCards are what the cards of the tools' calls say (their screen reader's labels: the
// title, the result in a few words, the status), of every turn built.
func (c *Pane) ToolCards() []string {
	var out []string
	for _, v := range c.views {
		for _, card := range v.cards {
			out = append(out, card.AccessibilityLabel())
		}
	}
	return out
}
