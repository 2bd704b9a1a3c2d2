package cli

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/client"
)

// TestHistoryAndExportWithEnvServer asks with LECTERN_SERVER and LECTERN_API_KEY: the turns go
// to the app's database under that server, history and export read them there with the app's
// ids, and neither the settings nor the keychain are written.
func TestHistoryAndExportWithEnvServer(t *testing.T) {
	f := newFixture(t, fastConfig())
	home := os.Getenv("LECTERN_HOME")
	runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	runCLI(t, "ask", "--continue", "Handbook", "Can unused days be carried over?").want(t, 0)
	runCLI(t, "ask", "--no-stream", "Handbook", "When are expenses refunded?").want(t, 0)

	r := runCLI(t, "history", "--json").want(t, 0)
	var list []historyEntry
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) != 2 {
		t.Fatalf("history %+v (%v), want two conversations", list, err)
	}
	ids := appConversationIDs(t, f.srv.URL)
	if len(ids) != 2 || list[0].ConversationID != ids[0] || list[1].ConversationID != ids[1] {
		t.Fatalf("history ids %s, %s; the app's database holds %v", list[0].ConversationID, list[1].ConversationID, ids)
	}
	if list[1].Turns != 2 || list[1].Workspace != "Handbook" || list[1].Server != f.srv.URL {
		t.Errorf("the follow-up conversation: %+v", list[1])
	}
	r = runCLI(t, "history", "--search", "carried").want(t, 0)
	contains(t, "search", r.stdout, "["+list[1].ConversationID+"]", "Handbook (completed)", "Q: Can unused days be carried over?")

	file := filepath.Join(t.TempDir(), "talk.md")
	r = runCLI(t, "export", list[1].ConversationID, file).want(t, 0)
	contains(t, "export", r.stdout, "saved to")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	contains(t, "export", string(b), "How many days of paid holiday a year?", "Can unused days be carried over?", "27", "March")
	r = runCLI(t, "export", "999", file).want(t, 2)
	contains(t, "stderr", r.stderr, "no conversation 999")
	runCLI(t, "export", "f1", file).want(t, 2)

	for _, name := range []string{"cli-conversations.json", "settings.json"} {
		if _, err := os.Stat(filepath.Join(home, name)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s written (%v)", name, err)
		}
	}
	if _, err := keyring.Get("lectern", f.srv.URL); !errors.Is(err, keyring.ErrNotFound) {
		t.Errorf("the keychain holds a key for %s (%v)", f.srv.URL, err)
	}
	assertNoKeyInHome(t)
}

// TestHistoryIsPerServer shows that another server's conversations are not listed.
func TestHistoryIsPerServer(t *testing.T) {
	newFixture(t, fastConfig())
	runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	r := runCLI(t, "--server", "http://127.0.0.1:1", "history").want(t, 0)
	contains(t, "history", r.stdout, "No conversations yet")
	r = runCLI(t, "history").want(t, 0)
	contains(t, "history", r.stdout, "How many days of paid holiday")
}

// TestCommandsLeaveTheUploadQueue checks that commands (other than upload, which sends directly)
// open the app without working on the desktop app's upload queue.
func TestCommandsLeaveTheUploadQueue(t *testing.T) {
	f := newFixture(t, fastConfig())
	// The file is queued for the desktop app (the key comes from LECTERN_API_KEY).
	a := openData(t, f.srv.URL)
	if err := a.Workspaces().Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "queued.txt")
	if err := os.WriteFile(p, []byte("left for the desktop app"), 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := a.Uploads().AddFiles(t.Context(), f.personal, p)
	if err != nil || len(res) != 1 || res[0].Reason != "" {
		t.Fatalf("enqueue: %+v, %v", res, err)
	}
	_ = a.Close() // Enqueue starts this process's worker: the entry may be queued or already sending
	before, docsBefore := uploadState(t, f, res[0].ID), documentCount(t)
	runCLI(t, "ask", "Alice Notes", "Anything here?").want(t, 0)
	runCLI(t, "ask", "--no-stream", "Alice Notes", "Anything here?").want(t, 0)
	runCLI(t, "history").want(t, 0)
	if after := uploadState(t, f, res[0].ID); after.State != before.State || after.ClientDocumentID != before.ClientDocumentID {
		t.Fatalf("upload %+v, want it as it was: %+v", after, before)
	}
	if n := documentCount(t); n != docsBefore {
		t.Fatalf("the server has %d documents in Alice Notes, had %d before the commands", n, docsBefore)
	}
}

// uploadState reads upload id from the queue.
func uploadState(t *testing.T, f *fixture, id int64) records.Upload {
	t.Helper()
	b := openData(t, f.srv.URL)
	defer b.Close()
	u, err := b.Uploads().Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// documentCount counts the documents the server lists in Alice Notes.
func documentCount(t *testing.T) int {
	t.Helper()
	r := runCLI(t, "documents", "Alice Notes", "--json").want(t, 0)
	var docs []client.Document
	if err := json.Unmarshal([]byte(r.stdout), &docs); err != nil {
		t.Fatalf("documents --json: %v\n%s", err, r.stdout)
	}
	return len(docs)
}

// TestHistoryBranchedConversationExportsEveryBranch: a question edited in the desktop app (a
// branch beside the old one) is exported with every branch, the one shown first, the other
// saying which it is and where it starts; history --search finds a turn of the branch not shown
// and says which branch it is on (issue 31: "Export and search see every branch, and say which").
func TestHistoryBranchedConversationExportsEveryBranch(t *testing.T) {
	f := newFixture(t, fastConfig())
	runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	runCLI(t, "ask", "--continue", "Handbook", "Can unused days be carried over?").want(t, 0)
	a := openData(t, f.srv.URL)
	list, err := a.Conversations().List(t.Context(), "")
	if err != nil || len(list) != 1 {
		t.Fatal(list, err)
	}
	id := list[0].ID
	turns, _ := a.Conversations().Turns(t.Context(), id)
	if _, err := a.Conversations().Resend(t.Context(), turns[1].ID, "When are expenses refunded?", conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	_ = a.Close()

	file := filepath.Join(t.TempDir(), "branched.md")
	runCLI(t, "export", strconv.FormatInt(id, 10), file).want(t, 0)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	md := string(b)
	contains(t, "export", md, "other versions of some questions", "## Branch 1 of 2 at question 2", "Can unused days be carried over?")
	if shown, old := strings.Index(md, "When are expenses refunded?"), strings.Index(md, "Can unused days be carried over?"); shown < 0 || shown > old {
		t.Errorf("the branch shown (the edit) is not first:\n%s", md)
	}
	r := runCLI(t, "history", "--search", "carried").want(t, 0)
	contains(t, "search", r.stdout, "on branch 1 of 2, not the one shown", "Q: Can unused days be carried over?")
	var hits []historyEntry
	if err := json.Unmarshal([]byte(runCLI(t, "history", "--search", "refunded", "--json").want(t, 0).stdout), &hits); err != nil {
		t.Fatal(err)
	}
	branches := map[string]string{}
	for _, h := range hits {
		branches[h.Question] = h.Branch
	}
	if b, ok := branches["When are expenses refunded?"]; !ok || b != "" || branches["Can unused days be carried over?"] != "branch 1 of 2" {
		t.Errorf("branches of the turns found: %q", branches)
	}
}
