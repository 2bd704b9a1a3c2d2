package workspaceapi

import (
	"cmp"
	"encoding/json"
	"net/http"
	"strings"
	"unicode/utf8"

	"lectern/client"
)

// askRequest is a checked POST /workspace body.
type askRequest struct {
	workspaceID, question string
	documentID            string // "" asks the whole workspace
	history               []client.HistoryMessage
	model                 string
	thinking              *bool
	stream                bool
	text                  bool // format text
	includeSources        bool
	maxOutputTokens       int // 0: the tier's limit
	metadata              map[string]string
}

// askKnown are the accepted fields of POST /workspace; askUnsupported are known but refused
// (spec §4 POST /workspace rules 1 and 2).
var (
	askKnown = []string{"workspace_id", "question", "knowledge", "history", "model", "thinking",
		"stream", "format", "include_sources", "max_output_tokens", "metadata", "language",
		"include_excerpts"}
	askUnsupported = []string{"web_search", "tools", "attachments", "store", "session_id",
		"previous_response_id", "schema"}
)

// tierLimits are the output token limits of the tiers; max_output_tokens above them is lowered.
var tierLimits = map[string]int{"fast": 4096, "smart": 8192, "genius": 16384}

// decodeAsk checks a POST /workspace body in spec order: unknown, unsupported, then each field.
func decodeAsk(f fields) (*askRequest, *apiErr) {
	if err := f.unknown("", append(askKnown, askUnsupported...)...); err != nil {
		return nil, err
	}
	for _, n := range askUnsupported {
		if _, ok := f[n]; ok {
			return nil, paramErr("unsupported_parameter", n, n+" is not supported by this endpoint")
		}
	}
	q := &askRequest{model: "fast", includeSources: true}
	steps := []func(fields, *askRequest) *apiErr{askCore, askKnowledge, askOptions, askFlags, askHistory}
	for _, step := range steps {
		if err := step(f, q); err != nil {
			return nil, err
		}
	}
	return q, nil
}

// askCore checks workspace_id and question (1 to 8,000 characters).
func askCore(f fields, q *askRequest) *apiErr {
	var err *apiErr
	if q.workspaceID, err = f.str("workspace_id", true); err != nil {
		return err
	}
	if q.workspaceID == "" {
		return invalid("workspace_id", "workspace_id is required")
	}
	if q.question, err = f.str("question", true); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(q.question); strings.TrimSpace(q.question) == "" || n > 8000 {
		return invalid("question", "question must be 1 to 8,000 characters")
	}
	return nil
}

// askKnowledge checks knowledge: {document_ids: [one id]}; source_ids and more ids are unsupported.
func askKnowledge(f fields, q *askRequest) *apiErr {
	k, err := f.object("knowledge")
	if err != nil || k == nil {
		return err
	}
	if err := k.unknown("knowledge.", "document_ids", "source_ids"); err != nil {
		return err
	}
	if _, ok := k["source_ids"]; ok {
		return paramErr("unsupported_parameter", "knowledge.source_ids", "knowledge.source_ids is not supported")
	}
	var ids []string
	if !k.present("document_ids") || json.Unmarshal(k["document_ids"], &ids) != nil {
		return invalid("knowledge.document_ids", "knowledge.document_ids must be an array of one document id")
	}
	switch {
	case len(ids) > 1:
		return paramErr("unsupported_parameter", "knowledge.document_ids", "only one document id is supported")
	case len(ids) == 0 || ids[0] == "":
		return invalid("knowledge.document_ids", "knowledge.document_ids must hold one document id")
	}
	q.documentID = ids[0]
	return nil
}

// askOptions checks model, format, language, max_output_tokens and metadata.
func askOptions(f fields, q *askRequest) *apiErr {
	m, err := f.str("model", false)
	if err != nil {
		return err
	}
	if m != "" {
		if _, ok := tierLimits[m]; !ok {
			return invalid("model", "model must be fast, smart or genius")
		}
		q.model = m
	}
	format, err := f.str("format", false)
	switch {
	case err != nil:
		return err
	case format == "json_schema":
		return paramErr("unsupported_parameter", "format", "format json_schema is not supported")
	case format != "" && format != "json" && format != "text":
		return invalid("format", "format must be json or text")
	}
	q.text = format == "text"
	if lang, err := f.str("language", false); err != nil || (f.present("language") && lang != "auto") {
		return cmp.Or(err, invalid("language", "language accepts only auto"))
	}
	n, err := f.integer("max_output_tokens")
	if err != nil || (n != nil && *n < 1) {
		return cmp.Or(err, invalid("max_output_tokens", "max_output_tokens must be a positive integer"))
	}
	q.maxOutputTokens = tierLimits[q.model]
	if n != nil {
		q.maxOutputTokens = min(*n, q.maxOutputTokens)
	}
	q.metadata, err = f.metadata()
	return err
}

// askFlags checks the booleans thinking, stream, include_sources and include_excerpts.
func askFlags(f fields, q *askRequest) *apiErr {
	var err *apiErr
	if q.thinking, err = f.boolean("thinking"); err != nil {
		return err
	}
	s, err := f.boolean("stream")
	if err != nil {
		return err
	}
	q.stream = s != nil && *s
	inc, err := f.boolean("include_sources")
	if err != nil {
		return err
	}
	q.includeSources = inc == nil || *inc
	ex, err := f.boolean("include_excerpts")
	if err != nil || (ex != nil && *ex) {
		return cmp.Or(err, invalid("include_excerpts", "include_excerpts accepts only false"))
	}
	return nil
}

// askHistory checks history (spec §4 rule 4): turns alternate user, assistant, ...; start with user
// and end with assistant; each has exactly role and a non-empty content; at most 20 turns and 24,000
// characters in all. Anything else gives 400 invalid_history.
func askHistory(f fields, q *askRequest) *apiErr {
	if !f.present("history") {
		return nil
	}
	bad := func(msg string) *apiErr { return paramErr("invalid_history", "history", msg) }
	var raw []fields
	if json.Unmarshal(f["history"], &raw) != nil {
		return bad("history must be an array of {role, content} turns")
	}
	if len(raw) > 20 {
		return bad("history holds at most 20 turns")
	}
	if len(raw)%2 != 0 {
		return bad("history must start with user and end with assistant")
	}
	total := 0
	for i, t := range raw {
		want := []string{"user", "assistant"}[i%2]
		role, err1 := t.str("role", true)
		content, err2 := t.str("content", true)
		if len(t) != 2 || err1 != nil || err2 != nil || strings.TrimSpace(content) == "" {
			return bad("each turn has exactly role and a non-empty content")
		}
		if role != want {
			return bad("turns alternate user, assistant, user, ... starting with user")
		}
		total += utf8.RuneCountInString(content)
		q.history = append(q.history, client.HistoryMessage{Role: role, Content: content})
	}
	if total > 24000 {
		return bad("history holds at most 24,000 characters")
	}
	return nil
}

// askBodyLimit bounds a POST /workspace body: question, history and metadata with JSON escapes.
const askBodyLimit = 1 << 20

// readAsk reads and checks the body of POST /workspace.
func readAsk(w http.ResponseWriter, r *http.Request) (*askRequest, *apiErr) {
	if err := checkJSONType(r); err != nil {
		return nil, err
	}
	f, err := readObject(w, r, askBodyLimit)
	if err != nil {
		return nil, err
	}
	return decodeAsk(f)
}
