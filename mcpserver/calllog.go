package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"lectern/internal/atomicfile"
	"lectern/internal/words"
)

// CallLogFile is the name of the log of calls from hosts in the data folder: one JSON object a
// line, the newest last, read by the desktop's Settings → Use your workspaces in other apps.
const CallLogFile = "mcp-calls.jsonl"

// Every host may start its own `lectern mcp`: each appends whole lines, and the file is cut back
// to the newest keptCalls lines once it passes maxLogBytes.
const (
	keptCalls   = 100
	maxLogBytes = 128 << 10
)

// Call is one call from a host, as the log keeps it. It holds what was asked, never the key.
type Call struct {
	Time    time.Time `json:"time"`
	Host    string    `json:"host"`
	Tool    string    `json:"tool"`
	Summary string    `json:"summary,omitempty"` // the workspace and the question, cut
	Error   string    `json:"error,omitempty"`   // the app's words when the call failed
	Millis  int64     `json:"ms"`
}

// CallLog appends calls to the log file of a data folder.
type CallLog struct {
	path string
	mu   sync.Mutex
}

// NewCallLog returns the call log of the data folder home.
func NewCallLog(home string) *CallLog { return &CallLog{path: filepath.Join(home, CallLogFile)} }

// Add appends c; a log that cannot be written is left as it is (a call does not fail for it).
func (l *CallLog) Add(c Call) {
	line, err := json.Marshal(c)
	if err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	_, _ = f.Write(append(line, '\n'))
	info, err := f.Stat()
	f.Close()
	if err == nil && info.Size() > maxLogBytes {
		if calls, err := RecentCalls(filepath.Dir(l.path), keptCalls); err == nil {
			_ = writeCalls(l.path, calls)
		}
	}
}

// writeCalls replaces the log at path by calls.
func writeCalls(path string, calls []Call) error {
	var b bytes.Buffer
	for _, c := range calls {
		line, _ := json.Marshal(c)
		b.Write(append(line, '\n'))
	}
	return atomicfile.WriteFile(path, b.Bytes(), 0o600)
}

// RecentCalls returns the newest n calls of the log of the data folder home, oldest first; none
// when there is no log yet. A line that is not a call (a cut write) is skipped.
func RecentCalls(home string, n int) ([]Call, error) {
	f, err := os.Open(filepath.Join(home, CallLogFile))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var calls []Call
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		var c Call
		if json.Unmarshal(sc.Bytes(), &c) == nil && c.Tool != "" {
			calls = append(calls, c)
		}
	}
	if len(calls) > n {
		calls = calls[len(calls)-n:]
	}
	return calls, sc.Err()
}

// summarizer is a tool's input that says what the log keeps of it: its workspace and question, cut.
type summarizer interface{ summary() string }

func (in DocumentsInput) summary() string { return in.Workspace }
func (in AskInput) summary() string       { return words.Cut(in.Workspace+": "+in.Question, 120) }
func (in UploadInput) summary() string {
	return words.Cut(in.Workspace+": "+filepath.Base(in.Path), 120)
}

// logged wraps a tool's handler so that each call is added to the call log.
func logged[In, Out any](h *handlers, tool string, fn mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		start := h.b.Now()
		res, out, err := fn(ctx, req, in)
		if h.b.Log == nil {
			return res, out, err
		}
		c := Call{Time: start, Host: hostName(req.Session), Tool: tool, Millis: h.b.Now().Sub(start).Milliseconds()}
		if s, ok := any(in).(summarizer); ok {
			c.Summary = s.summary()
		}
		switch {
		case err != nil:
			c.Error = err.Error()
		case res != nil && res.IsError:
			c.Error = "refused"
		}
		h.b.Log.Add(c)
		return res, out, err
	}
}
