package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tool is one tool a server offers, as the tool loop offers it to a model.
type Tool struct {
	Server       string
	Name         string
	Title        string
	Description  string
	InputSchema  json.RawMessage // a JSON Schema object
	OutputSchema json.RawMessage // nil when the tool gives none
	ReadOnly     bool            // the server says it changes nothing
}

// Tools starts the server called name when it is not running and returns its tools.
func (m *Manager) Tools(ctx context.Context, name string) ([]Tool, error) {
	c, err := m.server(name)
	if err != nil {
		return nil, err
	}
	_, tools, err := c.connected(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Tool, 0, len(tools))
	for _, t := range tools {
		in, _ := json.Marshal(t.InputSchema)
		var outSchema json.RawMessage
		if t.OutputSchema != nil {
			outSchema, _ = json.Marshal(t.OutputSchema)
		}
		out = append(out, Tool{Server: name, Name: t.Name, Title: cmpTitle(t), Description: t.Description,
			InputSchema: in, OutputSchema: outSchema, ReadOnly: t.Annotations != nil && t.Annotations.ReadOnlyHint})
	}
	return out, nil
}

// cmpTitle is a tool's title: its own, its annotations', else its name.
func cmpTitle(t *mcp.Tool) string {
	switch {
	case t.Title != "":
		return t.Title
	case t.Annotations != nil && t.Annotations.Title != "":
		return t.Annotations.Title
	}
	return t.Name
}

// Progress is a progress notification of a running call.
type Progress struct {
	Progress, Total float64 // Total 0 when the server does not know it
	Message         string
}

// Result is what a call gave: its text (the text contents, else the structured content as JSON),
// whether the tool said it failed, and its structured content when it has one.
type Result struct {
	Text       string
	IsError    bool
	Structured json.RawMessage
}

// callSeq numbers the progress tokens of calls.
var callSeq atomic.Int64

// Call calls tool of the server called name with args (a JSON object), starting the server when
// needed; onProgress, when set, gets the call's progress notifications. Cancelling ctx cancels the
// call on the server (notifications/cancelled). A server that ends during the call gives an error
// that says so, with its last lines of stderr, and is started again by the next use (once).
func (m *Manager) Call(ctx context.Context, name, tool string, args json.RawMessage, onProgress func(Progress)) (Result, error) {
	c, err := m.server(name)
	if err != nil {
		return Result{}, err
	}
	s, _, err := c.connected(ctx)
	if err != nil {
		return Result{}, err
	}
	params := &mcp.CallToolParams{Name: tool, Arguments: args}
	if onProgress != nil {
		token := "lectern-" + strconv.FormatInt(callSeq.Add(1), 10)
		params.SetProgressToken(token)
		c.progress.Store(token, func(p *mcp.ProgressNotificationParams) {
			onProgress(Progress{Progress: p.Progress, Total: p.Total, Message: p.Message})
		})
		defer c.progress.Delete(token)
	}
	res, err := s.CallTool(ctx, params)
	if err != nil {
		return Result{}, c.callError(ctx, tool, err)
	}
	return resultOf(res), nil
}

// callError words a call that failed: cancelled, the server gone (with its stderr), or the
// server's own error.
func (c *conn) callError(ctx context.Context, tool string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%s: %s", c.cfg.Name, c.endedWords(err))
	}
	return fmt.Errorf("%s refused the call of %s: %v", c.cfg.Name, tool, err)
}

// resultOf is the result of res: its text contents joined, a line for each other content, and
// its structured content.
func resultOf(res *mcp.CallToolResult) Result {
	r := Result{IsError: res.IsError}
	var b strings.Builder
	for _, c := range res.Content {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		switch c := c.(type) {
		case *mcp.TextContent:
			b.WriteString(c.Text)
		case *mcp.ImageContent:
			fmt.Fprintf(&b, "[an image, %s, %d bytes]", c.MIMEType, len(c.Data))
		case *mcp.AudioContent:
			fmt.Fprintf(&b, "[audio, %s, %d bytes]", c.MIMEType, len(c.Data))
		case *mcp.ResourceLink:
			fmt.Fprintf(&b, "[a resource: %s %s]", c.Name, c.URI)
		case *mcp.EmbeddedResource:
			if c.Resource != nil && c.Resource.Text != "" {
				b.WriteString(c.Resource.Text)
			} else if c.Resource != nil {
				fmt.Fprintf(&b, "[a resource: %s]", c.Resource.URI)
			}
		}
	}
	r.Text = b.String()
	if res.StructuredContent != nil {
		r.Structured, _ = json.Marshal(res.StructuredContent)
		if r.Text == "" {
			r.Text = string(r.Structured)
		}
	}
	return r
}
