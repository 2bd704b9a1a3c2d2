package realwin

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"

	"lectern/ui/internal/harness"
)

// The probe's side of the MCP check (issue 30): a model chat calls a tool of an MCP server after
// the person allows it on the call's card, and the card shows the result.

// MCPState is the answer to "mcp-state": where the Allow once button of a card asking for consent
// is (zero when none asks), and what the tools' cards say.
type MCPState struct {
	Allow Rect
	Cards []string
}

// mcpCommand carries out "mcp-add JSON" (adds the servers of an mcpServers JSON), "mcp-ask
// SERVER\tQUESTION" (the model chat shown offers SERVER's tools, and QUESTION is asked) and
// "mcp-state".
func mcpCommand(u *harness.Window, cmd, arg string) (any, error) {
	switch cmd {
	case "mcp-add":
		_, err := u.App.Models().MCPServers().Add([]byte(arg))
		return struct{}{}, err
	case "mcp-ask":
		server, question, _ := strings.Cut(arg, "\t")
		ok := false
		fyne.DoAndWait(func() {
			if p := u.Pane(); p != nil && p.SetMCPServers(server) {
				u.Ask(question)
				ok = true
			}
		})
		if !ok {
			return nil, fmt.Errorf("no model chat shown to offer %s's tools", server)
		}
		return struct{}{}, nil
	}
	var s MCPState
	fyne.DoAndWait(func() {
		p := u.Pane()
		if p == nil {
			return
		}
		if b := p.AllowButton(); b != nil && b.Visible() {
			pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
			s.Allow = Rect{pos.X, pos.Y, b.Size().Width, b.Size().Height}
		}
		s.Cards = p.ToolCards()
	})
	return s, nil
}
