package client_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"lectern/client"
	"lectern/client/emulator"
)

const (
	ownerKey = "sk-owner-0123456789abcdefSECRET"
	readKey  = "sk-old-read-only-0123456789SECRET"
)

// world is an emulator with a personal workspace (docs), a published one, a shared one and an
// organisation workspace, and clients for a key that may add and one that may not.
type world struct {
	emu                 *emulator.Emulator
	adder, reader       *client.Client
	personal, published string
	orgWS, sharedWS     string
	alphaDoc            string
}

func newWorld(t testing.TB) *world {
	t.Helper()
	emu := emulator.Start(emulator.Config{ProcessingDelay: -1, ReadyDelay: 30 * time.Millisecond,
		ThinkDelay: -1, StageDelay: -1, DeltaDelay: -1, ResetEvery: 1, WrongKeyLimit: -1})
	t.Cleanup(emu.Close)
	emu.AddKey(emulator.Key{Secret: ownerKey, Owner: "ana", CanAdd: true})
	emu.AddKey(emulator.Key{Secret: readKey, Owner: "ana"})
	w := &world{emu: emu}
	w.personal = emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Ana notes", Owner: "ana"})
	w.published = emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Ana public", Owner: "ana", Published: true})
	w.sharedWS = emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Bo shared", Owner: "bo", SharedWith: []string{"ana"}})
	w.orgWS = emu.AddWorkspace(emulator.WorkspaceSpec{Name: "Org handbook", Scope: emulator.ScopeOrganization, Members: []string{"ana"}})
	w.alphaDoc = emu.AddDocument(w.personal, "alpha.txt", []byte("The alpha project deadline is 12 March. Alpha is led by Ana."), "ready")
	emu.AddDocument(w.personal, "sales.csv", []byte("region,amount\nnorth,10\nsouth,32\n"), "ready")
	w.adder = newClient(t, emu.URL(), ownerKey)
	w.reader = newClient(t, emu.URL(), readKey)
	return w
}

func newClient(t testing.TB, url, key string) *client.Client {
	c, err := client.NewClient(client.WithBaseURL(url), client.WithAPIKey(key),
		client.WithPollInterval(5*time.Millisecond, 10*time.Millisecond),
		client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 2, BaseDelay: time.Millisecond, MaxDelay: 10 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestEmulatorListing(t *testing.T) {
	w := newWorld(t)
	var names []string
	for ws, err := range w.adder.AllWorkspaces(t.Context(), client.ListOptions{Limit: 1}) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, ws.Name)
	}
	// Spec §4: "personal workspaces first, then organisation workspaces, each sorted by name".
	if strings.Join(names, "|") != "Ana notes|Ana public|Bo shared|Org handbook" {
		t.Fatalf("order %q", names)
	}
	ws, err := w.adder.FetchWorkspace(t.Context(), w.personal)
	if err != nil || len(ws.Documents) != 2 || ws.Counts.Documents != 2 {
		t.Fatal(ws, err)
	}
	for _, d := range ws.Documents {
		if _, err := client.ParseServerTime(d.UpdatedAt, d.Updated); err != nil {
			t.Fatal(d, err)
		}
	}
}

// Spec §4: "Cursors stop working after a server restart (400 invalid_cursor)".
func TestEmulatorRestartMidListing(t *testing.T) {
	w := newWorld(t)
	w.emu.AddManyDocuments(w.personal, 450)
	seen := map[string]bool{}
	n := 0
	for d, err := range w.adder.AllDocuments(t.Context(), w.personal, client.ListOptions{Limit: 100}) {
		if err != nil {
			t.Fatal(err)
		}
		if seen[d.DocumentID] {
			t.Fatal("yielded twice", d.DocumentID)
		}
		seen[d.DocumentID] = true
		if n++; n == 150 {
			w.emu.Restart()
		}
	}
	if n != 452 {
		t.Fatal(n)
	}
}

func TestEmulatorAsk(t *testing.T) {
	w := newWorld(t)
	req := client.AskRequest{WorkspaceID: w.personal, Question: "When is the alpha project deadline?"}
	a, err := w.adder.Ask(t.Context(), req)
	if err != nil || !a.Found || !strings.Contains(a.Answer, "12 March") || a.RequestID == "" {
		t.Fatal(a, err)
	}
	ta, err := w.reader.AskText(t.Context(), req)
	if err != nil || !ta.Found || !strings.Contains(ta.Text, "12 March") || ta.RequestID == "" {
		t.Fatal(ta, err)
	}
	req.DocumentID = "nope-not-here"
	if _, err := w.adder.Ask(t.Context(), req); !client.IsCode(err, "knowledge_not_found") {
		t.Fatal(err)
	}
	total, err := w.adder.Ask(t.Context(), client.AskRequest{WorkspaceID: w.personal, Question: "What is the total amount in sales.csv?"})
	if err != nil || total.Coverage == nil {
		t.Fatal(total, err)
	}
}

func TestEmulatorStream(t *testing.T) {
	w := newWorld(t)
	s := w.adder.AskStream(t.Context(), client.AskRequest{WorkspaceID: w.personal, Question: "When is the alpha project deadline?"})
	defer s.Close()
	types := map[string]int{}
	for s.Next() {
		types[s.Current().Type]++
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if types[client.EventCreated] != 1 || types[client.EventCompleted] != 1 || types[client.EventDelta] == 0 || types[client.EventReset] == 0 {
		t.Fatalf("events %v", types)
	}
	if !strings.Contains(s.Final().Answer.Answer, "12 March") || s.Text() != s.Final().Answer.Answer {
		t.Fatal(s.Final().Answer)
	}
}

func TestEmulatorStreamFaults(t *testing.T) {
	w := newWorld(t)
	req := client.AskRequest{WorkspaceID: w.personal, Question: "Who leads alpha?"}
	w.emu.SetFaults(emulator.Faults{CutStreamAfter: 4})
	s := w.adder.AskStream(t.Context(), req)
	for s.Next() {
	}
	if !errors.Is(s.Err(), client.ErrInterrupted) {
		t.Fatal(s.Err())
	}
	w.emu.SetFaults(emulator.Faults{AccessLostAfter: 3})
	s = w.adder.AskStream(t.Context(), req)
	for s.Next() {
	}
	if !client.IsCode(s.Err(), "workspace_access_lost") {
		t.Fatal(s.Err())
	}
}

func TestEmulatorRetryAfter(t *testing.T) {
	w := newWorld(t)
	w.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, RetryAfter: time.Second, Count: 1}})
	start := time.Now()
	if _, err := w.adder.ListWorkspaces(t.Context(), client.ListOptions{}); err != nil {
		t.Fatal(err)
	}
	if time.Since(start) < 900*time.Millisecond {
		t.Fatal("Retry-After not honoured")
	}
}

func upload(name string, data []byte, ws string) client.UploadRequest {
	return client.UploadRequest{WorkspaceID: ws, ClientDocumentID: client.NewClientDocumentID(), Name: name,
		Size: int64(len(data)), Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }}
}

func TestEmulatorUploadLifecycle(t *testing.T) {
	w := newWorld(t)
	ctx := t.Context()
	data := []byte("The beta launch is on 3 May.")
	req := upload("beta.txt", data, w.personal)
	rec, err := w.adder.Upload(ctx, req)
	if err != nil || rec.ClientDocumentID != req.ClientDocumentID || rec.Limits == nil {
		t.Fatal(rec, err)
	}
	if w.adder.Limits().MaxFileBytes != 3145728 {
		t.Fatal(w.adder.Limits())
	}
	var seen []string
	final, err := w.reader.WaitDocument(ctx, w.personal, req.ClientDocumentID, func(r *client.UploadRecord) { seen = append(seen, r.Status) })
	if err != nil || final.Status != client.StatusReady {
		t.Fatal(final, err, seen)
	}
	again, err := w.adder.Upload(ctx, req) // same id and file: 200, nothing stored twice
	if err != nil || again.Status != client.StatusReady {
		t.Fatal(again, err)
	}
	a, err := w.adder.Ask(ctx, client.AskRequest{WorkspaceID: w.personal, Question: "When is the beta launch?", DocumentID: *final.DocumentID})
	if err != nil || !strings.Contains(a.Answer, "3 May") {
		t.Fatal(a, err)
	}
}

func TestEmulatorUploadRefusals(t *testing.T) {
	w := newWorld(t)
	ctx := t.Context()
	cases := []struct {
		c    *client.Client
		req  client.UploadRequest
		code string
	}{
		{w.reader, upload("x.txt", []byte("x"), w.personal), "key_not_allowed"},
		{w.adder, upload("x.txt", []byte("x"), w.published), "workspace_read_only"},
		{w.adder, upload("x.txt", []byte("x"), w.orgWS), "workspace_not_found"},
		{w.adder, upload("x.txt", []byte("x"), w.sharedWS), "workspace_not_found"},
		{w.adder, upload("alpha.txt", []byte("other"), w.personal), "duplicate_name"},
		{w.adder, upload("fake.pdf", []byte("not a pdf at all"), w.personal), "unsupported_file_type"},
	}
	for _, tc := range cases {
		_, err := tc.c.Upload(ctx, tc.req)
		if !client.IsCode(err, tc.code) {
			t.Errorf("%s: %v", tc.code, err)
			continue
		}
		if d := err.Error(); strings.Contains(d, ownerKey) || strings.Contains(d, readKey) {
			t.Errorf("error text %q", d)
		}
	}
	first := upload("gamma.txt", []byte("one"), w.personal)
	if _, err := w.adder.Upload(ctx, first); err != nil {
		t.Fatal(err)
	}
	other := upload("gamma2.txt", []byte("two"), w.personal)
	other.ClientDocumentID = first.ClientDocumentID
	if _, err := w.adder.Upload(ctx, other); !client.IsCode(err, "id_in_use") {
		t.Fatal(err)
	}
	if _, err := w.adder.DocumentStatus(ctx, w.personal, client.NewClientDocumentID()); !client.IsCode(err, "document_not_found") {
		t.Fatal(err)
	}
}

func TestEmulatorWrongKey(t *testing.T) {
	w := newWorld(t)
	c := newClient(t, w.emu.URL(), "sk-wrong-key-SECRET-000")
	_, err := c.ListWorkspaces(t.Context(), client.ListOptions{})
	if !client.IsCode(err, "api_key_required") || strings.Contains(err.Error(), "sk-wrong-key-SECRET-000") {
		t.Fatal(err)
	}
}

// BenchmarkListTenThousandDocuments lists 10,000 documents of one workspace from the emulator
// over HTTP, 200 a page (spec §4 maximum).
func BenchmarkListTenThousandDocuments(b *testing.B) {
	w := newWorld(b)
	w.emu.AddManyDocuments(w.personal, 10_000)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ws, err := w.adder.FetchWorkspace(ctx, w.personal)
		if err != nil || len(ws.Documents) != 10_002 {
			b.Fatal(err, len(ws.Documents))
		}
	}
	b.ReportMetric(float64(10_002*b.N)/b.Elapsed().Seconds(), "docs/s")
}

// TestFetchWorkspaceKeepsWebsiteSources: spec §2, a workspace entry carries "sources" (website-import
// entries) next to its documents; FetchWorkspace merges every page and must keep them.
func TestFetchWorkspaceKeepsWebsiteSources(t *testing.T) {
	w := newWorld(t)
	pages := []emulator.Page{
		{Name: "Home", URL: "https://example.org/", Text: "Welcome to the example site."},
		{Name: "About", URL: "https://example.org/about", Text: "About the example organisation."},
	}
	srcID := w.emu.AddSource(w.personal, "example.org", pages)
	ws, err := w.adder.FetchWorkspace(context.Background(), w.personal)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Sources) != 1 || ws.Sources[0].SourceID != srcID || ws.Sources[0].Pages != 2 {
		t.Fatalf("sources = %+v, want the one import %q with 2 pages", ws.Sources, srcID)
	}
	if len(ws.Documents) != 4 {
		t.Fatalf("documents = %d, want the 2 files and the 2 imported pages", len(ws.Documents))
	}
}
