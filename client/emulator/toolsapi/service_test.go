package toolsapi

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lectern/client/emulator/engine"
	"lectern/client/emulator/internal/serve"
)

const (
	keyAna = "sk-ana-000000000000000000"
	keyBo  = "sk-bo-0000000000000000000"
)

// testServer serves the tool endpoints on a fixed clock.
func testServer(t *testing.T, cfg Config) (*Service, *httptest.Server) {
	t.Helper()
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	core := serve.NewCore(serve.Config{Now: func() time.Time { return now }, WrongKeyLimit: -1})
	core.AddKey(serve.Key{Secret: keyAna, Owner: "ana"})
	core.AddKey(serve.Key{Secret: keyBo, Owner: "bo"})
	s := New(cfg, core)
	mux := http.NewServeMux()
	s.Register(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return s, srv
}

// reply is a status and a decoded JSON body.
type reply struct {
	status int
	body   map[string]any
}

// send makes one request with key and a JSON body (nil: none).
func send(t *testing.T, srv *httptest.Server, key, method, path, contentType, body string) reply {
	t.Helper()
	req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return reply{resp.StatusCode, m}
}

// code is the error code of a reply.
func (r reply) code() string {
	e, _ := r.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func pdfBody(name string, data []byte) string {
	return `{"mode":"text","attachments":[{"name":"` + name + `","data":"` + base64.StdEncoding.EncodeToString(data) + `"}]}`
}

func TestRefusals(t *testing.T) {
	_, srv := testServer(t, Config{})
	good := pdfBody("a.pdf", engine.MakePDF([][]string{{"hello there"}}))
	for _, tc := range []struct {
		key, ct, path, body string
		status              int
		code                string
	}{
		{"sk-nobody-00000000000", "application/json", "/pdf", good, 401, "invalid_api_key"},
		{keyAna, "text/plain", "/pdf", good, 415, "invalid_request_error"},
		{keyAna, "application/json", "/pdf", `{"attachments":[{"name":"a.pdf","data":"!!"}]}`, 400, "invalid_request_error"},
		{keyAna, "application/json", "/pdf", `{"attachments":[]}`, 400, "invalid_request_error"},
		{keyAna, "application/json", "/pdf", `{"mode":"images","attachments":[{"name":"a.pdf","data":"QQ=="}]}`, 400, "invalid_request_error"},
		{keyAna, "application/json", "/ocr", `{"attachments":[{"name":"a.pdf","data":"QQ=="},{"name":"b.pdf","data":"QQ=="}]}`, 400, "invalid_request_error"},
		{keyAna, "application/json", "/websearch", `{"query":"x","max_results":11}`, 400, "invalid_request_error"},
		{keyAna, "application/json", "/websearch", `{"queries":["a","b","c","d","e","f"]}`, 400, "invalid_request_error"},
		{keyAna, "application/json", "/websearch", `{"query":"x","max_words":0}`, 400, "invalid_request_error"},
		{keyAna, "application/json", "/generate", `{"prompt":""}`, 400, "invalid_request_error"},
		{keyAna, "application/json", "/chat", `{"message":"hi","workspace_id":"ws_x"}`, 404, "workspace_not_found"},
	} {
		r := send(t, srv, tc.key, "POST", tc.path, tc.ct, tc.body)
		if r.status != tc.status || r.code() != tc.code {
			t.Errorf("%s %s: %d %s, want %d %s", tc.path, tc.body[:min(len(tc.body), 40)], r.status, r.code(), tc.status, tc.code)
		}
	}
}

// A job and an artifact belong to the person who made them.
func TestOtherPeopleSeeNothing(t *testing.T) {
	s, srv := testServer(t, Config{})
	job := send(t, srv, keyAna, "POST", "/ocr", "application/json", pdfBody("a.pdf", engine.MakePDF(nil)))
	id, _ := job.body["job_id"].(string)
	if r := send(t, srv, keyBo, "GET", "/ocr/jobs/"+id, "", ""); r.status != 404 || r.code() != "job_not_found" {
		t.Fatal(r)
	}
	gen := send(t, srv, keyAna, "POST", "/generate", "application/json", `{"prompt":"a report"}`)
	art, _ := gen.body["office_artifact"].(map[string]any)
	if r := send(t, srv, keyBo, "GET", "/office/artifacts/"+art["artifact_id"].(string)+"/download", "", ""); r.status != 404 {
		t.Fatal(r)
	}
	s.BlockInternet("ana", true)
	if r := send(t, srv, keyBo, "POST", "/websearch", "application/json", `{"query":"tides"}`); r.status != 200 {
		t.Fatal("bo is blocked too", r)
	}
}

// Each person has their own shared limit; web search and OCR are not under it.
func TestLimitPerPerson(t *testing.T) {
	_, srv := testServer(t, Config{PerMinute: 2})
	for range 2 {
		if r := send(t, srv, keyAna, "POST", "/generate", "application/json", `{"prompt":"x"}`); r.status != 200 {
			t.Fatal(r)
		}
	}
	if r := send(t, srv, keyAna, "POST", "/chat", "application/json", `{"message":"x"}`); r.status != 429 || r.code() != "rate_limit_exceeded" {
		t.Fatal(r)
	}
	if r := send(t, srv, keyBo, "POST", "/chat", "application/json", `{"message":"x"}`); r.status != 200 {
		t.Fatal(r)
	}
	if r := send(t, srv, keyAna, "POST", "/websearch", "application/json", `{"query":"x"}`); r.status != 200 {
		t.Fatal(r)
	}
}

func TestTableLines(t *testing.T) {
	got := tableLines("Name  Qty\nno columns here\na\tb|c\n")
	if got != "Name | Qty\na | b | c" {
		t.Fatalf("%q", got)
	}
}
