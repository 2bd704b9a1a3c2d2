package modelapi

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"

	"lectern/client/emulator/internal/serve"
)

// fields is a decoded JSON object whose members are checked one by one.
type fields map[string]json.RawMessage

// parseObject decodes raw as one JSON object; param names it in the error.
func parseObject(raw []byte, param string) (fields, *serve.Error) {
	var f fields
	trimmed := bytes.TrimSpace(raw)
	if !bytes.HasPrefix(trimmed, []byte("{")) || json.Unmarshal(trimmed, &f) != nil || f == nil {
		if param == "" {
			return nil, invalid("", "the body is not a valid JSON object")
		}
		return nil, invalid(param, param+" must be an object")
	}
	return f, nil
}

// has reports whether name was sent with a value other than null.
func (f fields) has(name string) bool {
	raw, ok := f[name]
	return ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

// unknown gives invalid_request_error for the first member (in name order) not in known.
func (f fields) unknown(prefix string, known ...string) *serve.Error {
	for _, n := range slices.Sorted(maps.Keys(f)) {
		if !slices.Contains(known, n) {
			return invalid(prefix+n, "unknown parameter '"+prefix+n+"'")
		}
	}
	return nil
}

// get decodes member name into a T when present (not null); param names it in the error and
// what says what it must be. ok is false when absent.
func get[T any](f fields, name, param, what string) (v T, ok bool, err *serve.Error) {
	if !f.has(name) {
		return v, false, nil
	}
	if json.Unmarshal(f[name], &v) != nil {
		return v, false, invalid(param, param+" must be "+what)
	}
	return v, true, nil
}

// str decodes a string member ("" when absent).
func (f fields) str(name, param string) (string, *serve.Error) {
	s, _, err := get[string](f, name, param, "a string")
	return s, err
}

// object decodes an object member (nil when absent).
func (f fields) object(name, param string) (fields, *serve.Error) {
	if !f.has(name) {
		return nil, nil
	}
	return parseObject(f[name], param)
}

// list decodes an array member (nil when absent).
func (f fields) list(name, param string) ([]json.RawMessage, *serve.Error) {
	l, _, err := get[[]json.RawMessage](f, name, param, "an array")
	return l, err
}

// number decodes a number member within [lo, hi] (nil when absent).
func (f fields) number(name string, lo, hi float64) (*float64, *serve.Error) {
	n, ok, err := get[float64](f, name, name, "a number")
	if err != nil || !ok {
		return nil, err
	}
	if n < lo || n > hi {
		return nil, invalid(name, name+" must be between "+trimFloat(lo)+" and "+trimFloat(hi))
	}
	return &n, nil
}

// integer decodes an integer member (nil when absent).
func (f fields) integer(name string) (*int, *serve.Error) {
	n, ok, err := get[int](f, name, name, "an integer")
	if err != nil || !ok {
		return nil, err
	}
	return &n, nil
}

// boolean decodes a boolean member (nil when absent).
func (f fields) boolean(name string) (*bool, *serve.Error) {
	b, ok, err := get[bool](f, name, name, "true or false")
	if err != nil || !ok {
		return nil, err
	}
	return &b, nil
}

// metadata decodes metadata: up to 16 string values (model-api.md §8).
func (f fields) metadata() (map[string]string, *serve.Error) {
	md, _, err := get[map[string]string](f, "metadata", "metadata", "an object of string values")
	if err != nil {
		return nil, err
	}
	if len(md) > 16 {
		return nil, invalid("metadata", "metadata holds at most 16 values")
	}
	if md == nil {
		md = map[string]string{}
	}
	return md, nil
}

// trimFloat writes a bound without trailing zeros.
func trimFloat(x float64) string {
	b, _ := json.Marshal(x)
	return string(b)
}

// isJSON reports whether raw is the JSON value want (for example `false` or `"auto"`).
func isJSON(raw json.RawMessage, want ...string) bool {
	return slices.Contains(want, string(bytes.TrimSpace(raw)))
}
