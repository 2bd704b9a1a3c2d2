package modelchat

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"

	"lectern/app/mcp"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

// The tools of MCP servers in the tool loop (issue 30): a second source of tools beside the
// built-in ones. A chat offers the tools of the servers its settings name (ToolSettings.MCPServers);
// each is a function named mcp__SERVER__TOOL, whose calls go through the same argument check
// (its input schema), consent, output cap and round limit as the built-in tools.

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

// mcpFunctions starts the servers named (when not running) and returns their tools as functions,
// and each function's tool; a server that cannot start is left out, said in the note.
func mcpFunctions(ctx context.Context, src *mcp.Servers, servers []string) ([]client.FunctionTool, map[string]mcp.Tool, string) {
	if src == nil || len(servers) == 0 {
		return nil, nil, ""
	}
	var fns []client.FunctionTool
	byName := map[string]mcp.Tool{}
	var notes []string
	for _, server := range servers {
		tools, err := src.Tools(ctx, server)
		if err != nil {
			notes = append(notes, "The tools of "+server+" are not offered: "+err.Error())
			continue
		}
		for _, t := range tools {
			name := mcpFunctionName(server, t.Name)
			if _, taken := byName[name]; taken {
				continue
			}
			byName[name] = t
			fns = append(fns, client.FunctionTool{Name: name, Description: mcpDescription(t), Parameters: mcpParameters(t)})
		}
	}
	return fns, byName, strings.Join(notes, " ")
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
// call's arguments are still checked against the whole schema before it runs (mcpCheckSchema).
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

// mcpCheckSchema is the schema a call's arguments are checked against before it runs: the whole
// input schema of an MCP tool, else the function's own.
func (t chatTools) mcpCheckSchema(fn client.FunctionTool) client.FunctionTool {
	if tool, ok := t.mcp[fn.Name]; ok && json.Valid(tool.InputSchema) {
		fn.Parameters = tool.InputSchema
	}
	return fn
}

// describeMCP fills run's MCP part from the call of tool: the card shows it from the start.
func describeMCP(run *records.ToolRun, tool mcp.Tool, arguments string) {
	run.MCP = &records.MCPRun{Server: tool.Server, Tool: tool.Name, Title: safetext.OneLine(tool.Title), Arguments: arguments}
}

// mcpSummary says what a call of an MCP tool would do, for the consent question.
func mcpSummary(m *records.MCPRun) string {
	return "Run " + records.QuoteShort(m.Title) + " of the MCP server " + records.QuoteShort(m.Server) + " with " +
		records.QuoteShort(m.Arguments)
}

// callMCP calls the tool of m and fills its result; a tool that says it failed is an error whose
// text is the tool's.
func callMCP(ctx context.Context, src *mcp.Servers, m *records.MCPRun) (string, error) {
	if src == nil {
		return "", errors.New("the MCP servers are not open")
	}
	res, err := src.Call(ctx, m.Server, m.Tool, json.RawMessage(m.Arguments), nil)
	if err != nil {
		return "", err
	}
	m.Result, m.IsError = res.Text, res.IsError
	if res.IsError {
		return "", errors.New(words.Cut(strings.TrimSpace(res.Text), 2000))
	}
	return res.Text, nil
}

// summary says what the call would do, for the consent question: an MCP tool's in its words,
// the built-in tools' as summary does.
func (t chatTools) summary(tool records.ToolKind, arguments string, run *records.ToolRun) string {
	if run.MCP != nil {
		return mcpSummary(run.MCP)
	}
	return summary(tool, arguments, t.workspaces)
}
