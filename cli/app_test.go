package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if strings.HasPrefix(list[0].ConversationID, fileIDPrefix) {
		t.Errorf("conversation %s kept in the file, want the app's database", list[0].ConversationID)
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

	// The key never reaches the data folder.
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

func TestAskJSONFromApp(t *testing.T) {
	f := newFixture(t, fastConfig())
	runCLI(t, "connect", f.srv.URL).want(t, 0)
	ans := askJSON(t, "Handbook", "How many days of paid holiday a year?")
	if ans.Object != "workspace.answer" || !ans.Found || !strings.Contains(ans.Answer, "27") || ans.RequestID == "" ||
		!strings.HasPrefix(ans.ID, "wsa_") || ans.Usage == nil {
		t.Errorf("answer %+v", ans)
	}
}
