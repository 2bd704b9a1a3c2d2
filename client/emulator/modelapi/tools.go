package modelapi

import (
	"cmp"
	"encoding/json"
	"regexp"
	"strconv"

	"lectern/client/emulator/internal/serve"
	"lectern/client/emulator/smallmodel"
)

// maxSchemaChars is the largest response schema (model-api.md §8).
const maxSchemaChars = 64000

// toolName is what a function name may look like.
var toolName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// decodeTools reads the tools array; nested reads chat's {type, function: {...}} form.
func decodeTools(raw []json.RawMessage, nested bool) ([]smallmodel.Tool, []json.RawMessage, *serve.Error) {
	var tools []smallmodel.Tool
	seen := map[string]bool{}
	for i, r := range raw {
		param := "tools[" + strconv.Itoa(i) + "]"
		t, err := decodeTool(r, param, nested)
		if err != nil {
			return nil, nil, err
		}
		if seen[t.Name] {
			return nil, nil, invalid(param+".name", "two tools are called '"+t.Name+"'")
		}
		seen[t.Name] = true
		tools = append(tools, t)
	}
	return tools, raw, nil
}

// decodeTool reads one function tool.
func decodeTool(raw json.RawMessage, param string, nested bool) (smallmodel.Tool, *serve.Error) {
	f, err := parseObject(raw, param)
	if err != nil {
		return smallmodel.Tool{}, err
	}
	if typ, err := f.str("type", param+".type"); err != nil || typ != "function" {
		return smallmodel.Tool{}, cmp.Or(err, bad("unsupported_tool", param+".type",
			"only function tools are taken, not "+clip(typ)))
	}
	if nested {
		if err := f.unknown(param+".", "type", "function"); err != nil {
			return smallmodel.Tool{}, err
		}
		param += ".function"
		if f, err = f.object("function", param); err != nil || f == nil {
			return smallmodel.Tool{}, cmp.Or(err, invalid(param, param+" is required"))
		}
	}
	return decodeFunction(f, param, nested)
}

// decodeFunction reads name, description, parameters and strict.
func decodeFunction(f fields, param string, nested bool) (smallmodel.Tool, *serve.Error) {
	known := []string{"name", "description", "parameters", "strict"}
	if !nested {
		known = append(known, "type")
	}
	if err := f.unknown(param+".", known...); err != nil {
		return smallmodel.Tool{}, err
	}
	name, err := f.str("name", param+".name")
	if err != nil || !toolName.MatchString(name) {
		return smallmodel.Tool{}, cmp.Or(err, invalid(param+".name",
			"a function name is 1 to 64 letters, digits, '_' or '-'"))
	}
	desc, err := f.str("description", param+".description")
	if err != nil {
		return smallmodel.Tool{}, err
	}
	if _, _, err := get[bool](f, "strict", param+".strict", "true or false"); err != nil {
		return smallmodel.Tool{}, err
	}
	t := smallmodel.Tool{Name: name, Description: desc}
	if f.has("parameters") {
		s, err := smallmodel.CheckSchema(f["parameters"])
		if err != nil {
			return t, schemaErr(err, "invalid_tool_schema", param+".parameters")
		}
		t.Parameters = s
	}
	return t, nil
}

// schemaErr words a schema error: unsupported_schema, or code for an invalid one.
func schemaErr(err error, code, param string) *serve.Error {
	se, _ := err.(*smallmodel.SchemaError)
	if se != nil && se.Unsupported {
		return bad("unsupported_schema", param, "the schema uses a feature that cannot be checked: "+se.Error())
	}
	return bad(code, param, "the schema is not valid: "+err.Error())
}

// decodeToolChoice reads tool_choice: auto, none, required, or a forced function given as
// {type function, name} (responses) or {type function, function {name}} (chat).
func decodeToolChoice(f fields, tools []smallmodel.Tool, nested bool) (smallmodel.Choice, *serve.Error) {
	if !f.has("tool_choice") {
		return smallmodel.Choice{Mode: "auto"}, nil
	}
	var mode string
	if json.Unmarshal(f["tool_choice"], &mode) == nil {
		switch {
		case mode != "auto" && mode != "none" && mode != "required":
			return smallmodel.Choice{}, invalid("tool_choice", "tool_choice must be auto, none, required or a function")
		case mode == "required" && len(tools) == 0:
			return smallmodel.Choice{}, invalid("tool_choice", "tool_choice required needs tools")
		}
		return smallmodel.Choice{Mode: mode}, nil
	}
	name, err := forcedName(f["tool_choice"], nested)
	if err != nil {
		return smallmodel.Choice{}, err
	}
	for _, t := range tools {
		if t.Name == name {
			return smallmodel.Choice{Mode: "function", Name: name}, nil
		}
	}
	return smallmodel.Choice{}, invalid("tool_choice", "tool_choice names no tool of this request")
}

// forcedName reads the function name of an object tool_choice.
func forcedName(raw json.RawMessage, nested bool) (string, *serve.Error) {
	var c struct {
		Type     string `json:"type"`
		Name     string `json:"name"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	if json.Unmarshal(raw, &c) != nil || c.Type != "function" {
		return "", invalid("tool_choice", "tool_choice must be auto, none, required or {type: function, ...}")
	}
	if nested {
		return c.Function.Name, nil
	}
	return c.Name, nil
}

// decodeFormat reads a text format object {type, name, schema, strict, description} (the
// json_schema members sit in schemaObj: the same object for responses, json_schema for chat).
func decodeFormat(f fields, param string, nested bool) (smallmodel.Format, *serve.Error) {
	typ, err := f.str("type", param+".type")
	if err != nil {
		return smallmodel.Format{}, bad("invalid_response_format", param+".type", "type must be a string")
	}
	switch typ {
	case "text", "json_object":
		return smallmodel.Format{Type: typ}, nil
	case "json_schema":
	default:
		return smallmodel.Format{}, bad("invalid_response_format", param+".type",
			"the format type must be text, json_object or json_schema")
	}
	obj := f
	if nested {
		param += ".json_schema"
		if obj, err = f.object("json_schema", param); err != nil || obj == nil {
			return smallmodel.Format{}, bad("invalid_response_format", param, "json_schema is required")
		}
	}
	return decodeSchemaFormat(obj, param)
}

// decodeSchemaFormat reads the name and schema of a json_schema format.
func decodeSchemaFormat(obj fields, param string) (smallmodel.Format, *serve.Error) {
	if name, err := obj.str("name", param+".name"); err != nil || !toolName.MatchString(name) {
		return smallmodel.Format{}, bad("invalid_response_format", param+".name",
			"a json_schema format needs a name of 1 to 64 letters, digits, '_' or '-'")
	}
	if !obj.has("schema") {
		return smallmodel.Format{}, bad("invalid_response_format", param+".schema", "a json_schema format needs a schema")
	}
	if len(obj["schema"]) > maxSchemaChars {
		return smallmodel.Format{}, bad("response_schema_too_large", param+".schema",
			"the schema may have at most 64,000 characters")
	}
	s, err := smallmodel.CheckSchema(obj["schema"])
	if err != nil {
		return smallmodel.Format{}, schemaErr(err, "invalid_response_format", param+".schema")
	}
	return smallmodel.Format{Type: "json_schema", Schema: s}, nil
}
