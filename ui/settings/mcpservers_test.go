package settings

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/zalando/go-keyring"
)

// rowTexts are the texts of the MCP servers' rows.
func rowTexts(m *mcpSettings) []string {
	var out []string
	for _, o := range m.rows.Objects {
		switch o := o.(type) {
		case *widget.Label:
			out = append(out, o.Text)
		case *fyne.Container:
			var b strings.Builder
			for _, c := range o.Objects {
				if l, ok := c.(*widget.Label); ok {
					b.WriteString(l.Text + " | ")
				}
			}
			out = append(out, b.String())
		}
	}
	return out
}

// Issue 30: Settings > Tools: MCP servers takes the mcpServers JSON another AI app uses, or a name
// and a command; each server is listed with what it runs and its state in words; what cannot be
// used is said; Remove removes it. Nothing of its env reaches settings.json.
func TestMCPServerSettings(t *testing.T) {
	keyring.MockInit()
	f := newFixture(t)
	w := f.open()
	m := w.mcp
	until(t, "the empty list", func() bool { return len(rowTexts(m)) == 1 && rowTexts(m)[0] == "No MCP servers yet." })

	test.Type(m.paste, `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"], `+
		`"env": {"GITHUB_TOKEN": "ghp_SECRET"}}, "remote": {"type": "streamableHttp", "url": "https://mcp.example/mcp"}}}`)
	test.Tap(m.add)
	until(t, "two servers", func() bool { return len(rowTexts(m)) == 2 })
	rows := rowTexts(m)
	if !strings.Contains(rows[0], "npx -y @modelcontextprotocol/server-github\nstarts when a chat first uses its tools | github") ||
		!strings.Contains(rows[1], "https://mcp.example/mcp\nstarts when a chat first uses its tools | remote") || m.paste.Text != "" {
		t.Errorf("rows %q, paste %q", rows, m.paste.Text)
	}
	if data, _ := os.ReadFile(f.home + "/settings.json"); strings.Contains(string(data), "ghp_SECRET") {
		t.Errorf("settings.json holds a secret: %s", data)
	}

	test.Type(m.paste, `{"mcpServers": {"old": {"type": "sse", "url": "https://x/sse"}}}`)
	test.Tap(m.add)
	until(t, "the problem", func() bool { return m.problem.Visible() && strings.Contains(m.problem.Text, "old SSE transport") })

	test.Type(m.name, "everything")
	test.Type(m.command, "npx-that-is-not-there -y server-everything")
	test.Tap(m.addOne)
	until(t, "three servers", func() bool { return len(rowTexts(m)) == 3 && !m.problem.Visible() })
	if rows := rowTexts(m); !strings.Contains(rows[0], "npx-that-is-not-there -y server-everything\nstarts when a chat first uses its tools | everything") {
		t.Errorf("rows %q", rows)
	}
	capture(t, w, "LECTERN_MCP_SHOT", fyne.NewSize(620, 2600))
	remove := m.rows.Objects[0].(*fyne.Container).Objects[2].(fyne.Tappable)
	remove.Tapped(&fyne.PointEvent{})
	until(t, "two servers again", func() bool { return len(rowTexts(m)) == 2 })
}
