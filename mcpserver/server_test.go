package mcpserver

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/app/records"
)

// assertNoKey fails when what carries the API key.
func assertNoKey(t testing.TB, what string, v any) {
	t.Helper()
	data, _ := json.Marshal(v)
	if strings.Contains(string(data), testKey) || strings.Contains(fmt.Sprint(v), testKey) {
		t.Errorf("%s carries the API key: %s", what, data)
	}
}

// decode reads a result's structured content into out.
func decode(t *testing.T, res *mcp.CallToolResult, out any) {
	t.Helper()
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("structured content %s: %v", data, err)
	}
}

// Each tool has a title, a description, an input and an output schema and truthful hints: the
// lists read only, asking saves to the history (not read-only, not destructive), no tool reaches
// the open world; upload_document only when uploads are allowed.
func TestToolsDescribeThemselves(t *testing.T) {
	for _, uploads := range []bool{false, true} {
		f := newFixture(t, fastAnswers(), uploads)
		cs := f.connect(t, "test-host", nil)
		res, err := cs.ListTools(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]*mcp.Tool{}
		for _, tool := range res.Tools {
			names[tool.Name] = tool
			if tool.Title == "" || len(tool.Description) < 40 || tool.InputSchema == nil || tool.OutputSchema == nil {
				t.Errorf("%s lacks a title, description or schema: %+v", tool.Name, tool)
			}
			if a := tool.Annotations; a == nil || a.OpenWorldHint == nil || *a.OpenWorldHint {
				t.Errorf("%s: open-world hint not set to false: %+v", tool.Name, a)
			}
		}
		want := []string{ToolListWorkspaces, ToolListDocuments, ToolAsk}
		if uploads {
			want = append(want, ToolUpload)
		}
		if len(names) != len(want) {
			t.Errorf("uploads %v: tools %v, want %v", uploads, names, want)
		}
		for _, n := range want {
			if names[n] == nil {
				t.Fatalf("uploads %v: no tool %s", uploads, n)
			}
		}
		if !names[ToolListWorkspaces].Annotations.ReadOnlyHint || !names[ToolListDocuments].Annotations.ReadOnlyHint {
			t.Error("the listings are not marked read-only")
		}
		if a := names[ToolAsk].Annotations; a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint {
			t.Errorf("ask_workspace saves to the history, destroys nothing: %+v", a)
		}
		schema, _ := json.Marshal(names[ToolAsk].InputSchema)
		if !strings.Contains(string(schema), `"genius"`) || !strings.Contains(string(schema), `"question"`) {
			t.Errorf("ask_workspace's input schema: %s", schema)
		}
	}
}

func TestListWorkspacesAndDocuments(t *testing.T) {
	f := newFixture(t, fastAnswers(), false)
	cs := f.connect(t, "test-host", nil)
	var list WorkspaceList
	decode(t, call(t, cs, ToolListWorkspaces, nil), &list)
	if len(list.Workspaces) != 2 || list.Offline {
		t.Fatalf("workspaces: %+v", list)
	}
	var docs DocumentList
	res := call(t, cs, ToolListDocuments, map[string]any{"workspace": "handbook", "filter": "HAND"})
	decode(t, res, &docs)
	if docs.WorkspaceID != f.handbook || docs.Total != 2 || len(docs.Documents) != 1 || docs.Documents[0].Name != "handbook.txt" {
		t.Errorf("documents of the handbook, filtered: %+v", docs)
	}
	if !strings.Contains(text(res), "1 of 2 documents in Handbook") {
		t.Errorf("text: %q", text(res))
	}
	res = call(t, cs, ToolListDocuments, map[string]any{"workspace": "handbook", "status": "failed"})
	decode(t, res, &docs)
	if len(docs.Documents) != 0 {
		t.Errorf("no document failed: %+v", docs.Documents)
	}
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: ToolListDocuments,
		Arguments: map[string]any{"workspace": "handbook", "status": "lost"}})
	if err == nil && !res.IsError {
		t.Error("a status outside the enumeration was taken")
	}
}

// Offline, the listing comes from the cache and says so.
func TestListWorkspacesOfflineFromCache(t *testing.T) {
	f := newFixture(t, fastAnswers(), false)
	cs := f.connect(t, "test-host", nil)
	call(t, cs, ToolListWorkspaces, nil) // fills the cache
	f.srv.CloseClientConnections()
	f.srv.Close()
	var list WorkspaceList
	res := call(t, cs, ToolListWorkspaces, nil)
	decode(t, res, &list)
	if !list.Offline || len(list.Workspaces) != 2 || !strings.Contains(list.Note, "cached") {
		t.Errorf("offline listing: %+v", list)
	}
	if !strings.Contains(text(res), "Offline") {
		t.Errorf("text does not say offline: %q", text(res))
	}
}

// A question is answered with its sources, in words and as structured content, and kept in the
// history; the call log names the host and the tool.
func TestAskWorkspaceAnswersWithSources(t *testing.T) {
	f := newFixture(t, fastAnswers(), false)
	cs := f.connect(t, "Claude Desktop", nil)
	res := call(t, cs, ToolAsk, map[string]any{"workspace": "Handbook", "question": "How many days of paid holiday?"})
	if res.IsError {
		t.Fatalf("tool error: %s", text(res))
	}
	var ans Answer
	decode(t, res, &ans)
	if !ans.Found || !strings.Contains(ans.Answer, "27") || ans.RequestID == "" || ans.Coverage == nil {
		t.Errorf("answer: %+v", ans)
	}
	// workspace-api.md, rules for sources.used: "When the whole workspace is asked, every document
	// is given, the server cannot tell which was used, all entries have used false".
	if len(ans.Sources) != 2 || ans.Sources[0].Name != "handbook.txt" || ans.Sources[0].Used {
		t.Errorf("sources: %+v", ans.Sources)
	}
	if !strings.Contains(text(res), "Sources:") || !strings.Contains(text(res), "handbook.txt (consulted)") {
		t.Errorf("text: %q", text(res))
	}
	// "used true: the answer is known to come from that document (one-document asks, ...)".
	doc := ans.Sources[0].DocumentID
	res = call(t, cs, ToolAsk, map[string]any{"workspace": "Handbook", "document": doc, "question": "How many days of paid holiday?"})
	decode(t, res, &ans)
	if len(ans.Sources) != 1 || !ans.Sources[0].Used || !strings.Contains(text(res), "handbook.txt (used)") {
		t.Errorf("one document asked: %+v %q", ans.Sources, text(res))
	}
	convs, err := f.app.Conversations().List(t.Context(), f.handbook)
	if err != nil || len(convs) != 2 {
		t.Fatalf("history: %v %v", convs, err)
	}
	turns, _ := f.app.Conversations().Turns(t.Context(), convs[0].ID)
	if len(turns) != 1 || turns[0].Status != records.TurnCompleted {
		t.Errorf("turns: %+v", turns)
	}
	// A question from a host is a conversation of its own kind, under the host's name.
	for _, c := range convs {
		if c.Kind != records.KindHost || c.Host != "Claude Desktop" || c.KindLabel() != "Asked from Claude Desktop" {
			t.Errorf("conversation: %+v", c)
		}
	}
	if md, err := f.app.Conversations().Markdown(t.Context(), convs[0].ID); err != nil || !strings.Contains(md, "- Asked from: Claude Desktop") {
		t.Errorf("export: %q %v", md, err)
	}
	calls, err := RecentCalls(f.home, 10)
	if err != nil || len(calls) != 2 || calls[0].Host != "Claude Desktop" || calls[0].Tool != ToolAsk ||
		!strings.Contains(calls[0].Summary, "How many days") || calls[0].Error != "" {
		t.Errorf("call log: %+v %v", calls, err)
	}
}

// An unknown workspace is a tool error in the app's words, which a model can act on.
func TestAskUnknownWorkspaceIsAToolError(t *testing.T) {
	f := newFixture(t, fastAnswers(), false)
	cs := f.connect(t, "test-host", nil)
	res := call(t, cs, ToolAsk, map[string]any{"workspace": "Nowhere", "question": "Anything?"})
	if !res.IsError || !strings.Contains(strings.ToLower(text(res)), "workspace") {
		t.Errorf("result: %v %q", res.IsError, text(res))
	}
	calls, _ := RecentCalls(f.home, 10)
	if len(calls) != 1 || calls[0].Error == "" {
		t.Errorf("the failed call is not logged with its reason: %+v", calls)
	}
}

// The conversation an ask saved reads as Markdown; a workspace's documents as JSON.
func TestResources(t *testing.T) {
	f := newFixture(t, fastAnswers(), false)
	cs := f.connect(t, "test-host", nil)
	call(t, cs, ToolAsk, map[string]any{"workspace": f.handbook, "question": "How many days of paid holiday?"})
	convs, _ := f.app.Conversations().List(t.Context(), f.handbook)
	uri := fmt.Sprintf("lectern://conversations/%d", convs[0].ID)
	res, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: uri})
	if err != nil || len(res.Contents) != 1 || !strings.Contains(res.Contents[0].Text, "How many days of paid holiday?") ||
		res.Contents[0].MIMEType != "text/markdown" {
		t.Fatalf("conversation resource: %+v %v", res, err)
	}
	res, err = cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: "lectern://workspaces/" + f.handbook + "/documents"})
	if err != nil || !strings.Contains(res.Contents[0].Text, "travel-notes.txt") {
		t.Fatalf("documents resource: %+v %v", res, err)
	}
	if _, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: "lectern://conversations/999"}); err == nil {
		t.Error("a conversation that does not exist was read")
	}
	tmpl, err := cs.ListResourceTemplates(t.Context(), nil)
	if err != nil || len(tmpl.ResourceTemplates) != 2 {
		t.Errorf("templates: %+v %v", tmpl, err)
	}
}

// No result, error or log line carries the key, whatever goes wrong: the service refusing the
// key, an unknown workspace, the service gone.
func TestKeyNeverLeaves(t *testing.T) {
	f := newFixture(t, fastAnswers(), true)
	cs := f.connect(t, "test-host", nil)
	calls := []struct {
		tool string
		args map[string]any
	}{
		{ToolListWorkspaces, nil},
		{ToolAsk, map[string]any{"workspace": "Handbook", "question": "How many days of paid holiday?"}},
		{ToolAsk, map[string]any{"workspace": "Nowhere", "question": "Anything?"}},
		{ToolUpload, map[string]any{"workspace": "Handbook", "path": "/nonexistent/file.txt"}},
	}
	run := func() {
		for _, c := range calls {
			res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
			assertNoKey(t, c.tool+" result", res)
			assertNoKey(t, c.tool+" error", err)
		}
	}
	run()
	f.emu.RevokeKey(testKey) // the service now refuses the key
	run()
	f.srv.Close()
	run()
	log, _ := os.ReadFile(filepath.Join(f.home, CallLogFile))
	if len(log) == 0 || strings.Contains(string(log), testKey) {
		t.Errorf("the call log is empty or carries the key: %s", log)
	}
}

// upload_document (offered with --allow-uploads) adds a file to the person's own workspace through
// the upload queue and answers once the service has it; a file of a type the service does not
// take is refused before anything is sent, in the app's words.
func TestUploadDocument(t *testing.T) {
	f := newFixture(t, fastAnswers(), true)
	cs := f.connect(t, "test-host", nil)
	dir := t.TempDir()
	notes := filepath.Join(dir, "harbour-notes.txt")
	if err := os.WriteFile(notes, []byte("The harbour office opens at eight."), 0o600); err != nil {
		t.Fatal(err)
	}
	res := call(t, cs, ToolUpload, map[string]any{"workspace": "Alice Notes", "path": notes})
	var up Upload
	decode(t, res, &up)
	if res.IsError || len(up.Files) != 1 || up.Files[0].Name != "harbour-notes.txt" || up.Files[0].DocumentID == "" {
		t.Fatalf("upload: %+v %q", up, text(res))
	}
	odd := filepath.Join(dir, "slides.ppt")
	_ = os.WriteFile(odd, []byte("old"), 0o600)
	res = call(t, cs, ToolUpload, map[string]any{"workspace": "Alice Notes", "path": odd})
	decode(t, res, &up)
	if !res.IsError || len(up.Files) != 1 || up.Files[0].Refused == "" {
		t.Errorf("a .ppt: %+v %q", up, text(res))
	}
}
