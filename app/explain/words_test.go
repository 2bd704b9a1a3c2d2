package explain

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"lectern/app/secrets"
	"lectern/client"
)

// Spec §7: every code has a sentence that says what happened and what to do, with the wait when the
// server gives Retry-After, and the request id to quote.
func TestEveryCodeHasSentence(t *testing.T) {
	codes := []struct {
		status int
		code   string
		want   string // a phrase the sentence must contain
	}{
		{400, "invalid_request", "could not read the request"},
		{400, "unknown_parameter", "does not accept"},
		{400, "unsupported_parameter", "does not support"},
		{400, "invalid_history", "earlier turns"},
		{400, "invalid_cursor", "Refresh the list"},
		{400, "unsupported_file_type", ".txt, .pdf, .docx, .xlsx and .csv"},
		{401, "api_key_required", "missing or wrong"},
		{403, "api_key_owner_required", "no owner"},
		{403, "key_not_allowed", "'Can add documents'; keys made before 17-10-2026"},
		{403, "workspace_read_only", "published"},
		{404, "api_disabled", "not switched on"},
		{404, "workspace_not_found", "cannot open that workspace"},
		{404, "workspace_access_lost", "no longer has access"},
		{404, "knowledge_not_found", "not in this workspace"},
		{404, "document_not_found", "Add the file again"},
		{409, "knowledge_not_ready", "still being prepared"},
		{409, "id_in_use", "new id"},
		{409, "duplicate_name", "Rename the file"},
		{411, "length_required", "Content-Length"},
		{413, "file_too_large", "too large"},
		{415, "unsupported_media_type", "JSON"},
		{429, "too_many_uploads", "check its status"},
		{429, "", "wrong keys"},
		{400, "file_too_complex", "too complex"},
		{429, "daily_upload_limit", "upload limit"},
	}
	for _, tc := range codes {
		err := fmt.Errorf("wrapped: %w", &client.APIError{StatusCode: tc.status, Code: tc.code, RequestID: "req_42",
			RetryAfter: 7 * time.Second})
		x := Explain(err, secrets.KeyFromKeychain)
		if !strings.Contains(x.Sentence, tc.want) || !strings.Contains(x.Sentence, "7 seconds") {
			t.Errorf("%s: %q lacks %q", tc.code, x.Sentence, tc.want)
		}
		if x.Code != tc.code || x.Status != tc.status || x.RequestID != "req_42" || !strings.HasSuffix(x.String(), "(request id req_42)") {
			t.Errorf("%s: %+v / %q", tc.code, x, x.String())
		}
	}
}

// The sentence for a refused key names where the key came from, so that it says what to change.
func TestRefusedKeySentenceNamesItsSource(t *testing.T) {
	err := &client.APIError{StatusCode: 401, Code: "api_key_required"}
	env := Explain(err, secrets.KeyFromEnv).Sentence
	if !strings.Contains(env, "LECTERN_API_KEY") || strings.Contains(env, "settings") {
		t.Errorf("from the environment: %q", env)
	}
	saved := Explain(err, secrets.KeyFromKeychain).Sentence
	if strings.Contains(saved, "LECTERN_API_KEY") || !strings.Contains(saved, "lectern connect") {
		t.Errorf("from the keychain: %q", saved)
	}
}

// Spec §7 invalid_request "With param: that field is missing or of the wrong type".
func TestInvalidRequestSentenceNamesParam(t *testing.T) {
	for param, want := range map[string]string{"knowledge": "'knowledge'", "data": "base64"} {
		s := Explain(&client.APIError{StatusCode: 400, Code: "invalid_request", Param: param}, secrets.KeyNone).Sentence
		if !strings.Contains(s, want) {
			t.Errorf("%s: %q", param, s)
		}
	}
	s := Explain(&client.APIError{StatusCode: 400, Code: "unknown_parameter", Param: "colour"}, secrets.KeyNone).Sentence
	if !strings.Contains(s, "'colour'") {
		t.Error(s)
	}
}

func TestUnknownCodesAndBodiesReadWell(t *testing.T) {
	cases := []struct {
		err  *client.APIError
		want []string
	}{
		{&client.APIError{StatusCode: 418, Code: "teapot_mode", Message: "I am a teapot."}, []string{"HTTP 418", "teapot_mode", "I am a teapot", "report it"}},
		{&client.APIError{StatusCode: 503, Snippet: "Service Unavailable"}, []string{"HTTP 503", "Service Unavailable", "Try again"}},
		{&client.APIError{StatusCode: 502}, []string{"HTTP 502", "Try again"}},
		{&client.APIError{StatusCode: 0, Code: "overloaded", Retryable: true}, []string{"failed on the server", "overloaded", "Try again"}},
	}
	for _, tc := range cases {
		s := Explain(tc.err, secrets.KeyNone).Sentence
		for _, w := range tc.want {
			if !strings.Contains(s, w) {
				t.Errorf("%+v: %q lacks %q", tc.err, s, w)
			}
		}
		if !strings.HasSuffix(s, ".") {
			t.Errorf("not a sentence: %q", s)
		}
	}
}

func TestErrorsWithoutAnAnswerReadWell(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{&client.NetError{Host: "qa.example.com:443", Unreachable: true}, "Cannot reach the server at qa.example.com:443"},
		{&client.NetError{Host: "h", Timeout: true, Err: context.DeadlineExceeded}, "in time"},
		{&client.NetError{Host: "h", Certificate: true}, "certificate"},
		{&client.NetError{Host: "h", Err: errors.New("reset")}, "broke before an answer arrived"},
		{context.Canceled, "The request was cancelled."},
		{&client.DecodeError{}, "could not be read"},
		{&client.InterruptedError{Text: "half", Cause: client.ErrIdleTimeout}, "sent nothing for too long"},
		{&client.InterruptedError{Text: "half"}, "text received so far is kept"},
		{&client.UploadUnknownError{Cause: errors.New("x"), StatusErr: errors.New("y")}, "Check the document's status"},
		{&client.ValidationError{Field: "question", Code: client.InvalidMissing}, "The question is empty: type a question."},
		{errors.New("no workspace chosen: pick one"), "No workspace chosen: pick one."},
	}
	for _, tc := range cases {
		if s := Explain(tc.err, secrets.KeyNone).Sentence; !strings.Contains(s, tc.want) {
			t.Errorf("%#v: %q lacks %q", tc.err, s, tc.want)
		}
	}
	if s := errorSentence(errors.New("éclair")); s != "Éclair." {
		t.Errorf("sentence of a multi-byte start: %q", s)
	}
}

// TestHostileRepliesReadWell: a redirect, a reply over its cap, a reply cut off and an answer that
// cannot be read each say what happened in their own words, with the request id when known.
func TestHostileRepliesReadWell(t *testing.T) {
	cases := []struct {
		err       error
		want, rid string
	}{
		{&client.RedirectError{StatusCode: 307, Location: "http://evil.example:8080/workspace\x1b[2J"},
			"redirect to http://evil.example:8080/workspace; Lectern only talks to the address you configured", ""},
		{&client.TooLargeError{What: "reply", Limit: client.MaxListBody, RequestID: "req_1"}, "a reply larger than 16 MiB", "req_1"},
		{&client.DecodeError{Truncated: true, RequestID: "req_2"}, "The reply was cut off", "req_2"},
		{&client.InterruptedError{Cause: &client.DecodeError{Event: client.EventCompleted}, RequestID: "req_3"},
			"the server sent an answer Lectern cannot read", "req_3"},
		{&client.InterruptedError{Cause: &client.TooLargeError{What: "event", Limit: client.MaxEventSize}, RequestID: "req_4"},
			"an event larger than 8 MiB", "req_4"},
		{&client.InterruptedError{Cause: &client.TooLargeError{What: "answer", Limit: client.MaxAnswerBody}},
			"the answer grew larger than 8 MiB", ""},
		{&client.InterruptedError{Cause: &client.NetError{Err: errors.New("reset")}}, "the connection was lost", ""},
		{&client.InterruptedError{}, "the reply was cut off", ""},
	}
	for _, tc := range cases {
		x := Explain(tc.err, secrets.KeyNone)
		if !strings.Contains(x.Sentence, tc.want) || x.RequestID != tc.rid {
			t.Errorf("%v: %q (request id %q); want %q (%q)", tc.err, x.Sentence, x.RequestID, tc.want, tc.rid)
		}
	}
}

// A missing key is told with where each front-end takes one, never as a bare Go error.
func TestNoKeySentenceSaysWhereToEnterIt(t *testing.T) {
	x := Explain(fmt.Errorf("ask: %w", &secrets.NoKeyError{Server: "https://qa.example.com"}), secrets.KeyNone)
	for _, want := range []string{"No API key is stored for https://qa.example.com", "banner at the top of the window",
		"lectern connect https://qa.example.com"} {
		if !strings.Contains(x.Sentence, want) {
			t.Errorf("%q lacks %q", x.Sentence, want)
		}
	}
	x = Explain(&secrets.NoKeyError{Server: "https://qa.example.com", Err: errors.New("dbus: timeout")}, secrets.KeyNone)
	if !strings.Contains(x.Sentence, "could not be read from the keychain (dbus: timeout)") {
		t.Errorf("%q", x.Sentence)
	}
}

// A proxy's HTML error page is said as its status in words; none of the body reaches the sentence.
func TestExplainNonJSONBodyIsItsStatusInWords(t *testing.T) {
	for status, words := range map[int]string{502: "HTTP 502, Bad Gateway", 403: "HTTP 403, Forbidden", 599: "HTTP 599"} {
		e := &client.APIError{StatusCode: status, Snippet: "<html><body><h1>Bad Gateway</h1> nginx</body></html>"}
		got := Explain(e, secrets.KeyNone).Sentence
		if !strings.Contains(got, words) || strings.Contains(got, "<") || strings.Contains(got, "nginx") {
			t.Errorf("%d: %q", status, got)
		}
	}
}
