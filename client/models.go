package client

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// MaxModelBody caps a /v1 body (the model list, a response, a chat completion) and, as
// MaxEventSize, each /v1 stream event: a final event carries the whole response.
const MaxModelBody = MaxEventSize

// Models lists the tiers the key may use, with their capabilities. GET /v1/models (60 s).
// The envelope is not shown by the spec: the OpenAI list ({"object":"list","data":[...]}) and
// a bare array are both read.
func (c *Client) Models(ctx context.Context) ([]Model, error) {
	var models []Model
	r := &request{method: http.MethodGet, path: "/v1/models", timeout: c.timeouts.List, retry: retryByStatus}
	err := c.call(ctx, r, decodeWith(MaxModelBody, func(b []byte) (err error) {
		models, err = decodeModels(b)
		return err
	}))
	return models, err
}

// decodeWith returns a handler that reads a body of at most limit bytes and decodes it with
// decode; its errors are classified as bodyError does.
func decodeWith(limit int64, decode func([]byte) error) func(*http.Response) error {
	return func(resp *http.Response) error {
		b, err := readCapped(resp.Body, limit)
		if err == nil {
			err = decode(b)
		}
		return bodyError(err, limit, resp.Header.Get("X-Request-ID"))
	}
}

// decodeModels reads the model list, enveloped or bare.
func decodeModels(raw json.RawMessage) ([]Model, error) {
	var entries []json.RawMessage
	if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &entries); err != nil {
			return nil, err
		}
	} else {
		var list struct {
			Data []json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(raw, &list); err != nil {
			return nil, err
		}
		entries = list.Data
	}
	models := make([]Model, 0, len(entries))
	for _, entry := range entries {
		var e map[string]json.RawMessage
		if err := json.Unmarshal(entry, &e); err != nil {
			return nil, err
		}
		if e != nil {
			m := modelOf(e)
			m.Raw = entry
			models = append(models, m)
		}
	}
	return models, nil
}

// modelOf reads one entry. The limits may sit at the top level or among the capabilities (the
// spec does not show where); whatever the client does not read is kept in Extra.
func modelOf(e map[string]json.RawMessage) Model {
	var caps map[string]json.RawMessage
	capsRaw := e["capabilities"]
	_ = json.Unmarshal(capsRaw, &caps)
	delete(e, "capabilities")
	take := func(names ...string) json.RawMessage {
		for _, n := range names {
			if v, ok := e[n]; ok {
				delete(e, n)
				return v
			}
			if v, ok := caps[n]; ok {
				return v
			}
		}
		return nil
	}
	m := Model{ID: rawText(take("id"))}
	m.Capabilities.Tools = rawText(caps["tools"]) == "true"
	m.Capabilities.Vision = rawText(caps["vision"]) == "true"
	m.ContextWindow = rawInt(take("context_window", "context_length"))
	m.MaxOutputTokens = rawInt(take("max_output_tokens", "max_tokens"))
	m.MaxOutputTokensWithTools = rawInt(take("max_output_tokens_with_tools"))
	for k := range caps {
		if k != "tools" && k != "vision" {
			e["capabilities"] = capsRaw // capabilities beyond tools and vision are kept
			break
		}
	}
	if len(e) > 0 {
		m.Extra = e
	}
	return m
}

// rawInt reads a JSON number as an int; 0 for anything else (null, text, out of range).
func rawInt(raw json.RawMessage) int {
	var f float64
	if json.Unmarshal(raw, &f) != nil || f < 0 || f > 1<<40 {
		return 0
	}
	return int(f)
}

// FindModel returns the tier named id from models, or nil.
func FindModel(models []Model, id string) *Model {
	for i := range models {
		if models[i].ID == id {
			return &models[i]
		}
	}
	return nil
}
