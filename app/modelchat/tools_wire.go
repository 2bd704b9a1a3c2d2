package modelchat

import (
	"strings"

	"lectern/app/records"
	"lectern/client"
)

// How the app's tool runs go to the model: within a turn as follow-up requests (addRound), and in
// the history of later messages, where each call the app answered is sent again with its output
// (function_call and function_call_output items; an assistant message with tool_calls and tool
// messages in chat completions), and a search run on a message goes with it as context.

// pairedParts returns the calls of parts that have an output, and those outputs, in order: a call
// nothing answered (a function of the caller's, a call left at MaxToolRounds) cannot be sent
// again without one.
func pairedParts(parts []records.TurnPart) []records.TurnPart {
	answered := map[string]bool{}
	for _, p := range parts {
		if p.Kind == records.PartFunctionOutput && p.Run != nil {
			answered[p.CallID] = true
		}
	}
	var out []records.TurnPart
	for _, p := range parts {
		if (p.Kind == records.PartFunctionCall || p.Kind == records.PartFunctionOutput) && answered[p.CallID] {
			out = append(out, p)
		}
	}
	return out
}

// contextOf returns the context a search run on the message added to it ("" when none ran).
func contextOf(parts []records.TurnPart) string {
	for _, p := range parts {
		if p.Kind == records.PartMessageContext && p.Run != nil && p.Run.State == records.ToolDone {
			return messageContext(p.Run.Output)
		}
	}
	return ""
}

// sent is the text of an exchange's message as sent: the question, then its context.
func (x exchange) sent() string {
	if x.context == "" {
		return x.question
	}
	return x.question + "\n\n" + x.context
}

// toolCost estimates what an exchange's tool parts add to a request: a message each.
func toolCost(x exchange) cost {
	c := cost{tokens: textTokens(x.context)}
	for _, p := range x.tools {
		c.tokens += messageTokens + textTokens(p.Name+p.Arguments)
		if p.Run != nil {
			c.tokens += textTokens(p.Run.Output)
		}
		c.messages++
	}
	return c
}

// responsesToolItems are the function_call and function_call_output items of parts.
func responsesToolItems(parts []records.TurnPart) []client.InputItem {
	var items []client.InputItem
	for _, p := range parts {
		switch {
		case p.Kind == records.PartFunctionCall:
			items = append(items, client.InputItem{Type: client.ItemFunctionCall, CallID: p.CallID, Name: p.Name, Arguments: p.Arguments})
		case p.Kind == records.PartFunctionOutput && p.Run != nil:
			items = append(items, client.InputItem{Type: client.ItemFunctionCallOutput, CallID: p.CallID, Output: p.Run.Output})
		}
	}
	return items
}

// chatToolMessages are the assistant messages with tool_calls (text, when given, in the first)
// and the tool messages of parts: each run of calls in one assistant message, then their outputs.
func chatToolMessages(text string, parts []records.TurnPart) []client.ChatMessage {
	var msgs []client.ChatMessage
	for _, p := range parts {
		switch {
		case p.Kind == records.PartFunctionCall:
			if n := len(msgs); n == 0 || msgs[n-1].Role != "assistant" {
				msgs = append(msgs, client.ChatMessage{Role: "assistant", Content: text})
				text = ""
			}
			last := &msgs[len(msgs)-1]
			last.ToolCalls = append(last.ToolCalls, client.ToolCall{ID: p.CallID, Type: "function", Name: p.Name, Arguments: p.Arguments})
		case p.Kind == records.PartFunctionOutput && p.Run != nil:
			msgs = append(msgs, client.ChatMessage{Role: "tool", ToolCallID: p.CallID, Content: p.Run.Output})
		}
	}
	return msgs
}

// addRound adds a round of the turn being answered to the request: the model's text and calls,
// and the outputs of the app's runs, for the follow-up request.
func (r *modelRequest) addRound(text string, parts []records.TurnPart) {
	if r.api == records.APIChat {
		r.chat.Messages = append(r.chat.Messages, chatToolMessages(text, parts)...)
		return
	}
	if strings.TrimSpace(text) != "" {
		r.responses.Input = append(r.responses.Input, client.InputItem{Type: client.ItemMessage, Role: "assistant",
			Content: []client.ContentPart{{Type: client.PartOutputText, Text: text}}})
	}
	r.responses.Input = append(r.responses.Input, responsesToolItems(parts)...)
}

// addContext adds context to the request's last user message (the new one): after its text.
func (r *modelRequest) addContext(context string) {
	if context == "" {
		return
	}
	if r.api == records.APIChat {
		for i := len(r.chat.Messages) - 1; i >= 0; i-- {
			if m := &r.chat.Messages[i]; m.Role == "user" {
				if len(m.Parts) > 0 {
					m.Parts[0].Text += "\n\n" + context
				} else {
					m.Content += "\n\n" + context
				}
				return
			}
		}
		return
	}
	for i := len(r.responses.Input) - 1; i >= 0; i-- {
		if it := &r.responses.Input[i]; it.Role == "user" && len(it.Content) > 0 {
			it.Content[0].Text += "\n\n" + context
			return
		}
	}
}
