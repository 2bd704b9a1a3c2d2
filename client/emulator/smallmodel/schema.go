package smallmodel

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
)

// Schema is a decoded JSON schema object.
type Schema = map[string]any

// SchemaError says why a schema cannot be used: Unsupported is a feature the model cannot check
// (model-api.md §7 unsupported_schema); otherwise the schema is invalid.
type SchemaError struct {
	Path        string // where in the schema, for example "properties.city.type"
	Unsupported bool
	Reason      string
}

// Error implements error.
func (e *SchemaError) Error() string { return e.Path + ": " + e.Reason }

// checkable are the keywords the model can check; any other keyword is unsupported.
var checkable = []string{"type", "properties", "required", "items", "enum", "const", "description",
	"title", "default", "additionalProperties", "minimum", "maximum", "minLength", "maxLength",
	"minItems", "maxItems", "$schema"}

// types are the JSON schema type names.
var types = []string{"object", "array", "string", "number", "integer", "boolean", "null"}

// CheckSchema reports whether raw is a schema the model can satisfy and check: a JSON object
// using only the keywords above, with well-formed values.
func CheckSchema(raw json.RawMessage) (Schema, error) {
	var s Schema
	if json.Unmarshal(raw, &s) != nil || s == nil {
		return nil, &SchemaError{Path: "", Reason: "a schema must be a JSON object"}
	}
	return s, check(s, "")
}

// check walks one schema node.
func check(s Schema, path string) error {
	for _, k := range slices.Sorted(maps.Keys(s)) {
		if !slices.Contains(checkable, k) {
			return &SchemaError{Path: join(path, k), Unsupported: true, Reason: "keyword " + k + " is not supported"}
		}
	}
	if err := checkType(s["type"], join(path, "type")); err != nil {
		return err
	}
	if err := checkChildren(s, path); err != nil {
		return err
	}
	if req, ok := s["required"]; ok && !stringList(req) {
		return &SchemaError{Path: join(path, "required"), Reason: "required must be a list of names"}
	}
	if e, ok := s["enum"]; ok {
		if list, ok := e.([]any); !ok || len(list) == 0 {
			return &SchemaError{Path: join(path, "enum"), Reason: "enum must be a non-empty list"}
		}
	}
	return checkBounds(s, path)
}

// checkBounds checks the numeric keywords: lengths and counts are whole numbers from 0 to 1e9.
func checkBounds(s Schema, path string) error {
	for _, k := range []string{"minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems"} {
		v, ok := s[k]
		if !ok {
			continue
		}
		n, isNum := v.(float64)
		if !isNum {
			return &SchemaError{Path: join(path, k), Reason: k + " must be a number"}
		}
		if k != "minimum" && k != "maximum" && (n < 0 || n > 1e9 || n != math.Trunc(n)) {
			return &SchemaError{Path: join(path, k), Reason: k + " must be a whole number from 0 to 1e9"}
		}
	}
	return nil
}

// checkType checks the type keyword: a type name or a list of them.
func checkType(t any, path string) error {
	switch t := t.(type) {
	case nil:
		return nil
	case string:
		if slices.Contains(types, t) {
			return nil
		}
	case []any:
		if len(t) > 0 && stringList(t) {
			for _, x := range t {
				if !slices.Contains(types, x.(string)) {
					return &SchemaError{Path: path, Reason: "unknown type " + fmt.Sprint(x)}
				}
			}
			return nil
		}
	}
	return &SchemaError{Path: path, Reason: "type must be a JSON schema type name"}
}

// checkChildren checks properties, items and additionalProperties.
func checkChildren(s Schema, path string) error {
	if p, ok := s["properties"]; ok {
		props, ok := p.(map[string]any)
		if !ok {
			return &SchemaError{Path: join(path, "properties"), Reason: "properties must be an object"}
		}
		for _, name := range slices.Sorted(maps.Keys(props)) {
			child, ok := props[name].(map[string]any)
			if !ok {
				return &SchemaError{Path: join(path, "properties."+name), Reason: "a property's schema must be an object"}
			}
			if err := check(child, join(path, "properties."+name)); err != nil {
				return err
			}
		}
	}
	if it, ok := s["items"]; ok {
		child, ok := it.(map[string]any)
		if !ok {
			return &SchemaError{Path: join(path, "items"), Reason: "items must be a schema object"}
		}
		if err := check(child, join(path, "items")); err != nil {
			return err
		}
	}
	if ap, ok := s["additionalProperties"]; ok {
		if _, isBool := ap.(bool); !isBool {
			return &SchemaError{Path: join(path, "additionalProperties"), Unsupported: true,
				Reason: "additionalProperties must be true or false"}
		}
	}
	return nil
}

// Valid reports whether v (decoded JSON) satisfies schema s, one that CheckSchema accepted.
func Valid(s Schema, v any) bool {
	if c, ok := s["const"]; ok && !equalJSON(c, v) {
		return false
	}
	if e, ok := s["enum"].([]any); ok && !slices.ContainsFunc(e, func(x any) bool { return equalJSON(x, v) }) {
		return false
	}
	if !typeMatches(s, v) {
		return false
	}
	switch v := v.(type) {
	case string:
		n := float64(len([]rune(v)))
		return inRange(s, "minLength", "maxLength", n)
	case float64:
		return inRange(s, "minimum", "maximum", v)
	case []any:
		return inRange(s, "minItems", "maxItems", float64(len(v))) && allItems(s, v)
	case map[string]any:
		return validObject(s, v)
	}
	return true
}

// typeMatches checks the type keyword.
func typeMatches(s Schema, v any) bool {
	names := typeNames(s)
	if len(names) == 0 {
		return true
	}
	return slices.ContainsFunc(names, func(t string) bool { return isType(t, v) })
}

// isType reports whether v is of the JSON schema type t.
func isType(t string, v any) bool {
	switch v := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case float64:
		return t == "number" || (t == "integer" && v == math.Trunc(v))
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	}
	return false
}

// validObject checks required, properties and additionalProperties.
func validObject(s Schema, v map[string]any) bool {
	props, _ := s["properties"].(map[string]any)
	for _, r := range strings_(s["required"]) {
		if _, ok := v[r]; !ok {
			return false
		}
	}
	for k, x := range v {
		child, known := props[k].(map[string]any)
		if !known {
			if s["additionalProperties"] == false {
				return false
			}
			continue
		}
		if !Valid(child, x) {
			return false
		}
	}
	return true
}

// allItems checks every element of an array against items.
func allItems(s Schema, v []any) bool {
	child, ok := s["items"].(map[string]any)
	if !ok {
		return true
	}
	for _, x := range v {
		if !Valid(child, x) {
			return false
		}
	}
	return true
}

// inRange checks n against the optional bounds named lo and hi.
func inRange(s Schema, lo, hi string, n float64) bool {
	if m, ok := s[lo].(float64); ok && n < m {
		return false
	}
	if m, ok := s[hi].(float64); ok && n > m {
		return false
	}
	return true
}

// typeNames returns the type keyword as a list.
func typeNames(s Schema) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		return strings_(t)
	}
	return nil
}

// strings_ returns the strings of a JSON list (others left out).
func strings_(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// stringList reports whether v is a JSON list of strings.
func stringList(v any) bool {
	list, ok := v.([]any)
	return ok && len(strings_(list)) == len(list)
}

// equalJSON compares two decoded JSON values.
func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// join appends a keyword to a schema path.
func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}
