package workspaceapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"unicode/utf8"

	"lectern/client/emulator/internal/serve"
)

// fields is a decoded JSON object whose members are checked one by one.
type fields map[string]json.RawMessage

// checkJSONType gives 415 unsupported_media_type unless the body is sent as application/json
// (spec §4: "Request bodies must be JSON sent with Content-Type application/json").
func checkJSONType(r *http.Request) *apiErr {
	if !serve.IsJSON(r) {
		return newErr(http.StatusUnsupportedMediaType, "unsupported_media_type",
			"send the body as JSON with Content-Type application/json")
	}
	return nil
}

// readObject reads a JSON object of at most limit bytes from r's body.
func readObject(w http.ResponseWriter, r *http.Request, limit int64) (fields, *apiErr) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, newErr(http.StatusRequestEntityTooLarge, "file_too_large", "the request is too large")
	}
	if err != nil {
		return nil, newErr(http.StatusBadRequest, "invalid_request", "the body could not be read")
	}
	return parseObject(body)
}

// parseObject decodes body as one JSON object (without param on failure: spec §7 invalid_request).
func parseObject(body []byte) (fields, *apiErr) {
	var f fields
	if !bytes.HasPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("{")) || json.Unmarshal(body, &f) != nil || f == nil {
		return nil, newErr(http.StatusBadRequest, "invalid_request", "the body is not a valid JSON object")
	}
	return f, nil
}

// unknown gives 400 unknown_parameter for the first member (in sorted order) not in allowed.
func (f fields) unknown(prefix string, allowed ...string) *apiErr {
	names := make([]string, 0, len(f))
	for n := range f {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if !slices.Contains(allowed, n) {
			return paramErr("unknown_parameter", prefix+n, "unknown parameter "+quote(prefix+n))
		}
	}
	return nil
}

// unknownQuery gives 400 unknown_parameter for the first query parameter (in sorted order) not in
// allowed.
func unknownQuery(v url.Values, allowed ...string) *apiErr {
	for _, n := range slices.Sorted(maps.Keys(v)) {
		if !slices.Contains(allowed, n) {
			return paramErr("unknown_parameter", n, "unknown query parameter "+quote(n))
		}
	}
	return nil
}

// present reports whether name was sent with a value other than null.
func (f fields) present(name string) bool {
	raw, ok := f[name]
	return ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

// str decodes the string member name; required members that are absent give invalid_request.
func (f fields) str(name string, required bool) (string, *apiErr) {
	if !f.present(name) {
		if required {
			return "", invalid(name, name+" is required")
		}
		return "", nil
	}
	var s string
	if json.Unmarshal(f[name], &s) != nil {
		return "", invalid(name, name+" must be a string")
	}
	return s, nil
}

// boolean decodes the boolean member name (JSON true or false only); nil when absent.
func (f fields) boolean(name string) (*bool, *apiErr) {
	if !f.present(name) {
		return nil, nil
	}
	var b bool
	if json.Unmarshal(f[name], &b) != nil {
		return nil, invalid(name, name+" must be true or false")
	}
	return &b, nil
}

// integer decodes the integer member name; nil when absent.
func (f fields) integer(name string) (*int, *apiErr) {
	if !f.present(name) {
		return nil, nil
	}
	var n int
	if json.Unmarshal(f[name], &n) != nil {
		return nil, invalid(name, name+" must be an integer")
	}
	return &n, nil
}

// object decodes the object member name; nil when absent.
func (f fields) object(name string) (fields, *apiErr) {
	if !f.present(name) {
		return nil, nil
	}
	var o fields
	raw := bytes.TrimSpace(f[name])
	if !bytes.HasPrefix(raw, []byte("{")) || json.Unmarshal(raw, &o) != nil {
		return nil, invalid(name, name+" must be an object")
	}
	return o, nil
}

// metadata decodes and checks metadata: up to 16 string pairs, keys up to 64 characters and values
// up to 512 (spec §8). It returns {} when absent.
func (f fields) metadata() (map[string]string, *apiErr) {
	o, err := f.object("metadata")
	if err != nil {
		return nil, err
	}
	md := make(map[string]string, len(o))
	if len(o) > 16 {
		return nil, invalid("metadata", "metadata holds at most 16 pairs")
	}
	for k, raw := range o {
		var v string
		if json.Unmarshal(raw, &v) != nil {
			return nil, invalid("metadata", "metadata values must be strings")
		}
		if k == "" || utf8.RuneCountInString(k) > 64 || utf8.RuneCountInString(v) > 512 {
			return nil, invalid("metadata", "metadata keys are 1 to 64 characters, values up to 512")
		}
		md[k] = v
	}
	return md, nil
}
