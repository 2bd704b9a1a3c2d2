package client

import (
	"bytes"
	"encoding/json"
	"testing"
)

// fuzzToolParser checks a tool answer parser on arbitrary bytes: no panic; a JSON object is
// accepted whatever the types of its fields, and Raw then holds it exactly.
func fuzzToolParser[T any](f *testing.F, raw func(*T) json.RawMessage, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"ok":"yes","files":{"a":1},"results":[1,"x",null,{"rank":"one"}],"warnings":[3,{"code":4}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var out T
		err := parseTool(b, &out)
		var obj map[string]json.RawMessage
		if json.Unmarshal(b, &obj) == nil && obj != nil {
			if err != nil {
				t.Fatalf("an object was refused: %v", err)
			}
			if !bytes.Equal(raw(&out), b) {
				t.Fatal("Raw is not the answer as sent")
			}
		}
	})
}

func FuzzPDFResult(f *testing.F) {
	fuzzToolParser(f, func(r *PDFResult) json.RawMessage { return r.Raw },
		`{"ok":true,"mode":"text","ms":12,"files":[{"name":"a.pdf","chars":5,"pages":1,"pages_processed":1,"text":"hello","page_texts":["hello"],"truncated":false,"warnings":["scanned_or_empty: x"],"new":1}]}`)
}

func FuzzOCRJob(f *testing.F) {
	fuzzToolParser(f, func(j *OCRJob) json.RawMessage { return j.Raw },
		`{"job_id":"j1","status":"running","progress":{"page":1,"total":3}}`,
		`{"job_id":"j1","status":"done","ok":true,"ms":1,"queue_ms":2,"total_ms":3,"result":{"text":"t","page_texts":["t"],"chars":1,"pages":1,"pages_processed":1,"dpi":300,"truncated":false,"warnings":[],"timing":{"a":1}}}`)
}

func FuzzSearchResult(f *testing.F) {
	fuzzToolParser(f, func(r *SearchResult) json.RawMessage { return r.Raw },
		`{"ok":true,"count":1,"depth":2,"ms":3,"provider_degraded":false,"queries":["x"],"results":[{"rank":1,"title":"T","url":"https://a.example","domain":"a.example","snippet":"s","content":"c"}],"status":"ok","warnings":[{"code":"w","count":2,"message":"m"}]}`)
}

func FuzzGenerateResult(f *testing.F) {
	fuzzToolParser(f, func(r *GenerateResult) json.RawMessage { return r.Raw },
		`{"response":"r","duration_ms":5,"office_artifact":{"artifact_id":"a","available":true,"created_at":"2026-11-23T09:00:00Z","expires_at":1790000000,"filename":"f.xlsx","kind":"xlsx","logical_pages":1,"mime":"m","page_count_mode":"logical","size":10,"title":"t"}}`)
}

func FuzzToolChatResult(f *testing.F) {
	fuzzToolParser(f, func(r *ToolChatResult) json.RawMessage { return r.Raw },
		`{"ok":true,"conversation_id":"c1","response":"hello","tools_used":["read_file"]}`, `{"answer":{"x":1}}`)
}

// FuzzToolWorkspaces: any list, object or scalar is read without a panic; every entry has been
// read from an object.
func FuzzToolWorkspaces(f *testing.F) {
	f.Add([]byte(`{"workspaces":[{"workspace_id":"w1","name":"A"},{"id":2},"x",null]}`))
	f.Add([]byte(`[{"id":"w1"}]`))
	f.Add([]byte(`{"data":[{"name":"n"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		list, err := parseToolWorkspaces(b)
		if err != nil && list != nil {
			t.Fatal("a list with an error")
		}
	})
}
