package modelapi

import (
	"fmt"
	"maps"
	"net/http"
	"slices"

	"lectern/client/emulator/internal/serve"
)

// modelJSON is one entry of GET /v1/models: the OpenAI list entry with the tier's capabilities
// and limits.
type modelJSON struct {
	ID                       string       `json:"id"`
	Object                   string       `json:"object"`
	Created                  int64        `json:"created"`
	OwnedBy                  string       `json:"owned_by"`
	Capabilities             capabilities `json:"capabilities"`
	ContextWindow            int          `json:"context_window"`
	MaxOutputTokens          int          `json:"max_output_tokens"`
	MaxOutputTokensWithTools int          `json:"max_output_tokens_with_tools"`
}

type capabilities struct {
	Tools  bool `json:"tools"`
	Vision bool `json:"vision"`
}

type modelList struct {
	Object string      `json:"object"`
	Data   []modelJSON `json:"data"`
}

// tiersCreated is the created time of every tier: the day /v1 was introduced (12-10-2026).
const tiersCreated = 1791763200

// handleModels serves GET /v1/models: the tiers the key may use. It counts only toward the
// per-address limit (model-api.md §4).
func (s *Service) handleModels(w http.ResponseWriter, r *http.Request, reqID string, k serve.Key) {
	release, err := s.core.Admit(serve.Admission{Address: serve.RemoteHost(r)})
	if err != nil {
		writeErr(w, reqID, err)
		return
	}
	defer release()
	if len(r.URL.Query()) > 0 {
		writeErr(w, reqID, invalid(firstKey(r), "GET /v1/models takes no query parameters"))
		return
	}
	list := modelList{Object: "list", Data: []modelJSON{}}
	for _, t := range s.tiers(k) {
		list.Data = append(list.Data, modelJSON{ID: t.Name, Object: "model", Created: tiersCreated,
			OwnedBy: "lectern-emulator", Capabilities: capabilities{Tools: t.Tools, Vision: t.Vision},
			ContextWindow: t.ContextWindow, MaxOutputTokens: t.MaxOutputTokens,
			MaxOutputTokensWithTools: t.MaxOutputTokensWithTools})
	}
	serve.WriteJSON(w, http.StatusOK, list)
}

// firstKey names the first query parameter of r, in name order.
func firstKey(r *http.Request) string {
	return slices.Sorted(maps.Keys(r.URL.Query()))[0]
}

// hex12 writes n as 12 hex digits, the tail of every id.
func hex12(n int) string { return fmt.Sprintf("%012x", n) }
