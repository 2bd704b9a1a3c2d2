package workspaceapi

import (
	"strings"
	"testing"
)

// base returns a valid ask body for ws_alice.
func base() map[string]any {
	return map[string]any{"workspace_id": "ws_alice", "question": "How many holiday days?"}
}

// with returns base() with the fields of extra set (a nil value deletes the field).
func with(extra map[string]any) map[string]any {
	b := base()
	for k, v := range extra {
		if v == nil {
			delete(b, k)
			continue
		}
		b[k] = v
	}
	return b
}

// askErrorCases are bodies that break one rule of spec §4 POST /workspace or §7.
var askErrorCases = []struct {
	name   string
	body   map[string]any
	status int
	code   string
	param  string
}{
	{"rule 1: any other field gives 400 unknown_parameter", with(map[string]any{"temperature": 1}), 400, "unknown_parameter", "temperature"},
	{"rule 2: web_search unsupported", with(map[string]any{"web_search": true}), 400, "unsupported_parameter", "web_search"},
	{"rule 2: tools unsupported", with(map[string]any{"tools": []any{}}), 400, "unsupported_parameter", "tools"},
	{"rule 2: attachments unsupported", with(map[string]any{"attachments": []any{}}), 400, "unsupported_parameter", "attachments"},
	{"rule 2: store unsupported", with(map[string]any{"store": false}), 400, "unsupported_parameter", "store"},
	{"rule 2: session_id unsupported", with(map[string]any{"session_id": "x"}), 400, "unsupported_parameter", "session_id"},
	{"rule 2: previous_response_id unsupported", with(map[string]any{"previous_response_id": "x"}), 400, "unsupported_parameter", "previous_response_id"},
	{"rule 2: schema unsupported", with(map[string]any{"schema": map[string]any{}}), 400, "unsupported_parameter", "schema"},
	{"rule 2: format json_schema unsupported", with(map[string]any{"format": "json_schema"}), 400, "unsupported_parameter", "format"},
	{"rule 2: knowledge.source_ids unsupported", with(map[string]any{"knowledge": map[string]any{"source_ids": []string{"s"}}}), 400, "unsupported_parameter", "knowledge.source_ids"},
	{"rule 2: more than one document id", with(map[string]any{"knowledge": map[string]any{"document_ids": []string{"a", "b"}}}), 400, "unsupported_parameter", "knowledge.document_ids"},
	{"unknown knowledge member", with(map[string]any{"knowledge": map[string]any{"ids": []string{"a"}}}), 400, "unknown_parameter", "knowledge.ids"},
	{"knowledge not an object", with(map[string]any{"knowledge": "doc"}), 400, "invalid_request", "knowledge"},
	{"empty document_ids", with(map[string]any{"knowledge": map[string]any{"document_ids": []string{}}}), 400, "invalid_request", "knowledge.document_ids"},
	{"missing question", with(map[string]any{"question": nil}), 400, "invalid_request", "question"},
	{"question wrong type", with(map[string]any{"question": 42}), 400, "invalid_request", "question"},
	{"question empty", with(map[string]any{"question": ""}), 400, "invalid_request", "question"},
	{"question over 8,000 characters", with(map[string]any{"question": strings.Repeat("a", 8001)}), 400, "invalid_request", "question"},
	{"missing workspace_id", with(map[string]any{"workspace_id": nil}), 400, "invalid_request", "workspace_id"},
	{"workspace_id wrong type", with(map[string]any{"workspace_id": 7}), 400, "invalid_request", "workspace_id"},
	{"booleans are JSON true and false, not strings", with(map[string]any{"stream": "true"}), 400, "invalid_request", "stream"},
	{"thinking as number", with(map[string]any{"thinking": 1}), 400, "invalid_request", "thinking"},
	{"include_sources as string", with(map[string]any{"include_sources": "false"}), 400, "invalid_request", "include_sources"},
	{"model unknown tier", with(map[string]any{"model": "turbo"}), 400, "invalid_request", "model"},
	{"format unknown", with(map[string]any{"format": "xml"}), 400, "invalid_request", "format"},
	{"language only auto", with(map[string]any{"language": "fr"}), 400, "invalid_request", "language"},
	{"include_excerpts only false", with(map[string]any{"include_excerpts": true}), 400, "invalid_request", "include_excerpts"},
	{"max_output_tokens not integer", with(map[string]any{"max_output_tokens": 1.5}), 400, "invalid_request", "max_output_tokens"},
	{"max_output_tokens zero", with(map[string]any{"max_output_tokens": 0}), 400, "invalid_request", "max_output_tokens"},
	{"metadata over 16 pairs", with(map[string]any{"metadata": manyPairs(17)}), 400, "invalid_request", "metadata"},
	{"metadata key over 64", with(map[string]any{"metadata": map[string]any{strings.Repeat("k", 65): "v"}}), 400, "invalid_request", "metadata"},
	{"metadata value over 512", with(map[string]any{"metadata": map[string]any{"k": strings.Repeat("v", 513)}}), 400, "invalid_request", "metadata"},
	{"metadata value not string", with(map[string]any{"metadata": map[string]any{"k": 1}}), 400, "invalid_request", "metadata"},
	{"rule 3: document from another workspace gives 404 knowledge_not_found", with(map[string]any{"knowledge": map[string]any{"document_ids": []string{"doc_zzz"}}}), 404, "knowledge_not_found", "knowledge.document_ids"},
	{"workspace the key cannot open", with(map[string]any{"workspace_id": "ws_bobpriv"}), 404, "workspace_not_found", "workspace_id"},
}

// Spec §4 POST /workspace rules 1 to 3, §7 invalid_request with param.
func TestAskRequestErrors(t *testing.T) {
	ev := newEnv(t, nil)
	for _, tc := range askErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			r := ev.ask(tc.body)
			wantErr(t, r, tc.status, tc.code)
			if r.str("param") != tc.param {
				t.Errorf("param %q, want %q", r.str("param"), tc.param)
			}
		})
	}
}

// manyPairs returns n metadata pairs.
func manyPairs(n int) map[string]any {
	m := map[string]any{}
	for i := range n {
		m[strings.Repeat("k", i+1)] = "v"
	}
	return m
}

// Spec §4 rule 3: "one still being prepared gives 409 knowledge_not_ready".
func TestAskKnowledgeNotReady(t *testing.T) {
	ev := newEnv(t, nil)
	for _, name := range []string{"pending.txt", "broken.txt"} {
		r := ev.ask(with(map[string]any{"knowledge": map[string]any{"document_ids": []string{ev.docs[name]}}}))
		wantErr(t, r, 409, "knowledge_not_ready")
	}
}

// Spec §7: "invalid_request without param: body is not valid JSON"; §4: 415 without JSON type.
func TestAskBodyErrors(t *testing.T) {
	ev := newEnv(t, nil)
	for _, body := range []string{"", "{", "[]", "null", `"x"`, `{"question":"a"} trailing`} {
		r := ev.do(req{method: "POST", path: "/workspace", key: keyRO, body: body})
		wantErr(t, r, 400, "invalid_request")
		if r.str("param") != "" {
			t.Errorf("%q: param %q", body, r.str("param"))
		}
	}
	for _, ct := range []string{"-", "text/plain", "application/x-www-form-urlencoded"} {
		r := ev.do(req{method: "POST", path: "/workspace", key: keyRO, body: base(), ctype: ct})
		wantErr(t, r, 415, "unsupported_media_type")
	}
	r := ev.do(req{method: "POST", path: "/workspace", key: keyRO, body: base(), ctype: "application/json; charset=utf-8"})
	if r.status != 200 {
		t.Errorf("charset parameter refused: %d %s", r.status, r.raw)
	}
}

// turn is one history turn.
func turn(role, content string) map[string]any {
	return map[string]any{"role": role, "content": content}
}

// pairs returns n user/assistant pairs of size characters each.
func pairs(n, size int) []any {
	var h []any
	for range n {
		h = append(h, turn("user", strings.Repeat("q", size)), turn("assistant", strings.Repeat("a", size)))
	}
	return h
}

// historyCases are histories that keep or break spec §4 rule 4.
var historyCases = []struct {
	name    string
	history any
	ok      bool
}{
	{"empty is the default", []any{}, true},
	{"one pair", pairs(1, 10), true},
	{"20 turns", pairs(10, 10), true},
	{"24,000 characters", pairs(2, 6000), true},
	{"21 turns", append(pairs(10, 10), turn("user", "q")), false},
	{"22 turns", pairs(11, 10), false},
	{"over 24,000 characters", pairs(2, 6001), false},
	{"starts with assistant", []any{turn("assistant", "a"), turn("user", "q")}, false},
	{"ends with user", []any{turn("user", "q")}, false},
	{"two users in a row", []any{turn("user", "q"), turn("user", "q"), turn("assistant", "a"), turn("assistant", "a")}, false},
	{"empty content", []any{turn("user", ""), turn("assistant", "a")}, false},
	{"blank content", []any{turn("user", "  "), turn("assistant", "a")}, false},
	{"extra field", []any{map[string]any{"role": "user", "content": "q", "name": "x"}, turn("assistant", "a")}, false},
	{"missing content", []any{map[string]any{"role": "user"}, turn("assistant", "a")}, false},
	{"unknown role", []any{turn("system", "q"), turn("assistant", "a")}, false},
	{"content not a string", []any{map[string]any{"role": "user", "content": 5}, turn("assistant", "a")}, false},
	{"not an array", "hello", false},
	{"array of strings", []any{"q", "a"}, false},
}

// Spec §4 rule 4: "turns alternate user, assistant, user, ...; it starts with user and ends with
// assistant; each turn has exactly role and a non-empty content; at most 20 turns and 24,000
// characters in all. Anything else gives 400 invalid_history."
func TestAskHistory(t *testing.T) {
	ev := newEnv(t, nil)
	for _, tc := range historyCases {
		t.Run(tc.name, func(t *testing.T) {
			r := ev.ask(with(map[string]any{"history": tc.history}))
			if tc.ok {
				if r.status != 200 {
					t.Fatalf("status %d: %s", r.status, r.raw)
				}
				return
			}
			wantErr(t, r, 400, "invalid_history")
		})
	}
}
