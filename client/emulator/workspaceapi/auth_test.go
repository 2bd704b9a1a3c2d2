package workspaceapi

import (
	"net/http"
	"strconv"
	"testing"
	"time"
)

// Spec §5 rules 1 and 4: "A key is sent as header Authorization: Bearer <API_KEY> or header
// X-API-Key"; "A key with no owner gets 403 api_key_owner_required. A missing or wrong key gets
// 401 api_key_required."
func TestAuthKeys(t *testing.T) {
	ev := newEnv(t, nil)
	tests := []struct {
		name   string
		header map[string]string
		status int
		code   string
	}{
		{"bearer ok", map[string]string{"Authorization": "Bearer " + keyRO}, 200, ""},
		{"bearer lower-case scheme ok", map[string]string{"Authorization": "bearer " + keyRO}, 200, ""},
		{"X-API-Key ok", map[string]string{"X-API-Key": keyRO}, 200, ""},
		{"missing key 401", nil, 401, "api_key_required"},
		{"wrong key 401", map[string]string{"Authorization": "Bearer nope"}, 401, "api_key_required"},
		{"basic scheme 401", map[string]string{"Authorization": "Basic " + keyRO}, 401, "api_key_required"},
		{"key without owner 403", map[string]string{"X-API-Key": keyNoOwner}, 403, "api_key_owner_required"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := ev.do(req{method: "GET", path: "/workspace", header: tc.header})
			if tc.code == "" {
				if r.status != tc.status {
					t.Fatalf("status %d: %s", r.status, r.raw)
				}
				return
			}
			wantErr(t, r, tc.status, tc.code)
			if r.body["retryable"] != false {
				t.Errorf("auth errors are not retryable: %s", r.raw)
			}
		})
	}
}

// Spec §5: the key checks apply to every endpoint.
func TestAuthEveryRoute(t *testing.T) {
	ev := newEnv(t, nil)
	for _, rq := range []req{
		{method: "GET", path: "/workspace"},
		{method: "POST", path: "/workspace", body: map[string]any{}},
		{method: "POST", path: "/workspace/documents", body: map[string]any{}},
		{method: "GET", path: "/workspace/documents/abcdefabcdef?workspace_id=ws_alice"},
	} {
		wantErr(t, ev.do(rq), 401, "api_key_required")
		rq.key = keyNoOwner
		wantErr(t, ev.do(rq), 403, "api_key_owner_required")
	}
}

// Spec §8 and model spec: "Wrong or missing keys from one address: 20 in 10 minutes, then 429
// instead of 401 until the window passes."
func TestWrongKeysRateLimit(t *testing.T) {
	ev := newEnv(t, nil)
	for i := range 20 {
		r := ev.do(req{method: "GET", path: "/workspace", key: "wrong-" + strconv.Itoa(i)})
		wantErr(t, r, 401, "api_key_required")
	}
	r := ev.do(req{method: "GET", path: "/workspace", key: "wrong-21"})
	wantErr(t, r, 429, "rate_limit_exceeded")
	if r.header.Get("Retry-After") != "600" || r.body["retryable"] != true {
		t.Errorf("Retry-After %q retryable %v", r.header.Get("Retry-After"), r.body["retryable"])
	}
	wantErr(t, ev.do(req{method: "GET", path: "/workspace"}), 429, "rate_limit_exceeded")
	if r := ev.do(req{method: "GET", path: "/workspace", key: keyRO}); r.status != 200 {
		t.Errorf("a valid key still works: %d", r.status)
	}
	ev.clock.Advance(4 * time.Minute)
	r = ev.do(req{method: "GET", path: "/workspace"})
	if got := r.header.Get("Retry-After"); got != "360" {
		t.Errorf("Retry-After after 4 min = %q, want 360", got)
	}
	ev.clock.Advance(6 * time.Minute)
	wantErr(t, ev.do(req{method: "GET", path: "/workspace"}), 401, "api_key_required")
}

// Unknown routes and methods get JSON errors with a request id.
func TestRoutes(t *testing.T) {
	ev := newEnv(t, nil)
	wantErr(t, ev.do(req{method: "GET", path: "/nowhere", key: keyRO}), 404, "not_found")
	wantErr(t, ev.do(req{method: "DELETE", path: "/workspace", key: keyRO}), 405, "method_not_allowed")
	wantErr(t, ev.do(req{method: "GET", path: "/workspace/documents", key: keyRO}), 405, "method_not_allowed")
	r := ev.do(req{method: "GET", path: "/workspace", key: keyRO})
	if r.header.Get("X-Request-ID") == "" || r.str("request_id") != r.header.Get("X-Request-ID") {
		t.Errorf("request id missing: %v %s", r.header, r.raw)
	}
	if r.status != http.StatusOK {
		t.Fatal(r.status)
	}
}

// A negative WrongKeyLimit switches the wrong-key limit off (for tests of other layers).
func TestWrongKeyLimitOff(t *testing.T) {
	ev := newEnv(t, func(c *testConfig) { c.Shared.WrongKeyLimit = -1 })
	for range 25 {
		wantErr(t, ev.do(req{method: "GET", path: "/workspace", key: "wrong"}), 401, "api_key_required")
	}
}
