package client

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// specCodes is the error table of spec §7 (status, code); "" is the 429 without a named code.
var specCodes = []struct {
	status int
	code   string
}{
	{400, "invalid_request"}, {400, "unknown_parameter"}, {400, "unsupported_parameter"},
	{400, "invalid_history"}, {400, "invalid_cursor"}, {400, "unsupported_file_type"},
	{401, "api_key_required"}, {403, "api_key_owner_required"}, {403, "key_not_allowed"},
	{403, "workspace_read_only"}, {404, "api_disabled"}, {404, "workspace_not_found"},
	{404, "workspace_access_lost"}, {404, "knowledge_not_found"}, {404, "document_not_found"},
	{409, "knowledge_not_ready"}, {409, "id_in_use"}, {409, "duplicate_name"},
	{411, "length_required"}, {413, "file_too_large"}, {415, "unsupported_media_type"},
	{429, "too_many_uploads"}, {429, ""}, {400, "file_too_complex"}, {429, "daily_upload_limit"},
}

// Spec §7: "The error body is JSON carrying a code; it also carries a retryable flag and a
// Retry-After header (seconds) when a wait applies." Every code parses, whatever the body's shape
// (package app words each one).
func TestEveryCodeParsesAndHasSentence(t *testing.T) {
	for _, tc := range specCodes {
		for _, shape := range []string{"top", "v1", "header-id"} {
			t.Run(fmt.Sprintf("%d_%s_%s", tc.status, tc.code, shape), func(t *testing.T) {
				h := http.Header{"Retry-After": {"7"}}
				codeJSON := `"` + tc.code + `"`
				if tc.code == "" {
					codeJSON = "null"
				}
				body := `{"code":` + codeJSON + `,"message":"msg","retryable":true,"request_id":"req_42"}`
				switch shape {
				case "v1":
					body = `{"error":{"message":"msg","type":"t","code":` + codeJSON + `,"param":null,"request_id":"req_42"}}`
				case "header-id":
					body = `{"code":` + codeJSON + `,"retryable":true}`
					h.Set("X-Request-ID", "req_42")
				}
				e := parseAPIError(tc.status, h, []byte(body), nil)
				if e.StatusCode != tc.status || e.Code != tc.code || e.RequestID != "req_42" {
					t.Fatalf("parsed %+v", e)
				}
				if e.RetryAfter != 7*time.Second {
					t.Fatalf("Retry-After: %v", e.RetryAfter)
				}
				if shape != "v1" && !e.Retryable {
					t.Fatal("retryable flag lost")
				}
			})
		}
	}
}

// Spec §7 invalid_request "With param: that field is missing or of the wrong type": the field is kept.
func TestInvalidRequestKeepsParam(t *testing.T) {
	for _, param := range []string{"knowledge", "data"} {
		e := parseAPIError(400, nil, []byte(`{"code":"invalid_request","param":"`+param+`","retryable":false}`), nil)
		if e.Code != "invalid_request" || e.Param != param {
			t.Fatalf("%+v", e)
		}
	}
}

// Unknown codes and bodies that are not JSON keep what a sentence needs: the status, the code, the
// server's message or the start of the body.
func TestUnknownCodesAndBodiesAreKept(t *testing.T) {
	cases := []struct {
		status int
		body   string
		want   []string
	}{
		{418, `{"code":"teapot_mode","message":"I am a teapot."}`, []string{"HTTP 418", "teapot_mode", "I am a teapot"}},
		{503, `<html><body>Service   Unavailable</body></html>`, []string{"HTTP 503", "Service Unavailable"}},
		{502, ``, []string{"HTTP 502"}},
		{400, `{"error":"bad_thing"}`, []string{"bad_thing"}},
		{400, `{"error":"Something bad happened here"}`, []string{"Something bad happened here"}},
		{500, `{"error":{"message":"boom","code":42}}`, []string{"42", "boom"}},
	}
	for _, tc := range cases {
		e := parseAPIError(tc.status, nil, []byte(tc.body), nil)
		for _, w := range tc.want {
			if !strings.Contains(e.Error(), w) {
				t.Errorf("%d %q: %q lacks %q", tc.status, tc.body, e.Error(), w)
			}
		}
	}
}

func TestNonJSONSnippetIsShortAndClean(t *testing.T) {
	body := "\x00\x01bad gateway\n\n" + strings.Repeat("x", 5000)
	e := parseAPIError(502, nil, []byte(body), nil)
	if e.Snippet == "" || len([]rune(e.Snippet)) > maxSnippet+1 || strings.ContainsAny(e.Snippet, "\x00\x01\n") {
		t.Fatalf("snippet %q", e.Snippet)
	}
}

func TestRetryAfterForms(t *testing.T) {
	now := time.Date(2026, 11, 21, 5, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"3": 3 * time.Second, "0.5": 500 * time.Millisecond, "Sat, 21 Nov 2026 05:00:10 GMT": 10 * time.Second,
	} {
		if d, ok := parseRetryAfter(in, now); !ok || d != want {
			t.Errorf("%q: %v %v", in, d, ok)
		}
	}
	for _, bad := range []string{"", "-1", "soon", "NaN", "1e99"} {
		if _, ok := parseRetryAfter(bad, now); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}

// ARCHITECTURE "Secrets": the key never reaches an error string. A server that echoes the
// Authorization header back in every field must not make it leak.
func TestKeyNeverInErrorsFromEchoingServer(t *testing.T) {
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		a := r.Header.Get("Authorization")
		w.Header().Set("X-Request-ID", a)
		w.WriteHeader(400)
		if r.URL.Query().Get("limit") == "2" {
			_, _ = w.Write([]byte("echo: " + a))
			return
		}
		fmt.Fprintf(w, `{"error":{"message":"you sent %s","code":"%s","param":"%s","type":"%s"}}`, a, a, a, a)
	})
	for _, lim := range []int{1, 2} {
		_, err := c.ListWorkspaces(t.Context(), ListOptions{Limit: lim})
		var ae *APIError
		if !errors.As(err, &ae) {
			t.Fatal(err)
		}
		for _, s := range []string{err.Error(), ae.Message, ae.Snippet, ae.Code, ae.Param, fmt.Sprintf("%+v %#v", ae, ae), ae.RequestID} {
			assertNoKey(t, s)
		}
	}
	assertNoKey(t, fmt.Sprintf("%v %+v %#v %s", c, c, c, c))
}

func TestIsCode(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", &APIError{Code: "invalid_cursor"})
	if !IsCode(err, "invalid_cursor") || IsCode(err, "x") || IsCode(errors.New("x"), "x") {
		t.Fatal("IsCode")
	}
}
