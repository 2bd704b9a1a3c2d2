package workspaceapi

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"lectern/client"
	"lectern/client/emulator/engine"
)

// record decodes an upload record.
func record(t *testing.T, r resp) client.UploadRecord {
	t.Helper()
	var rec client.UploadRecord
	if err := json.Unmarshal(r.raw, &rec); err != nil {
		t.Fatalf("%d %s: %v", r.status, r.raw, err)
	}
	return rec
}

// Spec §4 POST /workspace/documents rules 2, 3, 8 and §5 rule 5: the gates before the body.
func TestUploadGates(t *testing.T) {
	ev := newEnv(t, func(c *testConfig) { c.Limits.MaxRequestBytes = 1000 })
	ok := uploadBody("abcDEF123456", "a.txt", []byte("hello"))
	wantErr(t, ev.upload(keyRO, ok), 403, "key_not_allowed")
	wantErr(t, ev.do(req{method: "POST", path: "/workspace/documents", key: keyAdd, body: ok, ctype: "text/plain"}), 415, "unsupported_media_type")
	wantErr(t, ev.do(req{method: "POST", path: "/workspace/documents", key: keyAdd, body: ok, chunked: true}), 411, "length_required")
	big := uploadBody("abcDEF123456", "a.txt", bytes.Repeat([]byte("x"), 2000))
	r := ev.upload(keyAdd, big)
	wantErr(t, r, 413, "file_too_large")
	ev.e.SetUploadsEnabled(false)
	wantErr(t, ev.upload(keyAdd, ok), 404, "api_disabled")
	ev.e.SetUploadsEnabled(true)
	if r := ev.upload(keyAdd, ok); r.status != 202 {
		t.Fatalf("upload: %d %s", r.status, r.raw)
	}
}

// uploadWith returns a valid upload body with field k set to v (nil deletes it).
func uploadWith(k string, v any) map[string]any {
	b := uploadBody("abcDEF123456", "a.txt", []byte("hello"))
	if v == nil {
		delete(b, k)
	} else {
		b[k] = v
	}
	return b
}

// uploadFieldCases break one field rule of an upload body.
var uploadFieldCases = []struct {
	name, code, param string
	body              map[string]any
}{
	{"rule 2: other field", "unknown_parameter", "tags", uploadWith("tags", []string{"x"})},
	{"missing workspace_id", "invalid_request", "workspace_id", uploadWith("workspace_id", nil)},
	{"missing client_document_id", "invalid_request", "client_document_id", uploadWith("client_document_id", nil)},
	{"client id 11 characters", "invalid_request", "client_document_id", uploadWith("client_document_id", "abcdefghijk")},
	{"client id 13 characters", "invalid_request", "client_document_id", uploadWith("client_document_id", "abcdefghijklm")},
	{"client id with dash", "invalid_request", "client_document_id", uploadWith("client_document_id", "abcdef-12345")},
	{"client id not a string", "invalid_request", "client_document_id", uploadWith("client_document_id", 123456789012)},
	{"missing name", "invalid_request", "name", uploadWith("name", nil)},
	{"name with slash", "invalid_request", "name", uploadWith("name", "a/b.txt")},
	{"name with backslash", "invalid_request", "name", uploadWith("name", `a\b.txt`)},
	{"name with control character", "invalid_request", "name", uploadWith("name", "a\tb.txt")},
	{"name with leading dot", "invalid_request", "name", uploadWith("name", ".hidden.txt")},
	{"name over 200 characters", "invalid_request", "name", uploadWith("name", strings.Repeat("n", 197)+".txt")},
	{"missing data", "invalid_request", "data", uploadWith("data", nil)},
	{"data wrapped base64", "invalid_request", "data", uploadWith("data", "aGVs\nbG8=")},
	{"data invalid characters", "invalid_request", "data", uploadWith("data", "aGVs*G8=")},
	{"data URL-safe alphabet", "invalid_request", "data", uploadWith("data", "-_-_")},
	{"data not a string", "invalid_request", "data", uploadWith("data", 5)},
	{"metadata over 16 pairs", "invalid_request", "metadata", uploadWith("metadata", manyPairs(17))},
}

// Spec §4 POST /workspace/documents fields: unknown, missing, wrong type, id and name rules,
// base64 and metadata.
func TestUploadFieldErrors(t *testing.T) {
	ev := newEnv(t, nil)
	for _, tc := range uploadFieldCases {
		t.Run(tc.name, func(t *testing.T) {
			r := ev.upload(keyAdd, tc.body)
			wantErr(t, r, 400, tc.code)
			if r.str("param") != tc.param {
				t.Errorf("param %q, want %q", r.str("param"), tc.param)
			}
		})
	}
	wantErr(t, ev.do(req{method: "POST", path: "/workspace/documents", key: keyAdd, body: "{"}), 400, "invalid_request")
}

// Spec §4 rule 1: "Allowed types: .txt, .pdf, .docx, .xlsx, .csv. Markdown (.md), .doc, .xls, and
// a file whose content does not match its extension give 400 unsupported_file_type."
func TestUploadFileTypes(t *testing.T) {
	ev := newEnv(t, nil)
	docx := engine.MakeDOCX([]string{"Hello"})
	xlsx := engine.MakeXLSX([][]string{{"a", "b"}, {"1", "2"}})
	pdf := engine.MakePDF([][]string{{"Hello PDF"}})
	tests := []struct {
		name string
		data []byte
		ok   bool
	}{
		{"notes.txt", []byte("plain text"), true},
		{"OTHER.TXT", []byte("upper-case extension"), true},
		{"table.csv", []byte("a,b\n1,2\n"), true},
		{"report.pdf", pdf, true},
		{"letter.docx", docx, true},
		{"sheet.xlsx", xlsx, true},
		{"readme.md", []byte("# title"), false},
		{"old.doc", []byte("binary"), false},
		{"old.xls", []byte("binary"), false},
		{"noextension", []byte("text"), false},
		{"image.png", []byte("\x89PNG"), false},
		{"fake.pdf", []byte("not a pdf"), false},
		{"fake.docx", []byte("not a zip"), false},
		{"swapped.docx", xlsx, false},
		{"swapped.xlsx", docx, false},
		{"latin1.txt", []byte{0x63, 0x61, 0x66, 0xe9}, false},
		{"binary.csv", []byte("a,b\x00"), false},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id := "typeTest" + string(rune('A'+i)) + "123"
			r := ev.upload(keyAdd, uploadBody(id, tc.name, tc.data))
			if tc.ok && r.status != 202 {
				t.Fatalf("refused: %d %s", r.status, r.raw)
			}
			if !tc.ok {
				wantErr(t, r, 400, "unsupported_file_type")
			}
		})
	}
}

// Spec §4 "A data: URL prefix is accepted and removed".
func TestUploadDataURL(t *testing.T) {
	ev := newEnv(t, nil)
	b := uploadBody("dataURL12345", "d.txt", nil)
	b["data"] = "data:text/plain;base64," + base64.StdEncoding.EncodeToString([]byte("hello"))
	rec := record(t, ev.upload(keyAdd, b))
	if rec.Bytes != 5 {
		t.Errorf("bytes %d", rec.Bytes)
	}
}

// Spec §4 rule 4: "Organisation workspaces, workspaces shared with the owner and other persons'
// workspaces give 404 workspace_not_found. The owner's own workspace that has been published for
// others gives 403 workspace_read_only."
func TestUploadWorkspaceRules(t *testing.T) {
	ev := newEnv(t, nil)
	tests := []struct {
		ws     string
		status int
		code   string
	}{
		{"org_one", 404, "workspace_not_found"},
		{"org_two", 404, "workspace_not_found"},
		{"ws_bob", 404, "workspace_not_found"},
		{"ws_bobpriv", 404, "workspace_not_found"},
		{"ws_missing", 404, "workspace_not_found"},
		{"ws_pub", 403, "workspace_read_only"},
	}
	for _, tc := range tests {
		b := uploadBody("wsRule123456", "w.txt", []byte("x"))
		b["workspace_id"] = tc.ws
		wantErr(t, ev.upload(keyAdd, b), tc.status, tc.code)
	}
}

// Spec §2 Upload record: object, document_id, client_document_id as sent, name, source_type, status,
// bytes, warnings [], created (IST) and created_at, added_by 'api:' + 12 characters, metadata
// echoed ({} when none), request_id, live limits.
func TestUploadRecord(t *testing.T) {
	ev := newEnv(t, nil)
	b := uploadBody("RecOrd123456", "rec.txt", []byte("record text"))
	b["metadata"] = map[string]any{"origin": "test"}
	r := ev.upload(keyAdd, b)
	if r.status != 202 {
		t.Fatalf("%d %s", r.status, r.raw)
	}
	rec := record(t, r)
	if rec.Object != "workspace.document" || rec.DocumentID == nil || rec.ClientDocumentID != "RecOrd123456" ||
		rec.Name != "rec.txt" || rec.SourceType != "file" || rec.Status != "not_ready" || rec.Bytes != 11 ||
		rec.Warnings == nil || len(rec.Warnings) != 0 || rec.Created != "20-11-2026 15:30" ||
		rec.CreatedAt != "2026-11-20T15:30:00+05:30" || rec.AddedBy != "api:key-alice-ad" ||
		rec.Metadata["origin"] != "test" || rec.RequestID == "" || rec.WorkspaceID != "ws_alice" {
		t.Errorf("record %+v", rec)
	}
	l := rec.Limits
	if l == nil || l.MaxFileBytes != 3145728 || l.MaxRequestBytes != 4259840 || l.DailyUploadsUsed != 1 ||
		l.DailyUploadsRemaining != 199 || l.WorkspaceBytesUsed != 11+int64(len(ev.docsBytes())) ||
		l.DailyOCRLimit != 20 || l.MaxOCRPages != 30 || l.WorkspaceBytesLimit != 104857600 {
		t.Errorf("limits %+v", l)
	}
	st := ev.status(keyRO, "ws_alice", "RecOrd123456")
	if strings.Contains(string(st.raw), "metadata") {
		t.Errorf("the status endpoint never returns metadata: %s", st.raw)
	}
	b = uploadBody("noMeta123456", "nometa.txt", []byte("x"))
	var raw map[string]any
	_ = json.Unmarshal(ev.upload(keyAdd, b).raw, &raw)
	if m, ok := raw["metadata"].(map[string]any); !ok || len(m) != 0 {
		t.Errorf("metadata must be {} when none: %v", raw["metadata"])
	}
}

// docsBytes is the fixture's ws_alice content that counts for workspace_bytes_used (not failed).
func (ev *env) docsBytes() string {
	return "Holidays: every employee gets 25 days of paid holiday a year. The office opens at 09:00." +
		"Pending text about parking."
}
