package workspaceapi

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// listQuery is a checked GET /workspace query.
type listQuery struct {
	limit       int
	after       string // decoded sort key; "" from the start
	workspaceID string
	docs, srcs  bool
}

// ist is India Standard Time, the zone of the DD-MM-YYYY HH:MM fields.
var ist = time.FixedZone("IST", 5*3600+1800)

// fmtIST formats t as DD-MM-YYYY HH:MM in IST.
func fmtIST(t time.Time) string { return t.In(ist).Format("02-01-2006 15:04") }

// fmtISO formats t as ISO 8601 with the IST offset.
func fmtISO(t time.Time) string { return t.In(ist).Format(time.RFC3339) }

// handleList serves GET /workspace (spec §4): all workspaces the key can open, or the documents of
// one workspace, in pages.
func (e *Service) handleList(w http.ResponseWriter, r *http.Request, reqID string, k Key) {
	page, err := e.listPage(r.URL.Query(), k)
	if err != nil {
		writeErr(w, reqID, err)
		return
	}
	page.Object, page.RequestID = "list", reqID
	writeJSON(w, http.StatusOK, page)
}

// listPage builds one listing page under the lock.
func (e *Service) listPage(v url.Values, k Key) (*pageJSON, *apiErr) {
	e.mu.Lock()
	defer e.mu.Unlock()
	q, err := e.parseList(v)
	switch {
	case err != nil:
		return nil, err
	case q.workspaceID != "":
		return e.listOne(k, q)
	}
	return e.listAll(k, q), nil
}

// parseList checks the query parameters: limit, after, workspace_id and include only.
func (e *Service) parseList(v url.Values) (*listQuery, *apiErr) {
	if err := unknownQuery(v, "limit", "after", "workspace_id", "include"); err != nil {
		return nil, err
	}
	q := &listQuery{workspaceID: v.Get("workspace_id"), limit: 20}
	maxLimit := 50
	if q.workspaceID != "" {
		q.limit, maxLimit = 100, 200
	}
	if s, ok := v["limit"]; ok {
		n, err := strconv.Atoi(s[0])
		if err != nil || n < 1 || n > maxLimit {
			return nil, invalid("limit", fmt.Sprintf("limit must be an integer from 1 to %d", maxLimit))
		}
		q.limit = n
	}
	var err *apiErr
	if q.docs, q.srcs, err = parseInclude(v); err != nil {
		return nil, err
	}
	if a := v.Get("after"); a != "" {
		if q.after, err = e.decodeCursor(a, q.workspaceID); err != nil {
			return nil, err
		}
	}
	return q, nil
}

// parseInclude reads include: documents, sources, both (documents,sources) or none.
func parseInclude(v url.Values) (docs, srcs bool, err *apiErr) {
	inc, ok := v["include"]
	if !ok {
		return true, true, nil
	}
	switch strings.ReplaceAll(strings.ToLower(inc[0]), " ", "") {
	case "documents":
		return true, false, nil
	case "sources":
		return false, true, nil
	case "documents,sources", "sources,documents", "both", "":
		return true, true, nil
	case "none":
		return false, false, nil
	}
	return false, false, invalid("include", "include must be documents, sources, documents,sources or none")
}

// encodeCursor makes the opaque after value for a sort key; it names the server epoch so that a
// restart invalidates it.
func (e *Service) encodeCursor(workspaceID, key string) *string {
	c := base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf("%d\x01%s\x01%s", e.epoch, workspaceID, key)))
	return &c
}

// decodeCursor returns the sort key of an after value, or 400 invalid_cursor.
func (e *Service) decodeCursor(after, workspaceID string) (string, *apiErr) {
	bad := paramErr("invalid_cursor", "after", "the after cursor is no longer valid; list again from the start")
	b, err := base64.RawURLEncoding.DecodeString(after)
	if err != nil {
		return "", bad
	}
	parts := strings.SplitN(string(b), "\x01", 3)
	if len(parts) != 3 || parts[0] != strconv.Itoa(e.epoch) || parts[1] != workspaceID || parts[2] == "" {
		return "", bad
	}
	return parts[2], nil
}
