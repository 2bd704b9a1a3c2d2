package modelchat

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"lectern/app/mcp"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/schemacheck"
	"lectern/internal/words"
)

// The tools of MCP servers in app/tools' loop (issue 30): a second tools.Source beside the
// built-in ones. A chat offers the tools of the servers its settings name (ToolSettings.MCPServers);
// each is a function named mcp__SERVER__TOOL, whose calls go through the same argument check,
// consent, output cap and round limit as the built-in tools.

// MCPServers returns the MCP servers whose tools a chat may offer: their configuration, states
// and calls.
func (c *Models) MCPServers() *mcp.Servers { return c.mcp }

// notFunctionChars are what a function name may not hold (the model endpoints take [A-Za-z0-9_-]).
var notFunctionChars = regexp.MustCompile(`[^A-Za-z0-9_-]`)

// mcpFunctionName is the function a server's tool is offered as, at most 64 characters.
func mcpFunctionName(server, tool string) string {
	name := "mcp__" + server + "__" + notFunctionChars.ReplaceAllString(tool, "_")
	return name[:min(len(name), 64)]
}

// mcpSource is the tools of the MCP servers a message offers, as the loop takes them.
type mcpSource struct {
	servers *mcp.Servers
	fns     []client.FunctionTool
	byName  map[string]mcp.Tool // each function's tool
}

var _ tools.Source = (*mcpSource)(nil)

// mcpTools starts the servers named (when not running) and returns their tools as a source (nil
// when none offers any); a server that cannot start is left out, said in the note.
func mcpTools(ctx context.Context, servers *mcp.Servers, names []string) (*mcpSource, string) {
	if servers == nil || len(names) == 0 {
		return nil, ""
	}
	src := &mcpSource{servers: servers, byName: map[string]mcp.Tool{}}
	var notes []string
	for _, server := range names {
		list, err := servers.Tools(ctx, server)
		if err != nil {
			notes = append(notes, "The tools of "+server+" are not offered: "+err.Error())
			continue
		}
		for _, t := range list {
			name := mcpFunctionName(server, t.Name)
			if _, taken := src.byName[name]; taken {
				continue
			}
			src.byName[name] = t
			src.fns = append(src.fns, client.FunctionTool{Name: name, Description: mcpDescription(t), Parameters: mcpParameters(t)})
		}
	}
	if len(src.fns) == 0 {
		return nil, strings.Join(notes, " ")
	}
	return src, strings.Join(notes, " ")
}

// Functions are the servers' tools, as the model gets them.
func (s *mcpSource) Functions() []client.FunctionTool { return s.fns }

// Describe fills run's MCP part from the call, for its card, and says what it would do.
func (s *mcpSource) Describe(name, arguments string, run *records.ToolRun) string {
	t := s.byName[name]
	run.MCP = &records.MCPRun{Server: t.Server, Tool: t.Name, Title: safetext.OneLine(t.Title), Arguments: arguments}
	return mcpSummary(run.MCP)
}

// Run checks the arguments against the tool's whole input schema (the model was offered its
// checkable part), then calls the tool and fills run's result.
func (s *mcpSource) Run(ctx context.Context, name, arguments string, run *records.ToolRun, progressed func()) (string, error) {
	if t := s.byName[name]; json.Valid(t.InputSchema) {
		if problem := schemacheck.Check(t.InputSchema, arguments, "arguments"); problem != "" {
			return "", errors.New("the arguments do not fit the tool's input schema: " + problem)
		}
	}
	return callMCP(ctx, s.servers, run.MCP, progressed)
}

// mcpDescription is what the model reads of a tool: its title and description, and its server.
func mcpDescription(t mcp.Tool) string {
	d := strings.TrimSpace(t.Description)
	if t.Title != "" && t.Title != t.Name {
		d = t.Title + ". " + d
	}
	return words.Cut(d+" (a tool of the MCP server "+t.Server+")", 1024)
}

// mcpParameters is a tool's input schema as the model is offered it: the keywords every tier can
// check (the service refuses a schema with another, unsupported_schema: format, pattern, anyOf
// and $ref are common in MCP tools), an empty object's when the tool gave none that is one. The
// call's arguments are still checked against the whole schema before it runs (mcpSource.Run).
func mcpParameters(t mcp.Tool) json.RawMessage {
	var s map[string]any
	if json.Unmarshal(t.InputSchema, &s) != nil || s["type"] != "object" {
		return json.RawMessage(`{"type":"object"}`)
	}
	out, err := json.Marshal(checkableSchema(s))
	if err != nil {
		return json.RawMessage(`{"type":"object"}`)
	}
	return out
}

// checkableKeywords are the schema keywords the model endpoints check for every tier.
var checkableKeywords = []string{"type", "properties", "required", "items", "enum", "const", "description",
	"title", "default", "additionalProperties", "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems"}

// checkableSchema is s with only the checkable keywords, in every schema it holds.
func checkableSchema(s map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range s {
		if !slices.Contains(checkableKeywords, k) {
			continue
		}
		switch k {
		case "properties":
			props, _ := v.(map[string]any)
			kept := map[string]any{}
			for name, p := range props {
				if ps, ok := p.(map[string]any); ok {
					kept[name] = checkableSchema(ps)
				}
			}
			v = kept
		case "items", "additionalProperties":
			if sub, ok := v.(map[string]any); ok {
				v = checkableSchema(sub)
			}
		}
		out[k] = v
	}
	return out
}

// mcpSummary says what a call of an MCP tool would do, for the consent question.
func mcpSummary(m *records.MCPRun) string {
	return "Run " + records.QuoteShort(m.Title) + " of the MCP server " + records.QuoteShort(m.Server) + " with " +
		records.QuoteShort(m.Arguments)
}

// callMCP calls the tool of m and fills its result; the server's progress notifications go into
// m.Progress, shown by progressed while the call runs. A tool that says it failed is an error
// whose text is the tool's.
func callMCP(ctx context.Context, src *mcp.Servers, m *records.MCPRun, progressed func()) (string, error) {
	if src == nil {
		return "", errors.New("the MCP servers are not open")
	}
	if progressed == nil {
		progressed = func() {}
	}
	p := &mcpProgress{run: m, show: progressed}
	res, err := src.Call(ctx, m.Server, m.Tool, json.RawMessage(m.Arguments), p.note)
	p.end()
	if err != nil {
		return "", err
	}
	m.Result, m.IsError = res.Text, res.IsError
	if res.IsError {
		return "", errors.New(words.Cut(strings.TrimSpace(res.Text), 2000))
	}
	return res.Text, nil
}

// progressEvery is the least time between two progress changes shown of a running call: a
// server may send many a second, a card needs a few.
const progressEvery = 100 * time.Millisecond

// mcpProgress writes a call's progress notifications into its run and shows them: at once, or,
// when the last was shown less than progressEvery ago, the latest of them when that time has
// passed; none once the call has returned (end), so that the run is the loop's alone again.
type mcpProgress struct {
	mu      sync.Mutex
	run     *records.MCPRun
	show    func()
	last    time.Time // when a change was last shown
	pending bool      // a timer is to show the latest change
	ended   bool
}

// note takes one progress notification (on the connection's goroutine).
func (p *mcpProgress) note(n mcp.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ended {
		return
	}
	p.run.Progress = &records.MCPProgress{Progress: n.Progress, Total: n.Total, Message: n.Message}
	wait := progressEvery - time.Since(p.last)
	switch {
	case p.pending: // the timer shows this one
	case wait <= 0:
		p.showLocked()
	default:
		p.pending = true
		time.AfterFunc(wait, func() {
			p.mu.Lock()
			defer p.mu.Unlock()
			p.pending = false
			if !p.ended {
				p.showLocked()
			}
		})
	}
}

// showLocked shows the run as it is now (p.mu held).
func (p *mcpProgress) showLocked() {
	p.last = time.Now()
	p.show()
}

// end stops the notifications: the call has returned.
func (p *mcpProgress) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ended = true
}
