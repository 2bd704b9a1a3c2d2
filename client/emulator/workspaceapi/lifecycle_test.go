package workspaceapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"lectern/client/emulator/engine"
)

// Spec §3: an added document goes not_ready (HTTP 202, document_id assigned) then ready; a
// not_ready document "cannot be asked as a single document (409 knowledge_not_ready)".
func TestUploadLifecycle(t *testing.T) {
	ev := newEnv(t, nil)
	rec := record(t, ev.upload(keyAdd, uploadBody("LifeCycle001", "life.txt", []byte("The lighthouse keeper feeds seven cats."))))
	if rec.Status != "not_ready" || rec.DocumentID == nil {
		t.Fatalf("first answer %+v", rec)
	}
	id := *rec.DocumentID
	one := with(map[string]any{"question": "How many cats?", "knowledge": map[string]any{"document_ids": []string{id}}})
	wantErr(t, ev.ask(one), 409, "knowledge_not_ready")
	if st := record(t, ev.status(keyRO, "ws_alice", "lifecycle001")); st.Status != "not_ready" || *st.DocumentID != id {
		t.Fatalf("status by client id (any case) %+v", st)
	}
	ev.clock.Advance(time.Minute)
	st := record(t, ev.status(keyRO, "ws_alice", id))
	if st.Status != "ready" || st.ClientDocumentID != "LifeCycle001" || st.AddedBy != "api:key-alice-ad" {
		t.Fatalf("status by document id %+v", st)
	}
	a := answerOf(t, ev.ask(one))
	if !a.Found {
		t.Errorf("answer from the new document: %+v", a)
	}
	for _, d := range page(t, ev.list("workspace_id=ws_alice")).Data[0].Documents {
		if d.DocumentID == id && (d.Status != "ready" || d.ClientDocumentID != "LifeCycle001" || d.Updated != "20-11-2026 15:31") {
			t.Errorf("list entry %+v", d)
		}
	}
}

// Spec §3: "not_ready → failed: failed_reason is indexing_failed; the same file may be added again".
func TestUploadFails(t *testing.T) {
	ev := newEnv(t, nil)
	body := uploadBody("FailMe000001", "unreadable-scan.txt", []byte("x"))
	record(t, ev.upload(keyAdd, body))
	ev.clock.Advance(time.Minute)
	st := record(t, ev.status(keyAdd, "ws_alice", "FailMe000001"))
	if st.Status != "failed" || st.FailedReason != "indexing_failed" {
		t.Fatalf("status %+v", st)
	}
	if r := ev.upload(keyAdd, body); r.status != 202 {
		t.Fatalf("adding the failed file again: %d %s", r.status, r.raw)
	}
	again := uploadBody("FailMe000002", "unreadable-scan.txt", []byte("x"))
	ev.clock.Advance(time.Minute)
	if r := ev.upload(keyAdd, again); r.status != 202 {
		t.Fatalf("same name with a new id after failure: %d %s", r.status, r.raw)
	}
}

// Spec §4 rules 6 and 7: dedupe by client_document_id (compared case-insensitively).
func TestUploadDedupe(t *testing.T) {
	ev := newEnv(t, nil)
	body := uploadBody("DeDupe000001", "dedupe.txt", []byte("same file"))
	first := record(t, ev.upload(keyAdd, body))
	r := ev.upload(keyAdd, body)
	wantErr(t, r, 429, "too_many_uploads") // "While the first upload still runs, a resend from the same key gives 429"
	if r.header.Get("Retry-After") != "60" {
		t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
	}
	r = ev.upload(keyAdd2, body) // "202 with status processing when ... being read for another key"
	if rec := record(t, r); r.status != 202 || rec.Status != "processing" || rec.DocumentID != nil {
		t.Errorf("another key: %d %s", r.status, r.raw)
	}
	other := uploadBody("dedupe000001", "dedupe.txt", []byte("another file"))
	wantErr(t, ev.upload(keyAdd, other), 409, "id_in_use") // "Same id with a different file gives 409 id_in_use"
	renamed := uploadBody("DeDupe000001", "renamed.txt", []byte("same file"))
	wantErr(t, ev.upload(keyAdd, renamed), 409, "id_in_use")
	dup := uploadBody("DeDupe000002", "DEDUPE.TXT", []byte("x"))
	wantErr(t, ev.upload(keyAdd, dup), 409, "duplicate_name") // "A name that already exists gives 409 duplicate_name"
	wantErr(t, ev.upload(keyAdd, uploadBody("DeDupe000003", "handbook.txt", []byte("x"))), 409, "duplicate_name")
	ev.clock.Advance(time.Minute)
	// "200 with the current status when ... already added (nothing stored twice, nothing counted)"
	for k, used := range map[string]int{keyAdd: 1, keyAdd2: 0} {
		r := ev.upload(k, body)
		rec := record(t, r)
		if r.status != 200 || rec.Status != "ready" || *rec.DocumentID != *first.DocumentID || rec.Limits.DailyUploadsUsed != used {
			t.Errorf("key %s resend after ready: %d %s", k, r.status, r.raw)
		}
	}
}

// Spec §3: "If the server restarts while reading a file, nothing is stored and the file must be
// sent again"; the status then says document_not_found.
func TestUploadRestart(t *testing.T) {
	ev := newEnv(t, nil)
	done := uploadBody("Restart00001", "done.txt", []byte("done"))
	record(t, ev.upload(keyAdd, done))
	ev.clock.Advance(time.Minute)
	body := uploadBody("Restart00002", "lost.txt", []byte("lost"))
	record(t, ev.upload(keyAdd, body))
	ev.e.Restart()
	wantErr(t, ev.status(keyAdd, "ws_alice", "Restart00002"), 404, "document_not_found")
	if st := record(t, ev.status(keyAdd, "ws_alice", "Restart00001")); st.Status != "ready" {
		t.Errorf("stored document after restart: %+v", st)
	}
	if st := record(t, ev.status(keyAdd, "ws_alice", ev.docs["pending.txt"])); st.Status != "not_ready" {
		t.Errorf("seeded not_ready document after restart: %+v", st)
	}
	if r := ev.upload(keyAdd, body); r.status != 202 {
		t.Fatalf("resend after restart: %d %s", r.status, r.raw)
	}
}

// Spec §3: "(none) → processing: same client_document_id and same file already being read for
// another key; document_id null", then "processing → not_ready: document_id becomes non-null".
func TestUploadProcessingRealTime(t *testing.T) {
	ev := newEnv(t, func(c *testConfig) { c.ProcessingDelay = time.Second; c.Shared.Now = nil })
	body := uploadBody("Processing01", "slow.txt", []byte("slow file"))
	var wg sync.WaitGroup
	var first resp
	wg.Go(func() { first = ev.upload(keyAdd, body) })
	time.Sleep(200 * time.Millisecond)
	st := record(t, ev.status(keyRO, "ws_alice", "Processing01"))
	if st.Status != "processing" || st.DocumentID != nil {
		t.Errorf("status while reading %+v", st)
	}
	second := ev.upload(keyAdd2, body)
	if rec := record(t, second); second.status != 202 || rec.Status != "processing" || rec.DocumentID != nil {
		t.Errorf("other key while reading: %d %s", second.status, second.raw)
	}
	wg.Wait()
	if rec := record(t, first); first.status != 202 || rec.Status != "not_ready" || rec.DocumentID == nil {
		t.Errorf("first key: %d %s", first.status, first.raw)
	}
}

// Spec §2 limits: "live and reflect the server's settings and the key's use"; daily_upload_limit.
func TestUploadLimits(t *testing.T) {
	ev := newEnv(t, func(c *testConfig) { c.Limits.DailyUploadsLimit = 2; c.Limits.MaxFileBytes = 5000 })
	wantErr(t, ev.upload(keyAdd, uploadBody("Limits000000", "big.txt", bytes.Repeat([]byte("x"), 5001))), 413, "file_too_large")
	a := record(t, ev.upload(keyAdd, uploadBody("Limits000001", "one.txt", []byte("1"))))
	b := record(t, ev.upload(keyAdd, uploadBody("Limits000002", "two.pdf", engine.MakePDF([][]string{{}}))))
	if a.Limits.DailyUploadsRemaining != 1 || b.Limits.DailyUploadsRemaining != 0 || b.Limits.DailyUploadsLimit != 2 ||
		b.Limits.MaxFileBytes != 5000 || b.Limits.WorkspaceBytesUsed <= a.Limits.WorkspaceBytesUsed {
		t.Errorf("limits %+v then %+v", a.Limits, b.Limits)
	}
	if len(b.Warnings) != 1 || b.Warnings[0] != "ocr_used" || b.Limits.DailyOCRUsed != 1 || b.Limits.DailyOCRRemaining != 19 {
		t.Errorf("scanned PDF: warnings %v limits %+v", b.Warnings, b.Limits)
	}
	r := ev.upload(keyAdd, uploadBody("Limits000003", "three.txt", []byte("3")))
	wantErr(t, r, 429, "daily_upload_limit")
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After on daily_upload_limit")
	}
	if r := ev.upload(keyAdd2, uploadBody("Limits000004", "four.txt", []byte("4"))); r.status != 202 {
		t.Errorf("the limit counts per key: %d", r.status)
	}
}

// Spec §4 GET /workspace/documents/{id} rules 1 to 4.
func TestStatusEndpoint(t *testing.T) {
	ev := newEnv(t, nil)
	tests := []struct {
		name, path, code, param string
		status                  int
	}{
		{"rule 1: bad id format", "/workspace/documents/short?workspace_id=ws_alice", "invalid_request", "document_id", 400},
		{"rule 1: 13 characters", "/workspace/documents/abcdefghijklm?workspace_id=ws_alice", "invalid_request", "document_id", 400},
		{"rule 2: workspace_id required", "/workspace/documents/abcdefabcdef", "invalid_request", "workspace_id", 400},
		{"rule 2: other query parameter", "/workspace/documents/abcdefabcdef?workspace_id=ws_alice&x=1", "unknown_parameter", "x", 400},
		{"rule 4: not in that workspace", "/workspace/documents/abcdefabcdef?workspace_id=ws_alice", "document_not_found", "document_id", 404},
		{"document of another workspace", "/workspace/documents/" + ev.docs["handbook.txt"] + "?workspace_id=org_one", "document_not_found", "document_id", 404},
		{"workspace the key cannot open", "/workspace/documents/abcdefabcdef?workspace_id=ws_bobpriv", "workspace_not_found", "workspace_id", 404},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := ev.do(req{method: "GET", path: tc.path, key: keyRO})
			wantErr(t, r, tc.status, tc.code)
			if r.str("param") != tc.param {
				t.Errorf("param %q", r.str("param"))
			}
		})
	}
	// Rule 3: "Any key may ask, on every workspace it can open, whether or not it may add documents."
	for _, name := range []string{"handbook.txt", "pending.txt", "broken.txt"} {
		st := record(t, ev.status(keyRO, "ws_alice", ev.docs[name]))
		if st.Name != name || st.Limits == nil {
			t.Errorf("seeded %s: %+v", name, st)
		}
	}
	if st := record(t, ev.status(keyRO, "ws_alice", ev.docs["broken.txt"])); st.Status != "failed" || st.FailedReason != "indexing_failed" {
		t.Errorf("failed document %+v", st)
	}
}

// Spec §3: a restart while the file is being read stores nothing; the upload's connection drops
// without an answer and the status says document_not_found.
func TestUploadRestartWhileReading(t *testing.T) {
	ev := newEnv(t, func(c *testConfig) { c.ProcessingDelay = time.Second; c.Shared.Now = nil })
	body := uploadBody("DropMe000001", "drop.txt", []byte("dropped"))
	b, _ := json.Marshal(body)
	errc := make(chan error, 1)
	go func() {
		hr, _ := http.NewRequest("POST", ev.e.URL()+"/workspace/documents", bytes.NewReader(b))
		hr.Header.Set("Content-Type", "application/json")
		hr.Header.Set("X-API-Key", keyAdd)
		res, err := http.DefaultClient.Do(hr)
		if err == nil {
			res.Body.Close()
		}
		errc <- err
	}()
	time.Sleep(200 * time.Millisecond)
	ev.e.Restart()
	if err := <-errc; err == nil {
		t.Error("the upload got an answer after the restart")
	}
	wantErr(t, ev.status(keyAdd, "ws_alice", "DropMe000001"), 404, "document_not_found")
}

// SetDocumentStatus moves a document on for tests of other layers; Requests counts what arrived.
func TestSetDocumentStatusAndRequests(t *testing.T) {
	ev := newEnv(t, nil)
	if !ev.e.SetDocumentStatus("ws_alice", ev.docs["pending.txt"], "ready") || ev.e.SetDocumentStatus("ws_alice", "nope", "ready") ||
		ev.e.SetDocumentStatus("ws_none", "x", "ready") {
		t.Fatal("SetDocumentStatus result")
	}
	if st, ok := ev.e.DocumentStatus("ws_alice", ev.docs["pending.txt"]); !ok || st != "ready" {
		t.Errorf("status %q %v", st, ok)
	}
	ev.list("")
	ev.list("")
	ev.ask(base())
	if ev.e.Requests(RouteList) != 2 || ev.e.Requests(RouteAsk) != 1 || ev.e.Requests("") != 3 {
		t.Errorf("requests %d %d %d", ev.e.Requests(RouteList), ev.e.Requests(RouteAsk), ev.e.Requests(""))
	}
}
