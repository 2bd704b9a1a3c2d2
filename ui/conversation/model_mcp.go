package conversation

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"lectern/app/mcp"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// A model chat's MCP servers (issue 30): the servers added in Settings > Tools > MCP servers whose
// tools the chat offers beside the built-in ones, picked in a dialog of ticks with each server's
// state in words.

// MCPServers are the MCP servers a chat may offer the tools of (*mcp.Servers).
type MCPServers interface {
	States() []mcp.State
}

// mcpText names the servers chosen on the picker's button.
func (t *toolsBar) mcpText() string {
	if len(t.settings.MCPServers) == 0 {
		return "MCP tools: none"
	}
	return "MCP tools: " + words.Cut(safetext.OneLine(strings.Join(t.settings.MCPServers, ", ")), consultTextChars)
}

// pickMCP opens the list of MCP servers, those the chat offers ticked; Save keeps the choice.
func (t *toolsBar) pickMCP() {
	src := t.m.store.MCP
	if src == nil {
		return
	}
	go func() {
		states := src.States()
		t.m.c.lf.Do(func() { t.showMCPPicker(states) })
	}()
}

// showMCPPicker shows the servers of states as ticks, each with its state.
func (t *toolsBar) showMCPPicker(states []mcp.State) {
	var opts, selected []string
	names := map[string]string{}
	for _, st := range states {
		opt := words.Cut(safetext.OneLine(st.Name+": "+st.Words()), pickerNameChars+40)
		names[opt] = st.Name
		opts = append(opts, opt)
		if slices.Contains(t.settings.MCPServers, st.Name) {
			selected = append(selected, opt)
		}
	}
	intro := widget.NewLabel("The model may call the tools of these servers while it answers; each time, you allow it first. " +
		"Add servers in Settings > Tools > MCP servers.")
	intro.Wrapping = fyne.TextWrapWord
	var body fyne.CanvasObject = intro
	group := widgets.NewCheckList(opts, selected)
	if len(opts) == 0 {
		intro.SetText("No MCP servers yet: add them in Settings > Tools > MCP servers, by pasting the \"mcpServers\" " +
			"JSON another AI app uses, or with \"lectern mcp add FILE\".")
	} else {
		body = container.NewBorder(intro, nil, nil, nil, container.NewVScroll(group.Box))
	}
	d := dialog.NewCustomConfirm("MCP tools", "Save", "Cancel", body, func(ok bool) {
		if ok {
			t.settings.MCPServers = nil
			for _, opt := range opts {
				if slices.Contains(group.Selected(), opt) {
					t.settings.MCPServers = append(t.settings.MCPServers, names[opt])
				}
			}
			t.mcp.SetText(t.mcpText())
			t.save()
		}
	}, t.m.c.win)
	d.Resize(fyne.NewSize(520, 360))
	d.Show()
}
