package workspaceapi

import (
	"bytes"
	"testing"
)

// codeCase triggers one error of spec §7 on a fresh fixture.
type codeCase struct {
	status int
	code   string
	run    func(ev *env) resp
}

// upAlice uploads a small text file to ws_alice with client id id and name.
func upAlice(ev *env, key, id, name, text string) resp {
	return ev.upload(key, uploadBody(id, name, []byte(text)))
}

// errorCodeCases lists every code of the spec §7 table with a request that gives it.
var errorCodeCases = []codeCase{
	{400, "invalid_request", func(ev *env) resp {
		return ev.do(req{method: "POST", path: "/workspace", key: keyRO, body: "not json"})
	}},
	{400, "unknown_parameter", func(ev *env) resp { return ev.ask(with(map[string]any{"foo": 1})) }},
	{400, "unsupported_parameter", func(ev *env) resp { return ev.ask(with(map[string]any{"tools": []any{}})) }},
	{400, "invalid_history", func(ev *env) resp { return ev.ask(with(map[string]any{"history": []any{"x"}})) }},
	{400, "invalid_cursor", func(ev *env) resp { return ev.list("after=bm9wZQ") }},
	{400, "unsupported_file_type", func(ev *env) resp { return upAlice(ev, keyAdd, "codeTest0001", "a.md", "# md") }},
	{401, "api_key_required", func(ev *env) resp { return ev.do(req{method: "GET", path: "/workspace"}) }},
	{403, "api_key_owner_required", func(ev *env) resp { return ev.do(req{method: "GET", path: "/workspace", key: keyNoOwner}) }},
	{403, "key_not_allowed", func(ev *env) resp { return upAlice(ev, keyRO, "codeTest0001", "a.txt", "x") }},
	{403, "workspace_read_only", func(ev *env) resp {
		b := uploadBody("codeTest0001", "a.txt", []byte("x"))
		b["workspace_id"] = "ws_pub"
		return ev.upload(keyAdd, b)
	}},
	{404, "api_disabled", func(ev *env) resp {
		ev.e.SetUploadsEnabled(false)
		return upAlice(ev, keyAdd, "codeTest0001", "a.txt", "x")
	}},
	{404, "workspace_not_found", func(ev *env) resp { return ev.ask(with(map[string]any{"workspace_id": "ws_bobpriv"})) }},
	{404, "workspace_access_lost", func(ev *env) resp {
		ev.e.RevokeAccess("ws_bob", "alice")
		return ev.ask(with(map[string]any{"workspace_id": "ws_bob"}))
	}},
	{404, "knowledge_not_found", func(ev *env) resp {
		return ev.ask(with(map[string]any{"knowledge": map[string]any{"document_ids": []string{"doc_ffff"}}}))
	}},
	{404, "document_not_found", func(ev *env) resp { return ev.status(keyRO, "ws_alice", "codeTest0001") }},
	{409, "knowledge_not_ready", func(ev *env) resp {
		return ev.ask(with(map[string]any{"knowledge": map[string]any{"document_ids": []string{ev.docs["pending.txt"]}}}))
	}},
	{409, "id_in_use", func(ev *env) resp {
		upAlice(ev, keyAdd, "codeTest0001", "a.txt", "x")
		return upAlice(ev, keyAdd, "codeTest0001", "a.txt", "y")
	}},
	{409, "duplicate_name", func(ev *env) resp { return upAlice(ev, keyAdd, "codeTest0001", "handbook.txt", "x") }},
	{411, "length_required", func(ev *env) resp {
		return ev.do(req{method: "POST", path: "/workspace/documents", key: keyAdd, body: "{}", chunked: true})
	}},
	{413, "file_too_large", func(ev *env) resp {
		return upAlice(ev, keyAdd, "codeTest0001", "a.txt", string(bytes.Repeat([]byte("x"), 4259840)))
	}},
	{415, "unsupported_media_type", func(ev *env) resp {
		return ev.do(req{method: "POST", path: "/workspace", key: keyRO, body: base(), ctype: "text/plain"})
	}},
	{429, "too_many_uploads", func(ev *env) resp {
		upAlice(ev, keyAdd, "codeTest0001", "a.txt", "x")
		return upAlice(ev, keyAdd, "codeTest0001", "a.txt", "x")
	}},
	{429, "rate_limit_exceeded", func(ev *env) resp {
		for range 20 {
			ev.do(req{method: "GET", path: "/workspace", key: "wrong"})
		}
		return ev.do(req{method: "GET", path: "/workspace", key: "wrong"})
	}},
	{429, "daily_upload_limit", func(ev *env) resp {
		for i := range 200 {
			upAlice(ev, keyAdd, "daily"+string(rune('a'+i/26))+string(rune('a'+i%26))+"00000", "d"+string(rune('a'+i/26))+string(rune('a'+i%26))+".txt", "x")
		}
		return upAlice(ev, keyAdd, "codeTest0001", "a.txt", "x")
	}},
}

// Spec §7: every code of the error table with its status, the JSON error body and X-Request-ID.
// Codes that name a wait (429) are retryable and carry Retry-After.
func TestEveryErrorCode(t *testing.T) {
	for _, tc := range errorCodeCases {
		t.Run(tc.code, func(t *testing.T) {
			ev := newEnv(t, nil)
			r := tc.run(ev)
			wantErr(t, r, tc.status, tc.code)
			if tc.status == 429 && (r.body["retryable"] != true || r.header.Get("Retry-After") == "") {
				t.Errorf("429 without a wait: %v %s", r.header, r.raw)
			}
			if tc.status != 429 && r.body["retryable"] != false {
				t.Errorf("%s marked retryable", tc.code)
			}
		})
	}
}
