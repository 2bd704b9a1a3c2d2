package settings

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/mcp"
	"lectern/internal/safetext"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// The section "Tools: MCP servers" (issue 30): the MCP servers whose tools model chats may offer.
// A server is added by pasting the "mcpServers" JSON another AI app uses, or by the form (a name,
// and a command line or an address); each is listed with what it runs, its state in words, and
// Remove.

// MCPServers are the MCP servers as Settings changes them (*mcp.Servers).
type MCPServers interface {
	Add(data []byte) ([]mcp.Server, error)
	AddServer(s mcp.Server) error
	List() ([]mcp.Server, error)
	States() []mcp.State
	Remove(name string) error
}

// mcpSettings are the section's controls.
type mcpSettings struct {
	s       *Window
	servers MCPServers
	paste   *widgets.Entry
	name    *widgets.Entry
	command *widgets.Entry // a command line, or an http(s) address
	add     *widget.Button
	addOne  *widget.Button
	problem *widget.Label
	rows    *fyne.Container
	root    fyne.CanvasObject
}

func newMCPSettings(s *Window, servers MCPServers) *mcpSettings {
	m := &mcpSettings{s: s, servers: servers, paste: widgets.NewMultiLineEntry("mcpServers JSON"),
		name: widgets.NewEntry("Server name"), command: widgets.NewEntry("Command or address"),
		problem: widget.NewLabel(""), rows: container.NewVBox()}
	m.paste.SetPlaceHolder(`{"mcpServers": {"everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}}}`)
	m.paste.SetMinRowsVisible(4)
	m.paste.Wrapping = fyne.TextWrapBreak
	m.name.SetPlaceHolder("everything")
	m.command.SetPlaceHolder("npx -y @modelcontextprotocol/server-everything, or https://…/mcp")
	m.add = widget.NewButtonWithIcon("Add the pasted servers", theme.ContentAddIcon(), m.addPasted)
	m.addOne = widget.NewButtonWithIcon("Add", theme.ContentAddIcon(), m.addForm)
	m.problem.Wrapping, m.problem.Importance = fyne.TextWrapWord, widget.DangerImportance
	m.problem.Hide()
	intro := widget.NewLabel("Model chats can use the tools of MCP servers beside Lectern's own: paste the " +
		"\"mcpServers\" JSON another AI app uses, or give a name and a command (or an address). Their env and " +
		"headers are kept where Lectern keeps API keys, never in settings.json. A server starts when a chat " +
		"first uses its tools.")
	intro.Wrapping = fyne.TextWrapWord
	form := widget.NewForm(widget.NewFormItem("Name", m.name), widget.NewFormItem("Runs", m.command))
	m.root = container.NewVBox(intro, m.paste, container.NewHBox(m.add), form, container.NewHBox(m.addOne), m.problem, m.rows)
	return m
}

// load lists the servers and their states off the UI goroutine.
func (m *mcpSettings) load() {
	lf := m.s.lf
	go func() {
		list, err := m.servers.List()
		states := m.servers.States()
		lf.Do(func() { m.list(list, states, err) })
	}()
}

// list shows one row per server: its name, what it runs and its state, and Remove.
func (m *mcpSettings) list(list []mcp.Server, states []mcp.State, err error) {
	m.show(err)
	m.rows.RemoveAll()
	if len(list) == 0 {
		m.rows.Add(widget.NewLabel("No MCP servers yet."))
	}
	said := map[string]string{}
	for _, st := range states {
		said[st.Name] = st.Words()
	}
	for _, srv := range list {
		m.rows.Add(m.row(srv, said[srv.Name]))
	}
}

// row is one server's row.
func (m *mcpSettings) row(srv mcp.Server, state string) fyne.CanvasObject {
	runs := srv.URL
	if !srv.Remote() {
		runs = strings.Join(append([]string{srv.Command}, srv.Args...), " ")
	}
	name := widget.NewLabelWithStyle(safetext.OneLine(srv.Name), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	what := widget.NewLabel(safetext.OneLine(words.Cut(runs, 120)) + "\n" + safetext.OneLine(state))
	what.Wrapping = fyne.TextWrapWord
	remove := widgets.NewLabelledButton("Remove", "Remove the MCP server "+safetext.OneLine(srv.Name), theme.DeleteIcon(), func() {
		m.do(func() error { return m.servers.Remove(srv.Name) })
	})
	return container.NewBorder(nil, nil, name, remove, what)
}

// addPasted adds the servers of the pasted JSON.
func (m *mcpSettings) addPasted() {
	data := []byte(m.paste.Text)
	m.do(func() error {
		_, err := m.servers.Add(data)
		if err == nil {
			m.s.lf.Do(func() { m.paste.SetText("") })
		}
		return err
	})
}

// addForm adds the server of the form: a command line split at spaces, or an address.
func (m *mcpSettings) addForm() {
	srv := mcp.Server{Name: strings.TrimSpace(m.name.Text)}
	line := strings.TrimSpace(m.command.Text)
	if strings.HasPrefix(line, "http://") || strings.HasPrefix(line, "https://") {
		srv.URL = line
	} else if f := strings.Fields(line); len(f) > 0 {
		srv.Command, srv.Args = f[0], f[1:]
	}
	m.do(func() error {
		err := m.servers.AddServer(srv)
		if err == nil {
			m.s.lf.Do(func() { m.name.SetText(""); m.command.SetText("") })
		}
		return err
	})
}

// do runs change off the UI goroutine, then lists the servers again, or shows why it failed.
func (m *mcpSettings) do(change func() error) {
	go func() {
		if err := change(); err != nil {
			m.s.lf.Do(func() { m.show(err) })
			return
		}
		m.load()
	}()
}

// show shows err in words, or hides the last one.
func (m *mcpSettings) show(err error) {
	if err == nil {
		m.problem.Hide()
		return
	}
	m.problem.SetText(safetext.Text(err.Error()))
	m.problem.Show()
}
