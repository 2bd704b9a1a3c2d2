package workspaceapi

import (
	"net/http"
	"time"
	"unicode/utf8"

	"lectern/client"
)

// plan is what an ask needs once the request is checked: the documents given to the engine.
type plan struct {
	id       string
	created  int64
	docs     []engDoc
	notReady int
	single   bool
}

// answerJSON is the wire form of the Answer object: Sources is a pointer so that an empty list is
// sent as [] (found false) while include_sources false omits it.
type answerJSON struct {
	client.Answer
	Sources *[]client.AnswerSource `json:"sources,omitempty"`
	// nSources counts the sources even when include_sources false omits them.
	nSources int
}

// plan checks the workspace and knowledge of q for k (spec §4 POST /workspace rule 3) and picks the
// documents: the one asked, or every ready document (not-ready ones are skipped and counted).
func (e *Service) plan(k Key, q *askRequest) (*plan, *apiErr) {
	e.mu.Lock()
	defer e.mu.Unlock()
	w, _, err := e.canOpen(k, q.workspaceID)
	if err != nil {
		return nil, err
	}
	now := e.now()
	p := &plan{id: e.nextID("wsa_"), created: now.Unix()}
	if q.documentID != "" {
		return p, p.pickOne(w, q.documentID, now)
	}
	for _, d := range w.docs {
		switch d.status(now) {
		case "ready":
			p.docs = append(p.docs, d.engDoc())
		case "not_ready":
			p.notReady++
		}
	}
	return p, nil
}

// pickOne selects the single document id (a server document_id) of w.
func (p *plan) pickOne(w *workspace, id string, now time.Time) *apiErr {
	p.single = true
	d := w.byID(id)
	if d == nil {
		return &apiErr{status: http.StatusNotFound, code: "knowledge_not_found", param: "knowledge.document_ids",
			msg: "document " + quote(id) + " is not in this workspace"}
	}
	if d.status(now) != "ready" {
		return &apiErr{status: http.StatusConflict, code: "knowledge_not_ready", param: "knowledge.document_ids",
			msg: "document " + quote(id) + " is still being prepared; try again when it is ready"}
	}
	p.docs = []engDoc{d.engDoc()}
	return nil
}

// engDoc converts d for the engine.
func (d *document) engDoc() engDoc {
	var u *string
	if d.url != "" {
		u = &d.url
	}
	return engDoc{ID: d.id, Name: d.name, SourceType: d.sourceType, URL: u, Text: d.text}
}

// buildAnswer runs the engine and maps its result to the Answer object (spec §2 rules for
// sources.used, coverage, warnings, usage).
func buildAnswer(q *askRequest, p *plan, reqID string) answerJSON {
	res := runEngine(q.question, q.history, p.docs)
	a := client.Answer{
		ID: p.id, Object: "workspace.answer", Created: p.created, WorkspaceID: q.workspaceID,
		Model: q.model, Status: "completed", Found: res.Found, Answer: res.Answer,
		Thinking: q.thinking != nil && *q.thinking || q.thinking == nil && q.model == "genius",
		Metadata: q.metadata, RequestID: reqID,
	}
	srcs, used := sourcesOf(res, p)
	a.Coverage = &client.Coverage{Mode: res.Mode, DocumentsSelected: len(p.docs),
		DocumentsChecked: res.Checked, DocumentsUsed: used, DocumentsNotReady: p.notReady}
	if p.notReady > 0 {
		a.Warnings = append(a.Warnings, "documents_not_ready")
	}
	if used == nil && len(srcs) > 0 {
		a.Notice = "The whole workspace was given as context; the documents used cannot be told apart."
	}
	a.Answer, a.Status, a.Warnings = truncate(a.Answer, q.maxOutputTokens, a.Warnings)
	a.Usage = usageOf(q, p, a.Answer, res.Mode)
	out := answerJSON{Answer: a, nSources: len(srcs)}
	if q.includeSources {
		out.Sources = &srcs
	}
	return out
}

// sourcesOf lists the sources and documents_used: used true when known (one document, search,
// compute); the whole workspace gives every document with used false and documents_used null;
// found false gives no sources.
func sourcesOf(res engResult, p *plan) ([]client.AnswerSource, *int) {
	srcs := []client.AnswerSource{}
	add := func(d engDoc, used bool) {
		srcs = append(srcs, client.AnswerSource{Index: len(srcs) + 1, DocumentID: d.ID, Name: d.Name,
			SourceType: d.SourceType, URL: d.URL, Used: used})
	}
	switch {
	case !res.Found:
		zero := 0
		return srcs, &zero
	case p.single:
		add(p.docs[0], true)
	case res.UsedKnown:
		for _, i := range res.Used {
			if i >= 0 && i < len(p.docs) {
				add(p.docs[i], true)
			}
		}
	default:
		for _, d := range p.docs {
			add(d, false)
		}
		return srcs, nil
	}
	n := len(srcs)
	return srcs, &n
}

// truncate cuts text at maxTokens (about four characters a token): status incomplete and the
// warning max_output_tokens_reached.
func truncate(text string, maxTokens int, warnings []string) (string, string, []string) {
	limit := maxTokens * 4
	if maxTokens <= 0 || len(text) <= limit {
		return text, "completed", warnings
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut], "incomplete", append(warnings, "max_output_tokens_reached")
}

// usageOf estimates tokens as a quarter of the characters; compute answers use no model input.
func usageOf(q *askRequest, p *plan, text, mode string) *client.Usage {
	in := len(q.question)
	for _, t := range q.history {
		in += len(t.Content)
	}
	if mode != "compute" {
		for _, d := range p.docs {
			in += len(d.Text)
		}
	}
	u := &client.Usage{InputTokens: (in + 3) / 4, OutputTokens: (len(text) + 3) / 4}
	u.TotalTokens = u.InputTokens + u.OutputTokens
	return u
}
