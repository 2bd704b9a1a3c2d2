package client

import (
	"errors"
	"io"
	"net/http"
	"testing"
)

// GET /v1/models: the OpenAI list envelope and a bare array; capabilities, the limits under
// either name; unknown fields kept.
func TestModels(t *testing.T) {
	for name, body := range map[string]string{
		"envelope": `{"object":"list","data":[{"id":"Instant","object":"model","capabilities":{"tools":false,"vision":false},"context_window":32000,"max_output_tokens":4096},` +
			`{"id":"Fast","object":"model","owned_by":"service","capabilities":{"tools":true,"vision":true,"json_schema":true},"context_length":128000,"max_tokens":8192,"max_output_tokens_with_tools":4096}]}`,
		"bare": `[{"id":"Instant","object":"model","capabilities":{"tools":false,"vision":false},"context_window":32000,"max_output_tokens":4096},` +
			`{"id":"Fast","object":"model","owned_by":"service","capabilities":{"tools":true,"vision":true,"json_schema":true},"context_length":128000,"max_tokens":8192,"max_output_tokens_with_tools":4096}]`,
	} {
		c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) {
			if r.Method != "GET" || r.URL.Path != "/v1/models" || r.Header.Get("Authorization") != "Bearer "+testKey {
				t.Errorf("%s %s", r.Method, r.URL.Path)
			}
			_, _ = io.WriteString(w, body)
		}))
		ms, err := c.Models(t.Context())
		if err != nil || len(ms) != 2 {
			t.Fatal(name, err, ms)
		}
		in, fast := ms[0], ms[1]
		if in.ID != ModelInstant || in.Capabilities.Tools || in.ContextWindow != 32000 || in.MaxOutputTokens != 4096 {
			t.Errorf("%s: %+v", name, in)
		}
		if fast.ID != ModelFast || !fast.Capabilities.Tools || !fast.Capabilities.Vision || fast.ContextWindow != 128000 ||
			fast.MaxOutputTokens != 8192 || fast.MaxOutputTokensWithTools != 4096 {
			t.Errorf("%s: %+v", name, fast)
		}
		if string(fast.Extra["owned_by"]) != `"service"` || fast.Extra["capabilities"] == nil || in.Extra["capabilities"] != nil {
			t.Errorf("%s: extra %v", name, fast.Extra)
		}
		if FindModel(ms, ModelFast) != &ms[1] || FindModel(ms, ModelGenius) != nil {
			t.Error("FindModel")
		}
	}
}

func TestModelsMalformed(t *testing.T) {
	c := newV1Client(t, serve(t, func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, `{"data":"nope"}`) }))
	var de *DecodeError
	if _, err := c.Models(t.Context()); !errors.As(err, &de) {
		t.Fatal(err)
	}
}
