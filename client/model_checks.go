package client

import (
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The checks shared by both /v1 endpoints (model-api.md §4, §7 and §8), each naming the field at
// fault by its JSON path. A check that needs the tier's capabilities is skipped when the models
// list is not given (tier nil).

// Limits of the model endpoints checked before sending (model-api.md §8).
const (
	MaxImages        = 8
	MaxImageBytes    = 10 << 20
	MaxImagesBytes   = 20 << 20
	MaxInputItems    = 400
	MaxInputMessages = 100
	MaxSchemaChars   = 64000
	MaxToolNameChars = 64
)

// imageTypes are the image types a data: URL may carry.
var imageTypes = []string{"image/png", "image/jpeg", "image/webp", "image/gif", "image/bmp"}

// firstError returns the first error that is not nil.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// tierOf finds the tier of a request: nil (no error) when models is nil.
func tierOf(models []Model, name string) (*Model, error) {
	if strings.TrimSpace(name) == "" {
		return nil, missing("model")
	}
	if models == nil {
		return nil, nil
	}
	if m := FindModel(models, name); m != nil {
		return m, nil
	}
	names := make([]string, len(models))
	for i, m := range models {
		names[i] = m.ID
	}
	return nil, notAChoice("model", name, names...)
}

// imageRef is an image of a request and the field it sits in.
type imageRef struct{ field, url string }

// checkImages checks the images of a request against the tier and the limits of §8.
func checkImages(images []imageRef, tier *Model) error {
	if len(images) == 0 {
		return nil
	}
	if tier != nil && !tier.Capabilities.Vision {
		return &ValidationError{Field: images[0].field, Code: InvalidTierCannot, Value: tier.ID, Want: "vision"}
	}
	if len(images) > MaxImages {
		return tooMany(images[MaxImages].field, "image", len(images), MaxImages)
	}
	total := 0
	for _, img := range images {
		n, err := imageSize(img)
		if err != nil {
			return err
		}
		if total += n; total > MaxImagesBytes {
			return &ValidationError{Field: img.field, Code: InvalidTooLarge, Want: "images", Got: int64(total), Limit: MaxImagesBytes}
		}
	}
	return nil
}

// imageSize checks that an image is a base64 data: URL of a type the service reads, of at most
// 10 MiB, and returns its size.
func imageSize(img imageRef) (int, error) {
	meta, payload, ok := strings.Cut(strings.TrimPrefix(img.url, "data:"), ",")
	mime, enc, _ := strings.Cut(meta, ";")
	if !ok || !strings.HasPrefix(img.url, "data:") || enc != "base64" || !slices.Contains(imageTypes, strings.ToLower(mime)) {
		return 0, malformed(img.field, FormImageDataURL)
	}
	n := len(payload)*3/4 - strings.Count(payload[max(0, len(payload)-2):], "=")
	if n > MaxImageBytes {
		return 0, &ValidationError{Field: img.field, Code: InvalidTooLarge, Want: "image", Got: int64(n), Limit: MaxImageBytes}
	}
	return n, nil
}

// toolName is what a function name may hold.
var toolName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// checkTools checks function tools; field(i) is the path of tool i's definition.
func checkTools(tools []FunctionTool, tier *Model, field func(int) string) error {
	if len(tools) > 0 && tier != nil && !tier.Capabilities.Tools {
		return &ValidationError{Field: "tools", Code: InvalidTierCannot, Value: tier.ID, Want: "tools"}
	}
	seen := map[string]bool{}
	for i, t := range tools {
		switch {
		case !toolName.MatchString(t.Name):
			return malformed(field(i)+".name", FormFunctionName)
		case seen[t.Name]:
			return &ValidationError{Field: field(i) + ".name", Code: InvalidDuplicate, Value: t.Name}
		case t.Parameters != nil && !isJSONObject(t.Parameters):
			return malformed(field(i)+".parameters", FormJSONObject)
		}
		seen[t.Name] = true
	}
	return nil
}

// checkToolChoice checks tool_choice against the tools sent.
func checkToolChoice(tc *ToolChoice, tools []FunctionTool) error {
	switch {
	case tc == nil:
		return nil
	case tc.Function != "" && tc.Mode != "":
		return &ValidationError{Field: "tool_choice", Code: InvalidConflict, Value: "mode", Want: "function"}
	case tc.Function != "" && !slices.ContainsFunc(tools, func(t FunctionTool) bool { return t.Name == tc.Function }):
		return notAChoice("tool_choice", tc.Function, toolNames(tools)...)
	case tc.Function == "" && !slices.Contains([]string{"auto", "none", "required"}, tc.Mode):
		return notAChoice("tool_choice", tc.Mode, "auto", "none", "required")
	case tc.Mode == "required" && len(tools) == 0:
		return &ValidationError{Field: "tool_choice", Code: InvalidMissing, Want: "tools"}
	}
	return nil
}

// checkMaxTokens checks the longest answer asked for against the tier's limit: with tools, its
// max_output_tokens_with_tools.
func checkMaxTokens(field string, n int, tier *Model, withTools bool) error {
	if n < 0 {
		return outOfRange(field, strconv.Itoa(n), "0", "")
	}
	if tier == nil {
		return nil
	}
	limit := tier.MaxOutputTokens
	if withTools && tier.MaxOutputTokensWithTools > 0 {
		limit = tier.MaxOutputTokensWithTools
	}
	if limit > 0 && n > limit {
		return outOfRange(field, strconv.Itoa(n), "0", strconv.Itoa(limit))
	}
	return nil
}

// checkSampling checks temperature (0 to 2) and top_p (0 to 1), never both.
func checkSampling(temperature, topP *float64) error {
	switch {
	case outside(temperature, 0, 2):
		return outOfRange("temperature", number(*temperature), "0", "2")
	case outside(topP, 0, 1):
		return outOfRange("top_p", number(*topP), "0", "1")
	case temperature != nil && topP != nil:
		return &ValidationError{Field: "top_p", Code: InvalidConflict, Value: "top_p", Want: "temperature"}
	}
	return nil
}

// number writes a float as the request would carry it.
func number(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// toolNames are the names of tools.
func toolNames(tools []FunctionTool) []string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	return names
}

// outside reports a value that is set and not within [lo, hi].
func outside(v *float64, lo, hi float64) bool {
	return v != nil && (math.IsNaN(*v) || *v < lo || *v > hi)
}

// checkFormat checks text.format (response_format); typeField, nameField and schemaField are
// the paths of its parts.
func checkFormat(f *TextFormat, typeField, nameField, schemaField string) error {
	switch {
	case f == nil:
		return nil
	case !slices.Contains([]string{"text", "json_object", "json_schema"}, f.Type):
		return notAChoice(typeField, f.Type, "text", "json_object", "json_schema")
	case f.Type != "json_schema":
		return nil
	case strings.TrimSpace(f.Name) == "":
		return missing(nameField)
	case !isJSONObject(f.Schema):
		return malformed(schemaField, FormJSONObject)
	case chars(string(f.Schema)) > MaxSchemaChars:
		return tooLong(schemaField, chars(string(f.Schema)), MaxSchemaChars)
	}
	return nil
}

// isJSONObject reports a JSON object.
func isJSONObject(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(raw, &m) == nil && m != nil
}

// markedText is text where the service reserves the image markers: a tool's definition, a
// schema, a call's arguments.
type markedText struct{ field, text string }

// checkMarkers refuses [img] and [img- in tool definitions, schemas and call arguments of a
// request with images (model-api.md §4); in ordinary text the server adds a space itself.
func checkMarkers(hasImages bool, texts []markedText) error {
	if !hasImages {
		return nil
	}
	for _, t := range texts {
		if strings.Contains(t.text, "[img]") || strings.Contains(t.text, "[img-") {
			return &ValidationError{Field: t.field, Code: InvalidReserved}
		}
	}
	return nil
}

// toolTexts are the marked texts of tool definitions; field(i) is the path of tool i.
func toolTexts(tools []FunctionTool, field func(int) string) []markedText {
	var out []markedText
	for i, t := range tools {
		out = append(out, markedText{field(i) + ".name", t.Name}, markedText{field(i) + ".description", t.Description},
			markedText{field(i) + ".parameters", string(t.Parameters)})
	}
	return out
}
