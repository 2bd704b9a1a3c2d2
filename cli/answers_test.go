package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
)

// scripted is a server that answers from a script, as a real service might (model-api.md), and
// records the request bodies it received by path.
type scripted struct {
	mu     sync.Mutex
	bodies map[string][]string
	routes map[string]func(w http.ResponseWriter, body []byte) // "METHOD /path"
}

// newScripted starts a scripted server and points LECTERN_SERVER and LECTERN_API_KEY at it.
func newScripted(t *testing.T, routes map[string]func(w http.ResponseWriter, body []byte)) *scripted {
	t.Helper()
	setup(t)
	s := &scripted{bodies: map[string][]string{}, routes: routes}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		key := r.Method + " " + r.URL.Path
		s.mu.Lock()
		s.bodies[key] = append(s.bodies[key], string(body))
		s.mu.Unlock()
		w.Header().Set("X-Request-ID", "req_scripted")
		if h := s.routes[key]; h != nil {
			h(w, body)
			return
		}
		sendJSON(w, 404, `{"error":{"message":"no such route","type":"invalid_request_error","code":"not_found"}}`)
	}))
	t.Cleanup(srv.Close)
	t.Setenv("LECTERN_SERVER", srv.URL)
	t.Setenv("LECTERN_API_KEY", testKey)
	return s
}

// received returns the bodies sent to "METHOD /path", in order.
func (s *scripted) received(key string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.bodies[key]...)
}

func sendJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// modelList is GET /v1/models with one tier whose capabilities hold keys Lectern does not read,
// nested.
const modelList = `{"object":"list","data":[{"id":"Fast","object":"model","owned_by":"lectern",
	"capabilities":{"tools":true,"vision":false,"streaming":true,"limits":{"rpm":60,"modes":["a","b"]}},
	"context_window":32000,"max_output_tokens":4096}]}`

// refusalStream is a /v1/responses stream whose answer is a refusal (OpenAI's format: the message's
// content is a refusal part, streamed as response.refusal.delta).
func refusalStream(w http.ResponseWriter, _ []byte) {
	w.Header().Set("Content-Type", "text/event-stream")
	final := `{"id":"resp_r1","object":"response","created_at":1,"status":"completed","model":"Fast",
		"output":[{"type":"message","id":"msg_1","status":"completed","role":"assistant",
		"content":[{"type":"refusal","refusal":"I cannot help with that request."}]}],
		"usage":{"input_tokens":9,"output_tokens":7,"total_tokens":16}}`
	final = strings.Join(strings.Fields(final), " ")
	events := []string{
		`{"type":"response.created","sequence_number":0,"response":{"id":"resp_r1","object":"response","status":"in_progress","model":"Fast","output":[]}}`,
		`{"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[]}}`,
		`{"type":"response.content_part.added","sequence_number":2,"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"refusal","refusal":""}}`,
		`{"type":"response.refusal.delta","sequence_number":3,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"I cannot help with that request."}`,
		`{"type":"response.refusal.done","sequence_number":4,"item_id":"msg_1","output_index":0,"content_index":0,"refusal":"I cannot help with that request."}`,
		`{"type":"response.completed","sequence_number":5,"response":` + final + `}`,
	}
	for _, ev := range events {
		var head struct{ Type string }
		_ = json.Unmarshal([]byte(ev), &head)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", head.Type, ev)
	}
}

// answerStream is a /v1/responses stream that answers "Fine.".
func answerStream(w http.ResponseWriter, _ []byte) {
	w.Header().Set("Content-Type", "text/event-stream")
	final := `{"id":"resp_a1","object":"response","created_at":2,"status":"completed","model":"Fast","output":[{"type":"message","id":"msg_2","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Fine.","annotations":[]}]}]}`
	fmt.Fprintf(w, "event: response.output_text.delta\ndata: %s\n\n",
		`{"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_2","output_index":0,"content_index":0,"delta":"Fine."}`)
	fmt.Fprintf(w, "event: response.completed\ndata: %s\n\n", `{"type":"response.completed","sequence_number":2,"response":`+final+`}`)
}

func modelsRoute(w http.ResponseWriter, _ []byte) { sendJSON(w, 200, modelList) }

// A streamed answer that is a refusal is told as one in text mode: the refusal on stderr, exit 1
// (chat's help says so); --json prints the response that holds it.
func TestChatRefusalToldAsRefusal(t *testing.T) {
	newScripted(t, map[string]func(http.ResponseWriter, []byte){
		"GET /v1/models": modelsRoute, "POST /v1/responses": refusalStream})
	r := runCLI(t, "chat", "--model", "Fast", "Tell me a secret").want(t, 1)
	contains(t, "stderr", r.stderr, "the model refused to answer: I cannot help with that request.")
	if strings.Contains(r.stdout, "I cannot help") {
		t.Errorf("the refusal was printed as an answer on stdout:\n%s", r.stdout)
	}
	r = runCLI(t, "chat", "--model", "Fast", "--json", "Tell me a secret").want(t, 0)
	contains(t, "stdout", r.stdout, `"type": "refusal"`, "I cannot help with that request.")
	contains(t, "help", runCLI(t, "help", "chat").stdout, "Exit code 1 when the model refused")
}

// model-api.md §2, input items: "Assistant history parts | output_text and refusal, as received".
// The refused turn goes back with the next --continue, its refusal as a refusal part.
func TestChatContinueSendsRefusalBack(t *testing.T) {
	refused := true
	s := newScripted(t, map[string]func(http.ResponseWriter, []byte){
		"GET /v1/models": modelsRoute,
		"POST /v1/responses": func(w http.ResponseWriter, b []byte) {
			if refused {
				refused = false
				refusalStream(w, b)
				return
			}
			answerStream(w, b)
		}})
	runCLI(t, "chat", "--model", "Fast", "Tell me a secret") // exit 1: TestChatRefusalToldAsRefusal
	runCLI(t, "chat", "--continue", "Then tell me the weather").want(t, 0)
	sent := s.received("POST /v1/responses")
	if len(sent) != 2 {
		t.Fatalf("%d requests", len(sent))
	}
	var req struct {
		Input []struct {
			Role    string
			Content json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(sent[1]), &req); err != nil {
		t.Fatal(err)
	}
	var roles []string
	for _, it := range req.Input {
		roles = append(roles, it.Role)
	}
	if strings.Join(roles, ",") != "user,assistant,user" {
		t.Fatalf("the second request's messages are %v; want the refused turn sent back:\n%s", roles, sent[1])
	}
	var parts []map[string]any
	_ = json.Unmarshal(req.Input[1].Content, &parts)
	if len(parts) != 1 || parts[0]["type"] != "refusal" || parts[0]["refusal"] != "I cannot help with that request." {
		t.Errorf("the assistant's parts are %s; want the refusal as received", req.Input[1].Content)
	}
}

// model-api.md §3: "The client also treats failed, error and cancelled as ending states." A job
// asked for with --job that has already ended so exits 1 with its state on stderr, as one that
// ends while followed does.
func TestOCRJobAlreadyEndedBadly(t *testing.T) {
	for _, status := range []string{"failed", "cancelled", "error"} {
		t.Run(status, func(t *testing.T) {
			newScripted(t, map[string]func(http.ResponseWriter, []byte){
				"GET /ocr/jobs/ocr_42": func(w http.ResponseWriter, _ []byte) {
					sendJSON(w, 200, `{"job_id":"ocr_42","status":"`+status+`","name":"scan.pdf","error":"the scan is blank"}`)
				}})
			r := runCLI(t, "ocr", "--job", "ocr_42").want(t, 1)
			contains(t, "stderr", r.stderr, "The OCR job ocr_42 ended "+status)
			r = runCLI(t, "ocr", "--job", "ocr_42", "--json").want(t, 1)
			contains(t, "stdout", r.stdout, `"status": "`+status+`"`)
		})
	}
	newScripted(t, map[string]func(http.ResponseWriter, []byte){
		"GET /ocr/jobs/ocr_43": func(w http.ResponseWriter, _ []byte) {
			sendJSON(w, 200, `{"job_id":"ocr_43","status":"running","name":"scan.pdf"}`)
		}})
	contains(t, "stdout", runCLI(t, "ocr", "--job", "ocr_43").want(t, 0).stdout, "is running")
}

// models --json keeps every key the server sent, at every depth (its help promises every field).
func TestModelsJSONKeepsEveryKey(t *testing.T) {
	newScripted(t, map[string]func(http.ResponseWriter, []byte){"GET /v1/models": modelsRoute})
	r := runCLI(t, "models", "--json").want(t, 0)
	var got []any
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	var sent struct{ Data []any }
	_ = json.Unmarshal([]byte(modelList), &sent)
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(sent.Data)
	if string(g) != string(w) {
		t.Errorf("models --json printed\n%s\nthe server sent\n%s", g, w)
	}
}

// A file name the server chooses that Windows reserves or reads otherwise is refused on every
// system: the file is saved as "generated.docx", and stderr says why.
func TestGenerateRefusesReservedFileNames(t *testing.T) {
	for _, name := range []string{"CON", "con.docx", "LPT1.docx", "C:x.docx", "report.docx.", "NUL .docx"} {
		t.Run(name, func(t *testing.T) {
			newScripted(t, map[string]func(http.ResponseWriter, []byte){
				"POST /generate": func(w http.ResponseWriter, _ []byte) {
					b, _ := json.Marshal(map[string]any{"response": "I wrote it.", "office_artifact": map[string]any{
						"artifact_id": "art_1", "available": true, "filename": name, "kind": "docx", "size": 4}})
					sendJSON(w, 200, string(b))
				},
				"GET /office/artifacts/art_1/download": func(w http.ResponseWriter, _ []byte) {
					w.Header().Set("Content-Type", "application/octet-stream")
					_, _ = io.WriteString(w, "PK\x03\x04")
				}})
			dir := t.TempDir()
			t.Chdir(dir)
			r := runCLI(t, "generate", "a report").want(t, 0)
			contains(t, "stdout", r.stdout, "Saved generated.docx (4 bytes)")
			contains(t, "stderr", r.stderr, "not a plain file name on every system")
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 || entries[0].Name() != "generated.docx" {
				t.Errorf("the folder holds %v", entries)
			}
		})
	}
}
