package modelchat

import (
	"encoding/json"

	"lectern/app/records"
	"lectern/client"
)

// Demo mode shows every part of a model chat: its tiers (Instant without tools or vision, Fast
// and Smart with both) come from the demo server; the function and the schema below let its
// small model make a function call and a JSON answer. They are offered in demo mode only: a real
// server's model must not be told of a function nothing runs. The app's own tools (web search,
// workspaces, files), which it runs, are offered by a conversation's ToolSettings (chat_tools.go);
// the demo model calls one when a message names it ("web search: tides").

// DemoWeather is the demo's function: the demo model calls it when a message names it.
var DemoWeather = client.FunctionTool{Name: "get_weather", Description: "The weather of a city (demo: nothing runs it).",
	Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string","description":"The city"}},"required":["city"]}`)}

// DemoSchema is the demo's answer schema: a list of items with prices.
const DemoSchema = `{"type":"object","properties":{"items":{"type":"array","items":{"type":"object",` +
	`"properties":{"name":{"type":"string"},"price":{"type":"number"}},"required":["name","price"]}}},"required":["items"]}`

// Functions are the functions a model chat offers (AskOptions.Functions): in demo mode a
// get_weather function, which the demo model calls when a message names it; none otherwise.
func (c *Models) Functions() []client.FunctionTool {
	if !c.conn.DemoMode() {
		return nil
	}
	return []client.FunctionTool{DemoWeather}
}

// ExampleSchema is a JSON schema to try JSON answers with (a price list), for a pane to offer
// beside the saved schemas; it is not saved.
func ExampleSchema() records.SavedSchema {
	return records.SavedSchema{Name: "price_list", Schema: DemoSchema}
}
