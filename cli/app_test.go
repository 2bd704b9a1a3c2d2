package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"lectern/app"
)

// TestSavedConnection connects once, then works from the saved settings and the keychain, with
// the conversations in the app's database.
func TestSavedConnection(t *testing.T) {
	f := newFixture(t, fastConfig())
	r := runCLI(t, "connect", f.srv.URL).want(t, 0)
	contains(t, "connect", r.stdout, "Connected to", "25 workspaces")
	t.Setenv("LECTERN_SERVER", "")
	t.Setenv("LECTERN_API_KEY", "")

	runCLI(t, "workspaces").want(t, 0)
	r = runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	contains(t, "answer", r.stdout, "27")
	r = runCLI(t, "ask", "--continue", "Handbook", "Can unused days be carried over?").want(t, 0)
	contains(t, "follow-up", r.stdout, "March")
	if hist, _ := f.lastAsk(t)["history"].([]any); len(hist) != 2 {
		t.Fatalf("history sent %v, want the first turn", f.lastAsk(t)["history"])
	}

	r = runCLI(t, "history", "--json").want(t, 0)
	var list []historyEntry
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) != 1 || list[0].Turns != 2 {
		t.Fatalf("history %+v (%v), want one conversation of two turns", list, err)
	}
	if ids := appConversationIDs(t, f.srv.URL); len(ids) != 1 || ids[0] != list[0].ConversationID {
		t.Errorf("history lists conversation %s; the app's database holds %v", list[0].ConversationID, ids)
	}
	r = runCLI(t, "history", "--search", "carried").want(t, 0)
	contains(t, "search", r.stdout, "Can unused days be carried over?")

	file := filepath.Join(t.TempDir(), "talk.md")
	runCLI(t, "export", list[0].ConversationID, file).want(t, 0)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	contains(t, "export", string(b), "How many days of paid holiday a year?", "Can unused days be carried over?")

	assertNoKeyInHome(t)
}

// assertNoKeyInHome fails when a file of the data folder holds the API key.
func assertNoKeyInHome(t *testing.T) {
	t.Helper()
	home := os.Getenv("LECTERN_HOME")
	_ = filepath.WalkDir(home, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if b, _ := os.ReadFile(p); strings.Contains(string(b), testKey) {
				t.Errorf("%s holds the API key", p)
			}
		}
		return nil
	})
}

// openData opens the app's data as the command line does, on server for this process only.
func openData(t *testing.T, server string) *app.App {
	t.Helper()
	a, err := app.Open(t.Context(), app.Options{Home: os.Getenv("LECTERN_HOME")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if err := a.SignIn().UseServer(t.Context(), server, ""); err != nil {
		t.Fatal(err)
	}
	return a
}

// appConversationIDs returns the ids of the conversations the app's database holds for server,
// newest first.
func appConversationIDs(t *testing.T, server string) []string {
	t.Helper()
	a := openData(t, server)
	list, err := a.Conversations().List(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range list {
		ids = append(ids, strconv.FormatInt(c.ID, 10))
	}
	_ = a.Close()
	return ids
}

func TestAskJSONFromApp(t *testing.T) {
	f := newFixture(t, fastConfig())
	runCLI(t, "connect", f.srv.URL).want(t, 0)
	t.Setenv("LECTERN_SERVER", "")
	t.Setenv("LECTERN_API_KEY", "")
	f.metadata = map[string]string{"via": "test"}
	for _, args := range [][]string{{}, {"--no-stream"}} {
		ans := askJSON(t, append(args, "Handbook", "How many days of paid holiday a year?")...)
		if ans.Object != "workspace.answer" || !ans.Found || !strings.Contains(ans.Answer, "27") || ans.RequestID == "" ||
			!strings.HasPrefix(ans.ID, "wsa_") || ans.Usage == nil || ans.Metadata["via"] != "test" || ans.Created == 0 {
			t.Errorf("ask %v: answer %+v", args, ans)
		}
	}
}
