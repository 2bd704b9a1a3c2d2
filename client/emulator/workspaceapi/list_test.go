package workspaceapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"lectern/client"
)

// page decodes a listing answer into the client's wire type.
func page(t *testing.T, r resp) client.WorkspacePage {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.raw)
	}
	var p client.WorkspacePage
	if err := json.Unmarshal(r.raw, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// list gets GET /workspace?query with keyRO.
func (ev *env) list(query string) resp {
	ev.t.Helper()
	return ev.do(req{method: "GET", path: "/workspace?" + query, key: keyRO})
}

// Spec §4 GET /workspace: "Order: personal workspaces first, then organisation workspaces, each
// sorted by name." Spec §5 rule 2: own, shared with the owner, and organisation workspaces the
// owner is a member of. Nothing else.
func TestListOrderAndAccess(t *testing.T) {
	ev := newEnv(t, nil)
	p := page(t, ev.list(""))
	want := []string{"ws_alice:personal:owner", "ws_pub:personal:owner", "ws_bob:personal:shared",
		"org_two:organization:manager", "org_one:organization:member"}
	var got []string
	for _, w := range p.Data {
		got = append(got, w.WorkspaceID+":"+w.Scope+":"+w.Access)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("order %v, want %v", got, want)
	}
	if p.Object != "list" || p.HasMore || p.NextAfter != nil || p.RequestID == "" {
		t.Errorf("page fields: %+v", p)
	}
	alice := p.Data[0]
	if alice.Counts != (client.Counts{Documents: 3, Ready: 1, NotReady: 1, Failed: 1}) {
		t.Errorf("counts %+v", alice.Counts)
	}
	if len(alice.Documents) != 3 || alice.Documents[0].Name != "broken.txt" {
		t.Errorf("documents %+v", alice.Documents)
	}
	d := alice.Documents[1]
	if d.SourceType != "file" || d.Status != "ready" || d.Updated != "20-11-2026 15:30" ||
		d.UpdatedAt != "2026-11-20T15:30:00+05:30" {
		t.Errorf("document entry %+v", d)
	}
}

// Spec §4: "include: documents, sources, both, or none"; documents and sources are omitted when
// include excludes them.
func TestListInclude(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.AddSource("ws_alice", "site", []Page{{Name: "p1", URL: "https://x.example/1", Text: "one"}})
	tests := []struct {
		include    string
		docs, srcs bool
	}{
		{"", true, true}, {"documents", true, false}, {"sources", false, true},
		{"documents,sources", true, true}, {"both", true, true}, {"none", false, false},
	}
	for _, tc := range tests {
		q := "workspace_id=ws_alice"
		if tc.include != "" {
			q += "&include=" + url.QueryEscape(tc.include)
		}
		r := ev.list(q)
		var raw struct{ Data []map[string]json.RawMessage }
		_ = json.Unmarshal(r.raw, &raw)
		_, docs := raw.Data[0]["documents"]
		_, srcs := raw.Data[0]["sources"]
		if docs != tc.docs || srcs != tc.srcs {
			t.Errorf("include %q: documents %v sources %v", tc.include, docs, srcs)
		}
	}
	p := page(t, ev.list("workspace_id=ws_alice"))
	s := p.Data[0].Sources
	if len(s) != 1 || s[0].Pages != 1 || s[0].Ready != 1 || len(s[0].DocumentIDs) != 1 {
		t.Fatalf("sources %+v", s)
	}
	for _, d := range p.Data[0].Documents {
		if d.Name == "p1" && (d.SourceID != s[0].SourceID || d.URL != "https://x.example/1") {
			t.Errorf("page entry %+v", d)
		}
	}
}

// Spec §4 and §7: bad query parameters.
func TestListQueryErrors(t *testing.T) {
	ev := newEnv(t, nil)
	tests := []struct {
		query, status, code, param string
	}{
		{"foo=1", "400", "unknown_parameter", "foo"},
		{"limit=0", "400", "invalid_request", "limit"},
		{"limit=51", "400", "invalid_request", "limit"},
		{"limit=abc", "400", "invalid_request", "limit"},
		{"workspace_id=ws_alice&limit=201", "400", "invalid_request", "limit"},
		{"include=everything", "400", "invalid_request", "include"},
		{"after=garbage!", "400", "invalid_cursor", "after"},
		{"workspace_id=ws_bobpriv", "404", "workspace_not_found", "workspace_id"},
		{"workspace_id=nope", "404", "workspace_not_found", "workspace_id"},
	}
	for _, tc := range tests {
		r := ev.list(tc.query)
		wantErr(t, r, map[string]int{"400": 400, "404": 404}[tc.status], tc.code)
		if r.str("param") != tc.param {
			t.Errorf("%s: param %q", tc.query, r.str("param"))
		}
	}
	if p := page(t, ev.list("workspace_id=ws_alice&limit=1&include=sources")); p.HasMore {
		t.Error("without documents a workspace_id listing is one page")
	}
	if r := ev.list("workspace_id=ws_alice&limit=200"); r.status != 200 {
		t.Errorf("limit 200 with workspace_id: %d", r.status)
	}
}

// Spec §4: "While has_more is true, send next_after as after"; limit 1-50 workspaces.
func TestListWorkspacePages(t *testing.T) {
	ev := newEnv(t, nil)
	var ids []string
	after := ""
	for range 10 {
		p := page(t, ev.list("limit=2&include=none&after="+url.QueryEscape(after)))
		for _, w := range p.Data {
			ids = append(ids, w.WorkspaceID)
		}
		if !p.HasMore {
			if p.NextAfter != nil {
				t.Error("next_after on the last page")
			}
			break
		}
		after = *p.NextAfter
	}
	if fmt.Sprint(ids) != "[ws_alice ws_pub ws_bob org_two org_one]" {
		t.Fatalf("pages gave %v", ids)
	}
}

// Spec §4: with workspace_id, documents per page 1-200 (default 100), paged with after; a cursor
// stops working after a server restart (400 invalid_cursor).
func TestListDocumentPagesAndRestart(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.AddManyDocuments("ws_alice", 250)
	p := page(t, ev.list("workspace_id=ws_alice"))
	if len(p.Data) != 1 || len(p.Data[0].Documents) != 100 || !p.HasMore || p.Data[0].Counts.Documents != 253 {
		t.Fatalf("first page: %d docs, has_more %v, counts %+v", len(p.Data[0].Documents), p.HasMore, p.Data[0].Counts)
	}
	seen := map[string]bool{}
	after := ""
	for {
		p := page(t, ev.list("workspace_id=ws_alice&limit=200&after="+url.QueryEscape(after)))
		for _, d := range p.Data[0].Documents {
			if seen[d.DocumentID] {
				t.Fatalf("document %s twice", d.DocumentID)
			}
			seen[d.DocumentID] = true
		}
		if !p.HasMore {
			break
		}
		after = *p.NextAfter
	}
	if len(seen) != 253 {
		t.Fatalf("saw %d documents", len(seen))
	}
	p = page(t, ev.list("workspace_id=ws_alice&limit=5"))
	wantErr(t, ev.list("workspace_id=ws_bob&after="+url.QueryEscape(*p.NextAfter)), 400, "invalid_cursor")
	ev.e.Restart()
	wantErr(t, ev.list("workspace_id=ws_alice&limit=5&after="+url.QueryEscape(*p.NextAfter)), 400, "invalid_cursor")
}

// Spec §5 rule 3: after losing access the workspace is no longer listed.
func TestListRevoked(t *testing.T) {
	ev := newEnv(t, nil)
	ev.e.RevokeAccess("ws_bob", "alice")
	for _, w := range page(t, ev.list("include=none")).Data {
		if w.WorkspaceID == "ws_bob" {
			t.Fatal("revoked workspace listed")
		}
	}
	wantErr(t, ev.list("workspace_id=ws_bob"), 404, "workspace_access_lost")
}

// BenchmarkList10000 lists 10,000 documents in pages of 200 over HTTP.
func BenchmarkList10000(b *testing.B) {
	e := newTestEmu(testConfig{})
	e.AddKey(Key{Secret: "k", Owner: "u"})
	e.AddWorkspace(WorkspaceSpec{ID: "ws", Owner: "u"})
	e.AddManyDocuments("ws", 10000)
	e.Serve()
	defer e.Close()
	for b.Loop() {
		n, after := 0, ""
		for {
			hr, _ := http.NewRequest("GET", e.URL()+"/workspace?workspace_id=ws&limit=200&after="+url.QueryEscape(after), nil)
			hr.Header.Set("X-API-Key", "k")
			res, err := http.DefaultClient.Do(hr)
			if err != nil {
				b.Fatal(err)
			}
			var p client.WorkspacePage
			err = json.NewDecoder(res.Body).Decode(&p)
			res.Body.Close()
			if err != nil || len(p.Data) != 1 {
				b.Fatal(err)
			}
			n += len(p.Data[0].Documents)
			if !p.HasMore {
				break
			}
			after = *p.NextAfter
		}
		if n != 10000 {
			b.Fatal(n)
		}
	}
}
