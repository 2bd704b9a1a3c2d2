package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// The types of the auxiliary tool endpoints (model-api.md §4: /pdf, /ocr, /websearch, /generate,
// /chat, /workspaces). Their shapes are given only in part: each result keeps the server's whole
// object in Raw (what --json prints) and the fields the client does not name in Extra.

// MaxToolBody caps the JSON answer of a tool endpoint: the text of many PDF pages fits well.
const MaxToolBody = 64 << 20

// MaxArtifactBytes caps a downloaded Office file.
const MaxArtifactBytes = 1 << 30

// Attachment is a file sent inside a tool request as {name, data (base64)}, streamed from Open.
type Attachment struct {
	Name string
	Size int64
	Open func() (io.ReadCloser, error) // the content from the start; called again for a resend
}

// Warning is one warning of a tool result. The spec shows {code, count, message} on /websearch and
// plain tokens elsewhere ("scanned_or_empty…"); a plain string is kept in Text, and its leading
// token (up to a colon or space) becomes Code.
type Warning struct {
	Code    string `json:"code"`
	Count   int    `json:"count"`
	Message string `json:"message"`
	Text    string `json:"-"` // the warning as sent, when it was a string
}

// UnmarshalJSON reads a warning object or a plain string; anything else is kept as text.
func (w *Warning) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '{' {
		type plain Warning
		var p plain
		_ = json.Unmarshal(b, &p) // a field of another type stays empty
		*w = Warning(p)
		return nil
	}
	w.Text = rawText(b)
	w.Code = w.Text
	if i := strings.IndexAny(w.Text, ": "); i >= 0 {
		w.Code = w.Text[:i]
	}
	return nil
}

// String is the warning in one line: the text as sent, or code and message.
func (w Warning) String() string {
	if w.Text != "" {
		return w.Text
	}
	s := w.Code
	if w.Message != "" {
		s = strings.TrimSpace(s + ": " + w.Message)
	}
	if w.Count > 1 {
		s += " (" + strconv.Itoa(w.Count) + ")"
	}
	return s
}

// WarnScannedOrEmpty starts the /pdf warning of a file with little or no text: OCR may read it.
const WarnScannedOrEmpty = "scanned_or_empty"

// hasScannedWarning reports a scanned_or_empty… warning among ws.
func hasScannedWarning(ws []Warning) bool {
	for _, w := range ws {
		if strings.HasPrefix(w.Code, WarnScannedOrEmpty) || strings.HasPrefix(w.Text, WarnScannedOrEmpty) {
			return true
		}
	}
	return false
}

// decodeTool reads a tool answer of at most limit bytes into out, a pointer to a result whose Raw
// field then holds the whole object.
func decodeTool(out any, limit int64) func(*http.Response) error {
	return decodeWith(limit, func(raw []byte) error { return parseTool(raw, out) })
}

// parseTool decodes the JSON object raw into out and keeps raw in out's Raw field.
func parseTool(raw []byte, out any) error {
	if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] != '{' {
		return &json.UnmarshalTypeError{Value: "not an object", Type: reflect.TypeOf(out).Elem()}
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return err
	}
	if f := reflect.ValueOf(out).Elem().FieldByName("Raw"); f.IsValid() {
		f.Set(reflect.ValueOf(json.RawMessage(raw)))
	}
	return nil
}

// decodeLenient decodes b into out (a pointer to a struct without its own UnmarshalJSON: the
// "plain" twin of a result type), tolerating values of unexpected types (they stay zero), and puts
// the fields of b that out's json tags do not name into its Extra field, when it has one: the
// shapes are shown only in part, so nothing the server sends is lost.
func decodeLenient(b []byte, out any) error {
	if err := json.Unmarshal(b, out); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return err
		}
	}
	v := reflect.ValueOf(out).Elem()
	extra := v.FieldByName("Extra")
	var all map[string]json.RawMessage
	if !extra.IsValid() || json.Unmarshal(b, &all) != nil {
		return nil
	}
	for i := 0; i < v.NumField(); i++ {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		delete(all, name)
	}
	if len(all) > 0 {
		extra.Set(reflect.ValueOf(all))
	}
	return nil
}

// parseToolTime reads a time the spec does not give the format of: ISO 8601 text or Unix seconds.
func parseToolTime(s string) (time.Time, bool) {
	if f, err := strconv.ParseFloat(s, 64); err == nil && f > 0 && f < 1e11 {
		return time.Unix(int64(f), 0), true
	}
	t, err := ParseServerTime(s, "")
	return t, err == nil
}

// flexText is a JSON scalar read as text: a string, or a number as written.
type flexText string

// UnmarshalJSON keeps any scalar as text; objects and arrays give "".
func (f *flexText) UnmarshalJSON(b []byte) error {
	*f = flexText(rawText(b))
	return nil
}
