package records

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

// The runs of tools kept in a turn's parts, and a model chat's tool settings.

// ToolKind names one of the app's tools; it is the name of the function the model is offered.
type ToolKind string

// The app's tools.
const (
	ToolWebSearch ToolKind = "web_search"        // POST /websearch
	ToolWorkspace ToolKind = "consult_workspace" // the workspace ask (POST /workspace) of a workspace to consult
	ToolGenerate  ToolKind = "generate_file"     // POST /generate
)

// ToolState is where the run of one tool call stands.
type ToolState string

// The states of a tool run, in the order they can come. Done, refused and failed are final.
const (
	ToolWaitingConsent ToolState = "waiting_for_consent" // the Consent hook is asked
	ToolRunning        ToolState = "running"             // the request is on its way
	// ToolWaitingLimit: the tools' shared limit (model-api.md §8) refused the request; it runs
	// once more at ToolRun.Until (a countdown to show), never before.
	ToolWaitingLimit ToolState = "waiting_for_limit"
	ToolDone         ToolState = "done"    // ran; the output went back to the model
	ToolRefused      ToolState = "refused" // the person did not allow it (Reason says so to the model too)
	ToolFailed       ToolState = "failed"  // not run or run without a result: Reason says why, in words
	// ToolStopped: the answer was stopped (Stop) while the call ran; it may have done part of
	// its work, so it is not said "not run".
	ToolStopped ToolState = "stopped"
)

// Final reports whether the run has ended (done, refused, failed or stopped).
func (s ToolState) Final() bool {
	return s == ToolDone || s == ToolRefused || s == ToolFailed || s == ToolStopped
}

// ToolRun is the run of one tool call (a PartFunctionOutput), or of the search run on a message
// (a PartMessageContext), as a card shows it. Only the result of its kind is set.
type ToolRun struct {
	Tool  ToolKind  `json:"tool"`
	State ToolState `json:"state"`
	// Until is when a run waiting for the shared limit goes again (ToolWaitingLimit).
	Until time.Time `json:"until,omitzero"`
	// Started is when the run last began running (ToolRunning): a card counts the time from it.
	Started time.Time `json:"started,omitzero"`
	// Reason says, in words, why a run failed or was refused (internet_access_blocked among them).
	Reason string `json:"reason,omitempty"`
	// Output is the text sent back to the model (or with the message, as context), capped at
	// MaxToolOutput; CutNote says the cut in words when there was one.
	Output  string `json:"output,omitempty"`
	CutNote string `json:"cut_note,omitempty"`

	Search    *SearchRun    `json:"search,omitempty"`
	Workspace *WorkspaceRun `json:"workspace,omitempty"`
	File      *FileRun      `json:"file,omitempty"`
	MCP       *MCPRun       `json:"mcp,omitempty"`
}

// MCPRun is what the card of an MCP server's tool shows: the server, the tool (its title), the
// arguments it was called with, how far it got while it ran, the text it gave, and whether the
// tool said it failed.
type MCPRun struct {
	Server    string       `json:"server"`
	Tool      string       `json:"tool"`
	Title     string       `json:"title,omitempty"`
	Arguments string       `json:"arguments,omitempty"`
	Progress  *MCPProgress `json:"progress,omitempty"` // the last progress the server sent; nil: none
	Result    string       `json:"result,omitempty"`
	IsError   bool         `json:"is_error,omitempty"`
}

// MCPProgress is the last progress notification of a call (MCP notifications/progress): how far
// it is, of what total (0 when the server does not know it), and the server's message.
type MCPProgress struct {
	Progress float64 `json:"progress"`
	Total    float64 `json:"total,omitempty"`
	Message  string  `json:"message,omitempty"`
}

// Fraction is how much of the total is done, from 0 to 1; -1 when the total is not known.
func (p MCPProgress) Fraction() float64 {
	if p.Total <= 0 {
		return -1
	}
	return min(max(p.Progress/p.Total, 0), 1)
}

// Words says the progress in one line: "2 of 5 (40%): Indexing", or "3 so far: Indexing" when
// the total is not known. The message is the server's, made safe to show.
func (p MCPProgress) Words() string {
	n := strconv.FormatFloat(p.Progress, 'f', -1, 64)
	w := n + " so far"
	if f := p.Fraction(); f >= 0 {
		w = n + " of " + strconv.FormatFloat(p.Total, 'f', -1, 64) + " (" + strconv.Itoa(int(f*100)) + "%)"
	}
	if m := safetext.OneLine(p.Message); m != "" {
		w += ": " + words.Cut(m, 200)
	}
	return w
}

// SearchRun is what a web search card shows: the queries, each result's title, domain and link,
// the status (ok, partial, no_results; StatusText in words) and the warnings.
type SearchRun struct {
	Queries  []string     `json:"queries"`
	Status   string       `json:"status,omitempty"`
	Degraded bool         `json:"degraded,omitempty"` // the provider said it was degraded
	Results  []SearchLink `json:"results,omitempty"`
	Warnings []string     `json:"warnings,omitempty"` // each in one line, as the server sent it
}

// SearchLink is one result of a search.
type SearchLink struct {
	Title  string `json:"title"`
	Domain string `json:"domain,omitempty"`
	URL    string `json:"url"`
}

// StatusText says the search's status in words ("" for ok).
func (s *SearchRun) StatusText() string { return SearchStatusText(s.Status, s.Degraded) }

// WorkspaceRun is what a workspace card shows: the workspace asked, the question, the answer and
// its sources.
type WorkspaceRun struct {
	WorkspaceID string                `json:"workspace_id"`
	Workspace   string                `json:"workspace,omitempty"` // its name, when known
	Question    string                `json:"question"`
	Answer      string                `json:"answer,omitempty"`
	Found       *bool                 `json:"found,omitempty"`
	Sources     []client.AnswerSource `json:"sources,omitempty"`
}

// FileRun is what a generated-file card shows: the prompt, the text /generate wrote, and the file
// (title, kind, size, pages, expiry; nil when no file was made). App.DownloadArtifact saves it.
type FileRun struct {
	Prompt   string                 `json:"prompt"`
	Response string                 `json:"response,omitempty"`
	Artifact *client.OfficeArtifact `json:"artifact,omitempty"`
}

// ToolSettings are a model conversation's tools, saved with it: what the model is offered on a
// tier with tools, and (web search) what runs on each message on a tier without.
type ToolSettings struct {
	WebSearch  bool     `json:"web_search,omitempty"`
	Files      bool     `json:"files,omitempty"`      // generate_file
	Workspaces []string `json:"workspaces,omitempty"` // ids of the workspaces to consult
	// MCPServers are the names of the MCP servers whose tools are offered (Settings > Tools).
	MCPServers []string `json:"mcp_servers,omitempty"`
	// Allowed are the tools the person allowed for every call of this conversation
	// (ConsentAlways); a call of another tool asks first.
	Allowed []ToolKind `json:"allowed,omitempty"`
}

// Any reports whether any tool is on.
func (s ToolSettings) Any() bool {
	return s.WebSearch || s.Files || len(s.Workspaces) > 0 || len(s.MCPServers) > 0
}

// Allows reports whether calls of tool run without asking.
func (s ToolSettings) Allows(tool ToolKind) bool { return slices.Contains(s.Allowed, tool) }

// SearchStatusText says a search status in words; unknown statuses are shown as they come.
func SearchStatusText(status string, degraded bool) string {
	s := ""
	switch status {
	case client.SearchOK:
		s = ""
	case client.SearchPartial:
		s = "Some of the search did not answer; the results are partial."
	case client.SearchNoResults:
		s = "Nothing was found. Try other or fewer words."
	default:
		s = "Search status: " + safetext.OneLine(status) + "."
	}
	if degraded {
		s = strings.TrimSpace(s + " The search provider was degraded.")
	}
	return s
}
