package mcpserver

import "github.com/google/jsonschema-go/jsonschema"

// schemaFor is the input schema the SDK would infer for T, to be refined (enumerations) before
// it is given to the tool.
func schemaFor[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic("mcpserver: no schema for a tool's input: " + err.Error()) // a programming error, caught by every test
	}
	return s
}
