package modelapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lectern/client/emulator/internal/serve"
)

// FuzzRequest sends hostile bodies to both answer endpoints through the whole handler (decoding,
// checks, the small model, the answer): never a panic, never a 500, always a request id.
func FuzzRequest(f *testing.F) {
	seeds := []string{
		`{"model":"Fast","input":"hi"}`,
		`{"model":"Fast","input":[{"role":"user","content":[{"type":"input_text","text":"x"},{"type":"input_image","image_url":"data:image/png;base64,iVBORw0KGgo="}]}]}`,
		`{"model":"Smart","tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer","minimum":5}}}}}],"tool_choice":"required","input":"f"}`,
		`{"model":"Fast","text":{"format":{"type":"json_schema","name":"n","schema":{"type":["string","null"],"maxLength":2}}},"input":"x"}`,
		`{"model":"Fast","input":[{"type":"function_call","call_id":"c","name":"f","arguments":"{}"},{"type":"function_call_output","call_id":"c","output":"ok"}]}`,
		`{"model":"Fast","messages":[{"role":"user","content":"hi"},{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c","content":"ok"}],"stop":["a"]}`,
		`{"model":"Instant","max_output_tokens":1,"input":"` + strings.Repeat("word ", 50) + `"}`,
		`{"model":"Fast","text":{"format":{"type":"json_schema","name":"n","schema":{"type":"array","minItems":1e9,"items":{"type":"string","maxLength":-1}}}},"input":"x"}`,
		`[]`, `{"model":null}`, `{"model":"Fast","input":[null,1,"x",{}]}`,
	}
	for _, s := range seeds {
		f.Add(s, false)
		f.Add(s, true)
	}
	core := serve.NewCore(serve.Config{Rates: serve.Rates{KeyPerMinute: -1, AddressPerMinute: -1, AddressPer10s: -1}})
	core.AddKey(serve.Key{Secret: keyA, Owner: "alice"})
	mux := http.NewServeMux()
	New(Config{ThinkDelay: -1, DeltaDelay: -1, PingAfter: time.Hour}, core).Register(mux)
	f.Fuzz(func(t *testing.T, body string, chat bool) {
		path := "/v1/responses"
		if chat {
			path = "/v1/chat/completions"
		}
		r := httptest.NewRequest("POST", path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Authorization", "Bearer "+keyA)
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, r)
		if w.Code == http.StatusInternalServerError || w.Header().Get("X-Request-ID") == "" {
			t.Fatalf("status %d for %q: %s", w.Code, body, w.Body)
		}
	})
}
