package app

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/app/conversations"
	"lectern/app/mcp"
	"lectern/app/records"
	"lectern/app/store/projectdb"
	"lectern/app/store/search"
)

// echoServerEnv makes the test binary an MCP server over stdio with one tool, echo (a server
// Lectern did not write, in Go, so that these tests need no Node).
const echoServerEnv = "LECTERN_TEST_ECHO_SERVER"

func echoServer() {
	s := sdk.NewServer(&sdk.Implementation{Name: "echo", Version: "1"}, nil)
	type in struct {
		Text string `json:"text" jsonschema:"the text to echo"`
	}
	sdk.AddTool(s, &sdk.Tool{Name: "echo", Description: "Echoes the text."},
		func(_ context.Context, _ *sdk.CallToolRequest, a in) (*sdk.CallToolResult, any, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "echo: " + a.Text}}}, nil, nil
		})
	if err := s.Run(context.Background(), &sdk.StdioTransport{}); err != nil {
		os.Exit(1)
	}
}

// addEchoServer adds this test binary as the MCP server "local" (echoServer).
func addEchoServer(t *testing.T, f *fixture) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	err = f.app.Models().MCPServers().AddServer(mcp.Server{Name: "local", Command: exe, Env: map[string]string{echoServerEnv: "1"}})
	if err != nil {
		t.Fatal(err)
	}
}

// names lists the titles of conversations.
func titles(cs []records.Conversation) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Title)
	}
	slices.Sort(out)
	return out
}

// A project is made, renamed and coloured; conversations of every kind move in, several at once,
// and out; the list filtered by project shows its own alone, and each project counts them.
func TestProjectHoldsConversationsOfEveryKind(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	c := f.app.Conversations()
	ws, _ := c.New(ctx, f.ws, "", "holidays")
	chat, _ := f.app.Models().NewChat(ctx, "Fast", "", records.APIResponses, "a chat")
	other, _ := c.New(ctx, f.ws, "", "elsewhere")
	p, err := c.NewProject(ctx, "  Trip   planning ", "blue")
	if err != nil || p.Name != "Trip planning" || p.Colour != "blue" || p.UID == "" {
		t.Fatalf("%+v, %v", p, err)
	}
	if _, err := c.NewProject(ctx, "trip PLANNING", ""); err == nil || !strings.Contains(f.app.Describe(err), "exists already") {
		t.Errorf("a second project of the same name: %v", err)
	}
	if _, err := c.NewProject(ctx, "Pink", "pink"); err == nil || !strings.Contains(f.app.Describe(err), "not a project colour") {
		t.Errorf("an unknown colour: %v", err)
	}
	if _, err := c.NewProject(ctx, "   ", ""); err == nil {
		t.Error("a project without a name was made")
	}
	if err := c.MoveToProject(ctx, []int64{ws.ID, chat.ID}, p.ID); err != nil {
		t.Fatal(err)
	}
	in, _ := c.ListAll(ctx, records.ListFilter{ProjectID: p.ID})
	if got := titles(in); !slices.Equal(got, []string{"a chat", "holidays"}) {
		t.Errorf("in the project: %v", got)
	}
	if err := c.RenameProject(ctx, p.ID, "Travel"); err != nil {
		t.Fatal(err)
	}
	if err := c.SetProjectColour(ctx, p.ID, "green"); err != nil {
		t.Fatal(err)
	}
	if err := c.SetProjectCollapsed(ctx, p.ID, true); err != nil {
		t.Fatal(err)
	}
	list, _ := c.Projects(ctx)
	if len(list) != 1 || list[0].Name != "Travel" || list[0].Colour != "green" || !list[0].Collapsed || list[0].Conversations != 2 {
		t.Fatalf("projects %+v", list)
	}
	// Moved out; a move of an unknown conversation moves none of the others.
	if err := c.MoveToProject(ctx, []int64{chat.ID}, 0); err != nil {
		t.Fatal(err)
	}
	if err := c.MoveToProject(ctx, []int64{other.ID, 99999}, p.ID); err == nil {
		t.Error("a move with an unknown conversation gave no error")
	}
	if got, _ := c.Get(ctx, other.ID); got.ProjectID != 0 {
		t.Errorf("a failed move moved %+v", got)
	}
	if got, _ := c.Get(ctx, ws.ID); got.ProjectID != p.ID {
		t.Errorf("conversation %+v", got)
	}
	// By name, made when new.
	q, created, err := c.MoveToProjectNamed(ctx, []int64{other.ID}, "Later")
	if err != nil || !created || q.Conversations != 1 {
		t.Fatalf("%+v %v %v", q, created, err)
	}
	if q2, created, _ := c.MoveToProjectNamed(ctx, []int64{chat.ID}, "later"); created || q2.ID != q.ID || q2.Conversations != 2 {
		t.Errorf("the same project by name in another case: %+v %v", q2, created)
	}
}

// Deleting a project takes its conversations to the trash with it; restoring it brings them back
// together, but not one deleted on its own before, which comes back on its own without a project.
func TestProjectDeleteAndRestoreTogether(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	c := f.app.Conversations()
	a, _ := c.New(ctx, f.ws, "", "a")
	b, _ := c.New(ctx, f.ws, "", "b")
	alone, _ := c.New(ctx, f.ws, "", "deleted before")
	_, _ = c.New(ctx, f.ws, "", "outside")
	p, _ := c.NewProject(ctx, "Work", "")
	if err := c.MoveToProject(ctx, []int64{a.ID, b.ID, alone.ID}, p.ID); err != nil {
		t.Fatal(err)
	}
	if err := c.Delete(ctx, alone.ID); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Millisecond) // another deleted time than the project's
	if err := c.DeleteProject(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if list, _ := c.ListAll(ctx, records.ListFilter{}); !slices.Equal(titles(list), []string{"outside"}) {
		t.Errorf("listed after the delete: %v", titles(list))
	}
	if ps, _ := c.Projects(ctx); len(ps) != 0 {
		t.Errorf("projects %+v", ps)
	}
	trashed, _ := c.TrashedProjects(ctx)
	if len(trashed) != 1 || trashed[0].Conversations != 2 || trashed[0].Deleted.IsZero() {
		t.Fatalf("trashed projects %+v", trashed)
	}
	if _, err := c.NewProject(ctx, "Work", ""); err != nil { // the name is free while it is in the trash
		t.Fatal(err)
	}
	if _, err := c.RestoreProject(ctx, p.ID); err == nil || !strings.Contains(f.app.Describe(err), "exists already") {
		t.Errorf("a restore onto a taken name: %v", err)
	}
	other, _, _ := c.ProjectNamed(ctx, "work")
	_ = c.RenameProject(ctx, other.ID, "Work 2")
	back, err := c.RestoreProject(ctx, p.ID)
	if err != nil || back.Conversations != 2 {
		t.Fatalf("%+v, %v", back, err)
	}
	in, _ := c.ListAll(ctx, records.ListFilter{ProjectID: p.ID})
	if !slices.Equal(titles(in), []string{"a", "b"}) {
		t.Errorf("back in the project: %v", titles(in))
	}
	// The one deleted on its own: still in the trash; restored, it is in the project again (which is back).
	if err := c.Restore(ctx, alone.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Get(ctx, alone.ID); got.ProjectID != p.ID {
		t.Errorf("restored: %+v", got)
	}
	// A conversation restored while its project is in the trash comes back without one.
	_ = c.Delete(ctx, a.ID)
	_ = c.DeleteProject(ctx, p.ID)
	if err := c.Restore(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Get(ctx, a.ID); got.ProjectID != 0 {
		t.Errorf("restored without its project: %+v", got)
	}
	if err := c.DeleteProject(ctx, 424242); !errors.Is(err, records.ErrNotFound) {
		t.Errorf("an unknown project: %v", err)
	}
}

// A chat started in a project takes its defaults: tier, system prompt and tools, among them the
// MCP servers whose tools it offers, which it then calls; a workspace conversation its workspace.
func TestProjectDefaultsStartAChatThatOffersItsMCPServers(t *testing.T) {
	f, _ := toolFixture(t, fastEmulatorConfig(), &v1Recorder{}, records.APIResponses, records.ToolSettings{})
	addEchoServer(t, f)
	ctx := ctxT(t)
	c := f.app.Conversations()
	p, _ := c.NewProject(ctx, "Research", "")
	if _, err := c.NewInProject(ctx, p.ID, "", "", ""); err == nil || !strings.Contains(f.app.Describe(err), "has no workspace") {
		t.Errorf("a workspace conversation in a project without a workspace: %v", err)
	}
	d := records.ProjectDefaults{WorkspaceID: f.ws, Tier: "Fast", System: "Answer in French.",
		Tools: records.ToolSettings{WebSearch: true, MCPServers: []string{"local"}}}
	if err := c.SetProjectDefaults(ctx, p.ID, d); err != nil {
		t.Fatal(err)
	}
	conv, err := f.app.Models().NewChatInProject(ctx, p.ID, "")
	if err != nil || conv.ProjectID != p.ID || conv.Model != "Fast" || conv.System != "Answer in French." {
		t.Fatalf("%+v, %v", conv, err)
	}
	if got, _ := c.Get(ctx, conv.ID); got.ProjectID != p.ID {
		t.Errorf("saved %+v", got)
	}
	ts, _ := f.app.Models().ToolSettings(ctx, conv.ID)
	if !ts.WebSearch || !slices.Equal(ts.MCPServers, []string{"local"}) {
		t.Errorf("tools %+v", ts)
	}
	assertEchoCalled(t, f, conv)
	wsConv, err := c.NewInProject(ctx, p.ID, "", "", "")
	if err != nil || wsConv.WorkspaceID != f.ws || wsConv.ProjectID != p.ID {
		t.Errorf("%+v, %v", wsConv, err)
	}
}

// TestProjectStartsEveryKind: a workspace question started in a project asks the project's
// workspace, else the one the front-end shows (none at all is refused in words); an assistant
// conversation in it is pinned on its first message to the project's workspace when the assistant
// takes it (GET /workspaces lists it: model-api.md §4, "workspace_id must be one of GET
// /workspaces"), else to none; each is in the project.
func TestProjectStartsEveryKind(t *testing.T) {
	f := assistantFixture(t) // the assistant takes f.ws alone
	ctx, c := ctxT(t), f.app.Conversations()
	p, _ := c.NewProject(ctx, "Trips", "")
	if _, err := c.NewInProject(ctx, p.ID, " ", "", ""); err == nil || !strings.Contains(f.app.Describe(err), "has no workspace") {
		t.Errorf("no workspace anywhere: %v", err)
	}
	shown, err := c.NewInProject(ctx, p.ID, f.org, "", "")
	if err != nil || shown.WorkspaceID != f.org || shown.ProjectID != p.ID {
		t.Fatalf("on the workspace shown: %+v %v", shown, err)
	}
	unpinned, err := f.app.Assistant().NewAssistantInProject(ctx, p.ID, "")
	if err != nil || unpinned.Kind != records.KindAssistant || unpinned.WorkspaceID != "" || unpinned.ProjectID != p.ID {
		t.Fatalf("an assistant conversation in a project without a workspace: %+v %v", unpinned, err)
	}
	_ = c.SetProjectDefaults(ctx, p.ID, records.ProjectDefaults{WorkspaceID: f.ws})
	if own, err := c.NewInProject(ctx, p.ID, f.org, "", ""); err != nil || own.WorkspaceID != f.ws {
		t.Fatalf("the project's workspace before the one shown: %+v %v", own, err)
	}
	pinned, err := f.app.Assistant().NewAssistantInProject(ctx, p.ID, "")
	if err != nil || pinned.WorkspaceID != f.ws || pinned.ProjectID != p.ID {
		t.Fatalf("pinned to the project's workspace: %+v %v", pinned, err)
	}
	if got, _ := c.Get(ctx, pinned.ID); got.ProjectID != p.ID || got.WorkspaceID != f.ws {
		t.Errorf("saved %+v", got)
	}
	if _, err := c.Send(ctx, pinned.ID, conversations.Message{Text: "When is the office closed?"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	if chats := f.emu.Tools.Chats("ann"); len(chats) != 1 || !chats[0].Pinned || chats[0].WorkspaceID != f.ws {
		t.Errorf("the first message's pin: %+v", chats)
	}
	_ = c.SetProjectDefaults(ctx, p.ID, records.ProjectDefaults{WorkspaceID: f.org}) // one the assistant does not take
	if other, err := f.app.Assistant().NewAssistantInProject(ctx, p.ID, ""); err != nil || other.WorkspaceID != "" || other.ProjectID != p.ID {
		t.Errorf("a workspace the assistant does not take: %+v %v", other, err)
	}
}

// A preset keeps the MCP servers chosen; a chat made from it offers their tools.
func TestProjectPresetCarriesMCPServers(t *testing.T) {
	f, _ := toolFixture(t, fastEmulatorConfig(), &v1Recorder{}, records.APIResponses, records.ToolSettings{})
	addEchoServer(t, f)
	ctx := ctxT(t)
	pr, err := f.app.Models().SavePreset(ctx, records.Preset{Name: "With echo", Tier: "Fast",
		Tools: records.ToolSettings{MCPServers: []string{"local"}}})
	if err != nil {
		t.Fatal(err)
	}
	saved, _ := f.app.Models().Presets(ctx)
	if len(saved) != 1 || !slices.Equal(saved[0].Tools.MCPServers, []string{"local"}) {
		t.Fatalf("presets %+v", saved)
	}
	conv, err := f.app.Models().NewChatFromPreset(ctx, pr.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	assertEchoCalled(t, f, conv)
	// A chat from a preset without servers offers none: the model finds no such tool.
	plain, _ := f.app.Models().SavePreset(ctx, records.Preset{Name: "Plain", Tier: "Fast"})
	bare, _ := f.app.Models().NewChatFromPreset(ctx, plain.ID, "")
	turn, err := c(f).Send(ctx, bare.ID, conversations.Message{Text: "mcp__local__echo: hi"}, (&progress{answer: conversations.ConsentOnce}).options())
	if err != nil || len(turn.Parts) != 0 {
		t.Errorf("a chat without the server: %+v, %v", turn.Parts, err)
	}
}

func c(f *fixture) *conversations.Conversations { return f.app.Conversations() }

// assertEchoCalled sends a message naming the echo tool and checks that the call ran on the
// server after consent.
func assertEchoCalled(t *testing.T, f *fixture, conv records.Conversation) {
	t.Helper()
	p := &progress{answer: conversations.ConsentOnce}
	turn, err := c(f).Send(ctxT(t), conv.ID, conversations.Message{Text: "mcp__local__echo: bonjour"}, p.options())
	if err != nil || turn.Status != records.TurnCompleted {
		t.Fatalf("%+v, %v", turn, err)
	}
	run := outputPart(t, turn, "mcp__local__echo")
	if run.State != records.ToolDone || run.MCP == nil || run.MCP.Server != "local" || !strings.Contains(run.Output, "echo: bonjour") {
		t.Fatalf("run %+v", run)
	}
}

// A backup carries projects: an import adds the projects it lacks (by uid), or takes the one of
// the same name here, and points the imported conversations at them; a second import adds none.
func TestProjectBackupAndImportCarryProjects(t *testing.T) {
	ctx := context.Background()
	from := openHome(t, t.TempDir())
	trip, other := seedConversation(t, from.store, "trip", 1), seedConversation(t, from.store, "other", 1)
	seedConversation(t, from.store, "loose", 1)
	travel, _ := projectdb.Of(from.store).CreateProject(ctx, "srv", records.Project{Name: "Travel", Colour: "blue",
		Defaults: records.ProjectDefaults{Tier: "Smart"}})
	work, _ := projectdb.Of(from.store).CreateProject(ctx, "srv", records.Project{Name: "Work"})
	_ = projectdb.Of(from.store).MoveToProject(ctx, "srv", []int64{trip.ID}, travel.ID)
	_ = projectdb.Of(from.store).MoveToProject(ctx, "srv", []int64{other.ID}, work.ID)
	file := filepath.Join(t.TempDir(), "from.db")
	if _, _, err := from.Conversations().Backup(ctx, file); err != nil {
		t.Fatal(err)
	}
	to := openHome(t, t.TempDir())
	mine, _ := projectdb.Of(to.store).CreateProject(ctx, "srv", records.Project{Name: "work"}) // the same name, made here
	res, err := to.Conversations().Import(ctx, file)
	if err != nil || res != (records.ImportResult{Added: 3, Projects: 1}) {
		t.Fatalf("import: %+v, %v", res, err)
	}
	projects, _ := projectdb.Of(to.store).Projects(ctx, "srv")
	if len(projects) != 2 || projects[0].Name != "Travel" || projects[0].UID != travel.UID || projects[0].Colour != "blue" ||
		projects[0].Defaults.Tier != "Smart" || projects[0].Conversations != 1 || projects[1].ID != mine.ID || projects[1].Conversations != 1 {
		t.Fatalf("projects after the import: %+v", projects)
	}
	convs, _ := to.store.Conversations(ctx, "srv", "")
	for _, c := range convs {
		want := map[string]int64{"trip": projects[0].ID, "other": mine.ID, "loose": 0}[c.Title]
		if c.ProjectID != want {
			t.Errorf("%q is in project %d, want %d", c.Title, c.ProjectID, want)
		}
	}
	if res, err := to.Conversations().Import(ctx, file); err != nil || res != (records.ImportResult{Present: 3}) {
		t.Errorf("a second import: %+v, %v", res, err)
	}
}

// A backup written by the main of before projects and branches (schema 10; app/testdata's
// backup-schema10.db.gz, made as its README says) imports whole: every conversation of each
// kind with its turns, the image and the files, none in a project; its trash left out.
func TestProjectImportOfABackupFromBeforeProjects(t *testing.T) {
	ctx := context.Background()
	file := gunzip(t, filepath.Join("testdata", "backup-schema10.db.gz"))
	to := openHome(t, t.TempDir())
	res, err := to.Conversations().Import(ctx, file)
	if err != nil || res != (records.ImportResult{Added: 4, Trashed: 1}) {
		t.Fatalf("import: %+v, %v", res, err)
	}
	convs, _ := to.store.Conversations(ctx, "demo", "")
	want := map[records.ConversationKind]int{records.KindWorkspace: 2, records.KindModel: 1, records.KindAssistant: 1}
	kinds := map[records.ConversationKind]int{}
	for _, c := range convs {
		turns, err := to.store.Turns(ctx, c.ID)
		if err != nil || len(turns) == 0 || turns[len(turns)-1].Status != records.TurnCompleted || turns[0].Answer == "" || c.ProjectID != 0 {
			t.Errorf("%q: %+v, %d turns, %v", c.Title, c, len(turns), err)
			continue
		}
		if c.Kind == records.KindModel && c.System == "Answer in one sentence." && turns[0].System != c.System {
			t.Errorf("%q lost the prompt its turn went with: %+v", c.Title, turns[0])
		}
		if c.Kind == records.KindAssistant && (len(turns[0].Attachments) != 1 || turns[0].Attachments[0].Name != "notes.txt") {
			t.Errorf("the assistant's turn lost its file: %+v", turns[0].Attachments)
		}
		kinds[c.Kind] = max(kinds[c.Kind], len(turns))
	}
	if len(convs) != 4 || kinds[records.KindWorkspace] != want[records.KindWorkspace] || kinds[records.KindAssistant] != 1 {
		t.Errorf("%d conversations, the most turns by kind %v", len(convs), kinds)
	}
	var images int
	_ = to.store.SQL().QueryRow("SELECT count(*) FROM turn_images").Scan(&images)
	if images != 1 {
		t.Errorf("%d images imported, want the one PNG", images)
	}
	if hits, _ := search.Find(ctx, to.store, "demo", "annual leave", 10); len(hits) == 0 {
		t.Error("the imported turns are not found by search")
	}
}

// gunzip writes the file gz holds to a temporary folder and returns its path.
func gunzip(t *testing.T, gz string) string {
	t.Helper()
	f, err := os.Open(gz)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(gz), ".gz"))
	w, err := os.Create(out)
	if err == nil {
		_, err = io.Copy(w, r)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}
