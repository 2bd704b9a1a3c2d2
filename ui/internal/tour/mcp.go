package tour

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/mcpserver"
)

// The MCP stops (issue 30): a model chat that called a tool of server-everything, allowed on its
// card; Settings at its MCP servers; Settings at the lines other AI apps paste. The screenshot
// script runs from the repository's root, where make test-deps installed the npm peers.

// everythingIndex is server-everything's program in testdata/mcp.
var everythingIndex = filepath.Join("testdata", "mcp", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")

// addEverything adds server-everything as the MCP server "everything", once.
func (t *tour) addEverything() error {
	index, err := filepath.Abs(everythingIndex)
	if err == nil {
		_, err = os.Stat(index)
	}
	if err != nil {
		return fmt.Errorf("server-everything is not installed (make test-deps): %v", err)
	}
	data, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"everything": map[string]any{
		"command": "node", "args": []string{index, "stdio"}}}})
	_, err = t.b.Models().MCPServers().Add(data)
	return err
}

// mcpCard shoots the card of server-everything's echo tool that a model chat called, allowed on
// the card: the tool and its server, its arguments and its result.
func (t *tour) mcpCard() (fyne.Window, error) {
	t.closeOverlays()
	if err := t.addEverything(); err != nil {
		return nil, err
	}
	if err := t.startModelChat("Fast", "", ""); err != nil {
		return nil, err
	}
	ok := false
	onUI(func() { ok = t.w.Pane().SetMCPServers("everything") })
	if !ok {
		return nil, errors.New("no model chat to offer the MCP tools in")
	}
	return t.w.Main(), t.askAllowingCalls("mcp__everything__echo: hello from Lectern's tour")
}

// settingsMCP shoots Settings at its MCP servers, each with its state.
func (t *tour) settingsMCP() (fyne.Window, error) { return t.settingsAt("Tools: MCP servers") }

// settingsOtherApps shoots Settings at the lines to paste into other AI apps and their calls,
// after a host (the Go SDK's client, named Claude Desktop) asked a workspace through lectern mcp's
// server, in memory.
func (t *tour) settingsOtherApps() (fyne.Window, error) {
	t.closeSettings()
	if err := t.askAsAHost("My documents", "How many days of annual leave do employees get?"); err != nil {
		return nil, err
	}
	return t.settingsAt("Use your workspaces in other apps")
}

// askAsAHost asks workspace question through the MCP server over the app, as an AI app does.
func (t *tour) askAsAHost(workspace, question string) error {
	ctx := context.Background()
	a := t.b
	srv := mcpserver.New(mcpserver.Backend{Workspaces: a.Workspaces(), Asker: a.Questions(), History: a.Conversations(),
		Describe: a.Describe, Log: mcpserver.NewCallLog(a.Home())}, "tour")
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		return err
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "claude-ai", Title: "Claude Desktop", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return err
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mcpserver.ToolAsk,
		Arguments: map[string]any{"workspace": workspace, "question": question}})
	if err == nil && res.IsError {
		err = errors.New("ask_workspace failed")
	}
	return err
}

// settingsAt opens Settings and scrolls it so that the section headed heading is at its top.
func (t *tour) settingsAt(heading string) (fyne.Window, error) {
	w, err := t.settings()
	if err != nil {
		return nil, err
	}
	time.Sleep(500 * time.Millisecond) // the servers' states are read in the background
	found := false
	onUI(func() {
		sc := settingsScroll(w)
		if sc == nil {
			return
		}
		d := fyne.CurrentApp().Driver()
		walk(sc.Content, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && l.Text == heading && !found {
				top := d.AbsolutePositionForObject(l).Y - d.AbsolutePositionForObject(sc.Content).Y
				sc.ScrollToOffset(fyne.NewPos(0, top))
				found = true
			}
		})
	})
	if !found {
		return nil, fmt.Errorf("no section %q in Settings", heading)
	}
	return w, nil
}

// settingsScroll is the scroll of the Settings window's content, under the focus ring's layer;
// nil when there is none.
func settingsScroll(w fyne.Window) *container.Scroll {
	var sc *container.Scroll
	walk(w.Content(), func(o fyne.CanvasObject) {
		if s, ok := o.(*container.Scroll); ok && sc == nil {
			sc = s
		}
	})
	return sc
}

// walk calls fn for o and every object in the containers under it.
func walk(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	fn(o)
	if c, ok := o.(*fyne.Container); ok {
		for _, child := range c.Objects {
			walk(child, fn)
		}
	}
}
