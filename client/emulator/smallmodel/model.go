// Package smallmodel is the small deterministic model behind the emulator's /v1 endpoints. It is
// no language model and says so: it answers from the conversation (what the last message asked,
// what its images are), calls a function tool when the message names one or tool_choice requires
// one (with arguments generated to satisfy the tool's schema, from the message less the tool's
// name), answers in text from a tool's
// output once the conversation ends with it, and returns JSON that satisfies a json_schema format.
// The same conversation always gets the same answer.
package smallmodel

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Turn kinds of a conversation.
const (
	KindMessage = "message"
	KindCall    = "function_call"
	KindOutput  = "function_call_output"
)

// Image is what the model knows of an image: its type, size in pixels and bytes.
type Image struct {
	MIME          string
	Width, Height int
	Bytes         int
}

// Turn is one item of the conversation: a message (Role, Text, Images), a function call the
// model made earlier (Call), or a function's output (CallID, Text, Images).
type Turn struct {
	Kind   string
	Role   string // system, developer, user, assistant (messages); tool outputs have none
	Text   string
	Images []Image
	Call   Call   // KindCall
	CallID string // KindOutput
}

// Call is a function call: the caller gives it an id.
type Call struct {
	ID, Name, Arguments string
}

// Tool is a function tool the model may call.
type Tool struct {
	Name, Description string
	Parameters        Schema // nil: no arguments
}

// Choice is tool_choice: Mode auto, none, required or function (then Name is the tool).
type Choice struct {
	Mode, Name string
}

// Format is the requested answer format: Type text, json_object or json_schema (with Schema).
type Format struct {
	Type   string
	Schema Schema
}

// Request is everything the model reads.
type Request struct {
	Instructions string
	Turns        []Turn
	Tools        []Tool
	ToolChoice   Choice
	Parallel     bool // parallel_tool_calls: every named tool is called, else only the first
	Format       Format
}

// Reply is the model's answer: function calls (without ids), or text (JSON text for a JSON format).
type Reply struct {
	Text  string
	Calls []Call
}

// Intro is how every text answer starts, so that nobody takes the demo for a real model.
const Intro = "Lectern demo model (a small deterministic program, not a language model). "

// Answer answers req.
func Answer(req Request) Reply {
	if calls := toolCalls(req); len(calls) > 0 {
		return Reply{Calls: calls}
	}
	text := textAnswer(req)
	switch req.Format.Type {
	case "json_schema":
		b, _ := json.Marshal(Generate(req.Format.Schema, text))
		return Reply{Text: string(b)}
	case "json_object":
		b, _ := json.Marshal(map[string]string{"answer": text})
		return Reply{Text: string(b)}
	}
	return Reply{Text: text}
}

// toolCalls picks the calls to make: none when the conversation ends with a tool's output (the
// model then answers from it) unless tool_choice forces a call.
func toolCalls(req Request) []Call {
	if len(req.Tools) == 0 || req.ToolChoice.Mode == "none" {
		return nil
	}
	forced := req.ToolChoice.Mode == "required" || req.ToolChoice.Mode == "function"
	if endsWithOutput(req.Turns) && !forced {
		return nil
	}
	question := lastUserText(req.Turns)
	var picked []Tool
	switch {
	case req.ToolChoice.Mode == "function":
		picked = toolsNamed(req.Tools, req.ToolChoice.Name)
	default:
		picked = namedIn(req.Tools, question)
		if len(picked) == 0 && forced {
			picked = req.Tools[:1]
		}
	}
	if !req.Parallel && len(picked) > 1 {
		picked = picked[:1]
	}
	calls := make([]Call, 0, len(picked))
	for _, t := range picked {
		calls = append(calls, Call{Name: t.Name, Arguments: arguments(t, question)})
	}
	return calls
}

// arguments generates a tool's arguments from its schema ("{}" without one), its strings from
// the question less the tool's name: "web search: tides" searches for "tides".
func arguments(t Tool, question string) string {
	if t.Parameters == nil {
		return "{}"
	}
	b, _ := json.Marshal(Generate(t.Parameters, withoutName(question, t.Name)))
	return string(b)
}

// namedIn returns the tools whose names the text mentions (case-insensitively, with "_" or "-"
// read as spaces too).
func namedIn(tools []Tool, text string) []Tool {
	low := strings.ToLower(text)
	var out []Tool
	for _, t := range tools {
		name := strings.ToLower(t.Name)
		if strings.Contains(low, name) || strings.Contains(low, spacedName(name)) {
			out = append(out, t)
		}
	}
	return out
}

// spacedName is a tool name with "_" and "-" read as spaces.
func spacedName(name string) string { return strings.NewReplacer("_", " ", "-", " ").Replace(name) }

// withoutName removes the mentions of a tool's name (as namedIn finds them) from text, with the
// spaces and punctuation left at its ends; text as it was when nothing else is left.
func withoutName(text, name string) string {
	out := text
	for _, n := range []string{name, spacedName(name)} {
		out = regexp.MustCompile(`(?i)`+regexp.QuoteMeta(n)).ReplaceAllString(out, " ")
	}
	out = strings.Trim(strings.Join(strings.Fields(out), " "), " :,.;-")
	if out == "" {
		return text
	}
	return out
}

// toolsNamed returns the tool called name.
func toolsNamed(tools []Tool, name string) []Tool {
	for _, t := range tools {
		if t.Name == name {
			return []Tool{t}
		}
	}
	return nil
}

// endsWithOutput reports whether the last turn is a function's output.
func endsWithOutput(turns []Turn) bool {
	return len(turns) > 0 && turns[len(turns)-1].Kind == KindOutput
}

// lastUserText returns the text of the last user message.
func lastUserText(turns []Turn) string {
	if t := lastUser(turns); t != nil {
		return t.Text
	}
	return ""
}

// lastUser returns the last user message, nil when none.
func lastUser(turns []Turn) *Turn {
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].Kind == KindMessage && turns[i].Role == "user" {
			return &turns[i]
		}
	}
	return nil
}

// textAnswer writes the text answer: from the tool outputs that end the conversation, or about
// the last user message.
func textAnswer(req Request) string {
	if endsWithOutput(req.Turns) {
		return Intro + fromOutputs(req.Turns)
	}
	var b strings.Builder
	b.WriteString(Intro)
	u := lastUser(req.Turns)
	switch {
	case u == nil:
		b.WriteString("The conversation has no user message, so there is nothing to answer.")
	case strings.TrimSpace(u.Text) == "":
		b.WriteString("Your last message has no text.")
	default:
		fmt.Fprintf(&b, "You asked: \"%s\".", clip(u.Text, 200))
	}
	if u != nil && len(u.Images) > 0 {
		b.WriteString(" " + describeImages(u.Images))
	}
	if req.Instructions != "" {
		fmt.Fprintf(&b, " I was given instructions of %d characters.", len([]rune(req.Instructions)))
	}
	if len(req.Tools) > 0 {
		fmt.Fprintf(&b, " Name one of my %d tools to have me call it.", len(req.Tools))
	}
	return b.String()
}

// fromOutputs reports what the functions returned, in the order of their outputs.
func fromOutputs(turns []Turn) string {
	start := len(turns)
	for start > 0 && turns[start-1].Kind == KindOutput {
		start--
	}
	var parts []string
	for _, t := range turns[start:] {
		s := fmt.Sprintf("The function %s returned: %s.", callName(turns, t.CallID), clip(t.Text, 400))
		if len(t.Images) > 0 {
			s += " " + describeImages(t.Images)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// callName finds the name of the function call with id, "(unknown)" when it is not in turns.
func callName(turns []Turn, id string) string {
	for _, t := range turns {
		if t.Kind == KindCall && t.Call.ID == id {
			return t.Call.Name
		}
	}
	return "(unknown)"
}

// describeImages says how many images there are and their types and sizes.
func describeImages(imgs []Image) string {
	descs := make([]string, len(imgs))
	for i, im := range imgs {
		kind := strings.ToUpper(strings.TrimPrefix(im.MIME, "image/"))
		descs[i] = fmt.Sprintf("a %s of %dx%d pixels (%d bytes)", kind, im.Width, im.Height, im.Bytes)
	}
	noun := "images"
	if len(imgs) == 1 {
		noun = "image"
	}
	return fmt.Sprintf("You sent %d %s: %s.", len(imgs), noun, strings.Join(descs, ", "))
}

// clip shortens s to n characters with an ellipsis.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "..."
}

// Tokens estimates the tokens of text: a token is about four characters.
func Tokens(text string) int {
	return (len([]rune(text)) + 3) / 4
}

// ImageTokens is what one image counts toward the context window.
const ImageTokens = 85
