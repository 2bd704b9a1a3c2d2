package client

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Warnings come as objects (/websearch) or strings (/pdf): both are read, and the code of a string
// is its first token.
func TestWarningForms(t *testing.T) {
	var ws []Warning
	if err := json.Unmarshal([]byte(`["scanned_or_empty: 0 chars", {"code":"query_no_results","count":2,"message":"m"}, 7, {"code":3}]`), &ws); err != nil {
		t.Fatal(err)
	}
	if ws[0].Code != WarnScannedOrEmpty || ws[0].String() != "scanned_or_empty: 0 chars" || !hasScannedWarning(ws[:1]) {
		t.Fatalf("%+v", ws[0])
	}
	if ws[1].String() != "query_no_results: m (2)" || ws[2].Text != "7" || ws[3].Code != "" {
		t.Fatalf("%+v", ws)
	}
}

// Fields the client does not name are kept in Extra; a field of an unexpected type stays zero
// without failing the rest.
func TestLenientResultKeepsExtra(t *testing.T) {
	var r PDFResult
	raw := `{"ok":true,"mode":"text","ms":"fast","files":[{"name":"a.pdf","pages":"2","ocr_hint":true}],"engine":"v2"}`
	if err := parseTool([]byte(raw), &r); err != nil {
		t.Fatal(err)
	}
	if !r.OK || r.MS != 0 || string(r.Extra["engine"]) != `"v2"` || r.Files[0].Name != "a.pdf" ||
		r.Files[0].Pages != 0 || string(r.Files[0].Extra["ocr_hint"]) != "true" || string(r.Raw) != raw {
		t.Fatalf("%+v", r)
	}
}

func TestToolWorkspaceEnvelopes(t *testing.T) {
	for _, raw := range []string{`[{"id":"w1","name":"A"}]`, `{"workspaces":[{"workspace_id":"w1","name":"A"}]}`, `{"data":[{"id":"w1","name":"A","scope":"org"}]}`} {
		list, err := parseToolWorkspaces([]byte(raw))
		if err != nil || len(list) != 1 || list[0].ID != "w1" || list[0].Name != "A" {
			t.Fatal(raw, list, err)
		}
	}
	if _, err := parseToolWorkspaces([]byte(`"nope"`)); err == nil {
		t.Fatal("a string was taken as a list")
	}
}

func TestArtifactExpiryForms(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		expires string
		avail   bool
		expired bool
	}{
		{"2026-11-23T10:00:00Z", true, false},
		{"2026-11-23T08:59:59Z", true, true},
		{"1795510800", true, false}, // Unix seconds: 2026-11-24 09:00 UTC
		{"1795424399", true, true},  // Unix seconds: 2026-11-23 08:59:59 UTC
		{"", true, false},           // no expiry said: only available counts
		{"2026-11-23T10:00:00Z", false, true},
	} {
		a := OfficeArtifact{ExpiresAt: flexText(tc.expires), Available: tc.avail}
		if a.Expired(now) != tc.expired {
			t.Fatalf("%+v", tc)
		}
	}
}

// A /workspaces answer that is JSON but no list is a DecodeError named by its route, with the
// request id.
func TestToolWorkspacesUnreadableAnswer(t *testing.T) {
	c, _ := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-ID", "req_ws")
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`"nope"`))
	})
	_, err := c.ToolWorkspaces(t.Context())
	var de *DecodeError
	if !errors.As(err, &de) || de.RequestID != "req_ws" || !strings.Contains(err.Error(), "GET /workspaces") {
		t.Fatalf("%v", err)
	}
}
