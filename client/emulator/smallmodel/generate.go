package smallmodel

import (
	"maps"
	"math"
	"slices"
	"strings"
)

// Budgets of one generated value: hostile schemas (minItems 1e9, nested arrays) must not exhaust
// memory. A schema that needs more gets a value that fails it, and the server reports that.
const (
	maxNodes     = 10000
	maxPadding   = 4096
	maxArrayLead = 64
)

// Generate returns a value that satisfies s, a schema CheckSchema accepted (within the budgets
// above). Strings are taken from hint (the words of the question), cut or padded to the schema's
// lengths, so that the arguments say something about the conversation.
func Generate(s Schema, hint string) any {
	g := &generator{left: maxNodes}
	return g.value(s, hint)
}

// generator counts the values it may still make.
type generator struct{ left int }

// value generates one value of s.
func (g *generator) value(s Schema, hint string) any {
	g.left--
	if c, ok := s["const"]; ok {
		return c
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	switch pickType(s) {
	case "object":
		return g.object(s, hint)
	case "array":
		return g.array(s, hint)
	case "string":
		return fitString(hint, s)
	case "integer":
		return math.Ceil(number(s, numberDefault(s)))
	case "number":
		return number(s, numberDefault(s))
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

// object fills every property (strict schemas require them all), in name order.
func (g *generator) object(s Schema, hint string) map[string]any {
	props, _ := s["properties"].(map[string]any)
	out := map[string]any{}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		child, _ := props[name].(map[string]any)
		if g.left <= 0 {
			break
		}
		out[name] = g.value(child, hint)
	}
	return out
}

// array makes as many items as minItems asks (up to maxArrayLead), and at least one when
// maxItems allows it.
func (g *generator) array(s Schema, hint string) []any {
	n := 1
	if m, ok := s["minItems"].(float64); ok {
		n = max(n, min(int(m), maxArrayLead))
	}
	if m, ok := s["maxItems"].(float64); ok {
		n = min(n, int(m))
	}
	child, _ := s["items"].(map[string]any)
	n = max(n, 0)
	out := make([]any, 0, n)
	for i := 0; i < n && g.left > 0; i++ {
		out = append(out, g.value(child, hint))
	}
	return out
}

// numberDefault is the number a schema suggests, its default (what the tool's author chose), else 1.
func numberDefault(s Schema) float64 {
	if d, ok := s["default"].(float64); ok {
		return d
	}
	return 1
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
		for len(r) < min(int(m), maxPadding) {
			r = append(r, '.')
		}
	}
	return string(r)
}
