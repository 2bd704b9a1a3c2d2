package smallmodel

import (
	"maps"
	"math"
	"slices"
	"strings"
)

// Generate returns a value that satisfies s, a schema CheckSchema accepted. Strings are taken
// from hint (the words of the question), cut or padded to the schema's lengths, so that the
// arguments say something about the conversation.
func Generate(s Schema, hint string) any {
	if c, ok := s["const"]; ok {
		return c
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	switch pickType(s) {
	case "object":
		return generateObject(s, hint)
	case "array":
		return generateArray(s, hint)
	case "string":
		return fitString(hint, s)
	case "integer":
		return math.Ceil(number(s, 1))
	case "number":
		return number(s, 1)
	case "boolean":
		return true
	}
	return nil
}

// pickType chooses the type to generate: the first non-null type, or one implied by keywords.
func pickType(s Schema) string {
	for _, t := range typeNames(s) {
		if t != "null" {
			return t
		}
	}
	switch {
	case len(typeNames(s)) > 0:
		return "null"
	case s["properties"] != nil:
		return "object"
	case s["items"] != nil:
		return "array"
	}
	return "string"
}

// generateObject fills every property (strict schemas require them all), in name order.
func generateObject(s Schema, hint string) map[string]any {
	props, _ := s["properties"].(map[string]any)
	out := map[string]any{}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		child, _ := props[name].(map[string]any)
		out[name] = Generate(child, hint)
	}
	return out
}

// generateArray makes as many items as minItems asks, and at least one when maxItems allows it.
func generateArray(s Schema, hint string) []any {
	n := 1
	if m, ok := s["minItems"].(float64); ok {
		n = max(n, int(m))
	}
	if m, ok := s["maxItems"].(float64); ok {
		n = min(n, int(m))
	}
	child, _ := s["items"].(map[string]any)
	out := make([]any, 0, n)
	for range n {
		out = append(out, Generate(child, hint))
	}
	return out
}

// number returns def moved into the schema's minimum and maximum.
func number(s Schema, def float64) float64 {
	if m, ok := s["minimum"].(float64); ok && def < m {
		def = m
	}
	if m, ok := s["maximum"].(float64); ok && def > m {
		def = m
	}
	return def
}

// fitString cuts or pads hint to the schema's minLength and maxLength.
func fitString(hint string, s Schema) string {
	r := []rune(strings.TrimSpace(hint))
	if m, ok := s["maxLength"].(float64); ok && len(r) > int(m) {
		r = r[:int(m)]
	}
	if m, ok := s["minLength"].(float64); ok {
		for len(r) < int(m) {
			r = append(r, '.')
		}
	}
	return string(r)
}
