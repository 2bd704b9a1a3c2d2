package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"lectern/client"
	"lectern/client/emulator"
)

// posts counts the requests of log that are POST /workspace (questions).
func posts(log []string) int {
	return len(slices.DeleteFunc(slices.Clone(log), func(r string) bool { return r != "POST /workspace" }))
}

// Asking by id is one request: nothing is listed before the question, nor fetched after it.
func TestAskByIDIsOneRequest(t *testing.T) {
	f := newFixture(t, fastConfig())
	runCLI(t, "ask", f.handbook, "How many days of paid holiday a year?").want(t, 0)
	if log := f.requestLog(); len(log) != 1 || log[0] != "POST /workspace" {
		t.Fatalf("ask by id sent %v; want one POST /workspace", log)
	}
}

// A workspace name the cache knows costs nothing to resolve: the question is the only request.
func TestAskByCachedNameIsOneRequest(t *testing.T) {
	f := newFixture(t, fastConfig())
	runCLI(t, "workspaces").want(t, 0)
	f.requestLog()
	runCLI(t, "ask", "  handbook ", "How many days of paid holiday a year?").want(t, 0)
	if log := f.requestLog(); len(log) != 1 || log[0] != "POST /workspace" {
		t.Fatalf("ask by cached name sent %v; want one POST /workspace", log)
	}
	if got := f.lastAsk(t)["workspace_id"]; got != f.handbook {
		t.Fatalf("asked %v, want %s", got, f.handbook)
	}
}

// A name the cache does not know is sent as an id; after the server's workspace_not_found the list
// is read to resolve it, and the question is sent again with the id. The failed try left nothing.
func TestAskByUnknownNameResolvesAfterNotFound(t *testing.T) {
	f := newFixture(t, fastConfig())
	runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	log := f.requestLog()
	if len(log) < 3 || log[0] != "POST /workspace" || log[len(log)-1] != "POST /workspace" || posts(log) != 2 {
		t.Fatalf("requests %v; want the question, the list, the question again", log)
	}
	for _, r := range log[1 : len(log)-1] {
		if !strings.HasPrefix(r, "GET /workspace?") {
			t.Fatalf("between the two questions: %v", log)
		}
	}
	r := runCLI(t, "history", "--json").want(t, 0)
	var convs []struct {
		WorkspaceID string `json:"workspace_id"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &convs); err != nil || len(convs) != 1 || convs[0].WorkspaceID != f.handbook {
		t.Fatalf("history after resolving: %v %s", err, r.stdout)
	}
	// Now cached: the same name again is one request.
	runCLI(t, "ask", "Handbook", "When are expenses refunded?").want(t, 0)
	if log := f.requestLog(); len(log) != 1 {
		t.Fatalf("second ask sent %v", log)
	}
}

// An ambiguous name lists the candidates with their ids (exit 2), and asks nothing.
func TestAmbiguousNameListsCandidates(t *testing.T) {
	f := newFixture(t, fastConfig())
	twin := f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: "handbook", Owner: "alice"})
	r := runCLI(t, "ask", "HANDBOOK", "Anything?").want(t, 2)
	contains(t, "stderr", r.stderr, "2 workspaces are called", f.handbook, twin, "give the id")
	if n := posts(f.requestLog()); n != 1 {
		t.Fatalf("%d questions sent; want only the first try, which the server refused", n)
	}
	runCLI(t, "ask", "HANDBOOK", "Anything?").want(t, 2) // from the cache now
	if log := f.requestLog(); len(log) != 0 {
		t.Fatalf("an ambiguous cached name sent %v", log)
	}
}

// The command line's listings fill the cache the desktop app shows; offline, workspaces and
// documents answer from it, say so on stderr with the last sync time, and exit 0.
func TestOfflineListingsAnswerFromCache(t *testing.T) {
	f := newFixture(t, fastConfig())
	online := runCLI(t, "workspaces").want(t, 0)
	docs := runCLI(t, "documents", "Handbook").want(t, 0)
	f.srv.Close()
	r := runCLI(t, "workspaces").want(t, 0)
	if r.stdout != online.stdout {
		t.Errorf("offline list differs:\n%s\nonline:\n%s", r.stdout, online.stdout)
	}
	contains(t, "stderr", r.stderr, "offline", "last updated", "Cannot reach")
	r = runCLI(t, "documents", "handbook").want(t, 0)
	contains(t, "stdout", r.stdout, "handbook.txt", "131 documents in Handbook")
	contains(t, "stderr", r.stderr, "offline", "last updated")
	if r.stdout != docs.stdout {
		t.Errorf("offline documents differ:\n%s\nonline:\n%s", r.stdout, docs.stdout)
	}
	r = runCLI(t, "documents", "Team 05").want(t, 0) // listed with no documents: the cache knows that
	contains(t, "stdout", r.stdout, "Team 05 has no documents yet")
}

// A workspace whose documents were never cached cannot be answered offline: the listing showed
// it holds documents, so "no documents" would be wrong.
func TestOfflineDocumentsNeverCached(t *testing.T) {
	f := newFixture(t, fastConfig())
	runCLI(t, "workspaces").want(t, 0)
	f.srv.Close()
	r := runCLI(t, "documents", "Handbook").want(t, 1)
	contains(t, "stderr", r.stderr, "Cannot reach")
}

// Two uploads of the same file at once both exit 0 and make one document: the second follows the
// first one's queue entry and reports the same document.
func TestSameFileUploadedTwiceAtOnce(t *testing.T) {
	f := newFixture(t, fastConfig())
	p := writeFile(t, "twice.txt", "The same file, uploaded twice at once.")
	results := make([]result, 2)
	var wg sync.WaitGroup
	for i := range results {
		wg.Go(func() { results[i] = runCLI(t, "upload", f.personal, p, "--wait", "--json") })
	}
	wg.Wait()
	var ids []string
	for _, r := range results {
		r.want(t, 0)
		var recs []client.UploadRecord
		if err := json.Unmarshal([]byte(r.stdout), &recs); err != nil || len(recs) != 1 || recs[0].DocumentID == nil {
			t.Fatalf("records %v: %s", err, r.stdout)
		}
		ids = append(ids, *recs[0].DocumentID)
	}
	if ids[0] != ids[1] {
		t.Fatalf("two documents: %v", ids)
	}
	sent := slices.DeleteFunc(f.requestLog(), func(r string) bool { return r != "POST /workspace/documents" })
	if len(sent) != 1 {
		t.Fatalf("the file was sent %d times", len(sent))
	}
}
