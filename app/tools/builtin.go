package tools

import (
	"context"
	"encoding/json"
	"strings"

	"lectern/app/records"
	"lectern/app/workspaces"
	"lectern/client"
	"lectern/internal/safetext"
)

// The app's own tools in model chats (issue 22), a Source: web search, workspaces to consult and
// file generation, as the conversation's settings turn them on. Here are the functions the model
// is offered and their arguments; each schema is checked against the call's arguments before
// anything runs (checkArguments), whatever the server checked before delivering them.

// Builtin is the app's own tools of one message: the conversation's settings and the workspaces
// to consult, named.
type Builtin struct {
	t          *Tools
	settings   records.ToolSettings
	workspaces []workspaces.WorkspaceRef
}

var _ Source = (*Builtin)(nil)

// Builtin returns the app's own tools for a conversation's settings s, its workspaces named from
// the cache (an id the cache does not know keeps no name).
func (t *Tools) Builtin(ctx context.Context, s records.ToolSettings) *Builtin {
	named := make([]workspaces.WorkspaceRef, 0, len(s.Workspaces))
	for _, id := range s.Workspaces {
		w, _, _ := t.store.Workspace(ctx, t.conn.CacheKey(), id)
		named = append(named, workspaces.WorkspaceRef{ID: id, Name: w.Name})
	}
	return &Builtin{t: t, settings: s, workspaces: named}
}

// Functions are the functions offered for the settings: web search, the workspaces, generate.
func (b *Builtin) Functions() []client.FunctionTool {
	return toolFunctions(b.settings, b.workspaces)
}

// Describe fills what run asks of its tool and says it in words (summary).
func (b *Builtin) Describe(name, arguments string, run *records.ToolRun) string {
	b.describe(run, arguments)
	return summary(records.ToolKind(name), arguments, b.workspaces)
}

// webSearchArgs are the arguments of web_search.
type webSearchArgs struct {
	Query string `json:"query"`
}

// workspaceArgs are the arguments of consult_workspace.
type workspaceArgs struct {
	Workspace string `json:"workspace"`
	Question  string `json:"question"`
}

// generateArgs are the arguments of generate_file.
type generateArgs struct {
	Prompt string `json:"prompt"`
}

// webSearchFunction searches the web (POST /websearch).
var webSearchFunction = client.FunctionTool{Name: string(records.ToolWebSearch),
	Description: "Search the web; returns each result's title, address and a part of its page. Use it for recent or outside facts.",
	Parameters: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string","minLength":1,"maxLength":400,` +
		`"description":"What to search for"}},"required":["query"],"additionalProperties":false}`)}

// generateFunction makes an Office file (POST /generate).
var generateFunction = client.FunctionTool{Name: string(records.ToolGenerate),
	Description: "Make a file for the person: a Word document (a report, a letter) or an Excel spreadsheet (a table). Returns its title, kind and size; the person downloads it.",
	Parameters: json.RawMessage(`{"type":"object","properties":{"prompt":{"type":"string","minLength":1,"maxLength":4000,` +
		`"description":"What the file should hold, and whether it is a document or a spreadsheet"}},"required":["prompt"],` +
		`"additionalProperties":false}`)}

// workspaceFunction asks one of the workspaces to consult a question (the workspace ask); the
// workspace is one of their ids, named in the description with its name.
func workspaceFunction(workspaces []workspaces.WorkspaceRef) client.FunctionTool {
	ids, named := make([]string, len(workspaces)), make([]string, len(workspaces))
	for i, w := range workspaces {
		ids[i], named[i] = w.ID, w.ID
		if w.Name != "" {
			named[i] += " (" + safetext.OneLine(w.Name) + ")"
		}
	}
	enum, _ := json.Marshal(ids)
	return client.FunctionTool{Name: string(records.ToolWorkspace),
		Description: "Ask a workspace of the person's documents a question; it answers from them and names its sources. Workspaces: " +
			strings.Join(named, ", ") + ".",
		Parameters: json.RawMessage(`{"type":"object","properties":{"workspace":{"type":"string","enum":` + string(enum) +
			`,"description":"The id of the workspace to ask"},"question":{"type":"string","minLength":1,"maxLength":4000,` +
			`"description":"The question, whole"}},"required":["workspace","question"],"additionalProperties":false}`)}
}

// toolFunctions are the functions offered for settings s (workspaces: the ones to consult, named).
func toolFunctions(s records.ToolSettings, workspaces []workspaces.WorkspaceRef) []client.FunctionTool {
	var out []client.FunctionTool
	if s.WebSearch {
		out = append(out, webSearchFunction)
	}
	if len(workspaces) > 0 {
		out = append(out, workspaceFunction(workspaces))
	}
	if s.Files {
		out = append(out, generateFunction)
	}
	return out
}

// summary says what a call would do, in words, for the consent question.
func summary(tool records.ToolKind, arguments string, workspaces []workspaces.WorkspaceRef) string {
	switch tool {
	case records.ToolWebSearch:
		var a webSearchArgs
		_ = json.Unmarshal([]byte(arguments), &a)
		return "Search the web for " + records.QuoteShort(a.Query)
	case records.ToolWorkspace:
		var a workspaceArgs
		_ = json.Unmarshal([]byte(arguments), &a)
		return "Ask the workspace " + workspaceLabelAmong(a.Workspace, workspaces) + ": " + records.QuoteShort(a.Question)
	case records.ToolGenerate:
		var a generateArgs
		_ = json.Unmarshal([]byte(arguments), &a)
		return "Generate a file: " + records.QuoteShort(a.Prompt)
	}
	return "Run " + string(tool)
}

// workspaceLabelAmong names the workspace id among workspaces: its name, else the id.
func workspaceLabelAmong(id string, workspaces []workspaces.WorkspaceRef) string {
	for _, w := range workspaces {
		if w.ID == id {
			return records.QuoteShort(w.Label())
		}
	}
	return records.QuoteShort(id)
}
