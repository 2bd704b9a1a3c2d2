package cli

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/mcp"
	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

// The app's tools on the command line: `lectern chat --web`, `--workspace WS`, `--files DIR` run
// the tool loop of the desktop app, with a line on stderr per tool call. A call runs only when
// allowed: all of them with --yes; else each is asked on the terminal when stdin is one, and
// refused when it is not (saying how to allow it).

// toolFlags are the tool flags of chat.
type toolFlags struct {
	web        bool
	workspaces []string
	filesDir   string
	mcp        []string // the MCP servers whose tools are offered
	yes        bool
}

// add registers the flags on fs.
func (t *toolFlags) add(fs *flag.FlagSet) {
	fs.BoolVar(&t.web, "web", false, "web search")
	fs.Func("workspace", "a workspace to consult", func(ws string) error { t.workspaces = append(t.workspaces, ws); return nil })
	fs.StringVar(&t.filesDir, "files", "", "generate files, saved in DIR")
	fs.Func("mcp", "an MCP server whose tools are offered", func(name string) error { t.mcp = append(t.mcp, name); return nil })
	fs.BoolVar(&t.yes, "yes", false, "allow every tool call")
}

// settings are the conversation's tools from the flags; nil when none was given, so that a
// continued conversation keeps the tools it has.
func (t *toolFlags) settings() *records.ToolSettings {
	if !t.web && len(t.workspaces) == 0 && t.filesDir == "" && len(t.mcp) == 0 {
		return nil
	}
	return &records.ToolSettings{WebSearch: t.web, Workspaces: t.workspaces, Files: t.filesDir != "", MCPServers: t.mcp}
}

// mcpServerList is what --mcp is checked against: the MCP servers added (app/mcp.Servers).
type mcpServerList interface {
	List() ([]mcp.Server, error)
}

// checkMCP refuses an --mcp name that is not one of the MCP servers added (lectern mcp add).
func (t *toolFlags) checkMCP(servers mcpServerList) error {
	if len(t.mcp) == 0 {
		return nil
	}
	added, err := servers.List()
	if err != nil {
		return err
	}
	for _, name := range t.mcp {
		if !slices.ContainsFunc(added, func(s mcp.Server) bool { return s.Name == name }) {
			return localf("there is no MCP server called %q: \"lectern mcp servers\" lists them, \"lectern mcp add FILE\" adds "+
				"the servers of an mcpServers JSON file (or the desktop app's Settings > Tools > MCP servers)", name)
		}
	}
	return nil
}

// consent is the consent hook of the flags: --yes allows, a terminal on stdin asks, else refuse.
func (t *toolFlags) consent(e *env) conversations.ConsentFunc {
	switch {
	case t.yes:
		return func(context.Context, conversations.ConsentRequest) conversations.Consent {
			return conversations.ConsentOnce
		}
	case e.stdinIsTerminal():
		in := bufio.NewReader(e.stdin)
		return func(ctx context.Context, r conversations.ConsentRequest) conversations.Consent {
			return askConsent(ctx, e.stderr, in, r)
		}
	}
	return func(_ context.Context, r conversations.ConsentRequest) conversations.Consent {
		fmt.Fprintf(e.stderr, "lectern: %s: not allowed: stdin is not a terminal to ask on; run with --yes to allow tool calls\n",
			safetext.OneLine(r.Summary))
		return conversations.ConsentRefuse
	}
}

// askConsent asks on the terminal whether the call may run: y (this call), a (always in this
// conversation), anything else refuses; Ctrl-C (ctx) refuses.
func askConsent(ctx context.Context, w io.Writer, in *bufio.Reader, r conversations.ConsentRequest) conversations.Consent {
	fmt.Fprintf(w, "lectern: %s? [y] yes, [a] always in this conversation, [N] no: ", safetext.OneLine(r.Summary))
	line := make(chan string, 1)
	go func() {
		s, _ := in.ReadString('\n')
		line <- s
	}()
	select {
	case <-ctx.Done():
		fmt.Fprintln(w)
		return conversations.ConsentRefuse
	case s := <-line:
		if !strings.HasSuffix(s, "\n") {
			fmt.Fprintln(w) // the input ended without a line
		}
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "y", "yes":
			return conversations.ConsentOnce
		case "a", "always":
			return conversations.ConsentAlways
		}
		return conversations.ConsentRefuse
	}
}

// stdinIsTerminal reports whether stdin is a terminal (tests may say so through e.stdinTerminal):
// a character device other than the null device, which is one too.
func (e *env) stdinIsTerminal() bool {
	if e.stdinTerminal != nil {
		return *e.stdinTerminal
	}
	f, ok := e.stdin.(*os.File)
	if !ok || !isCharDevice(f) {
		return false
	}
	in, err := f.Stat()
	null, nerr := os.Stat(os.DevNull)
	return err == nil && (nerr != nil || !os.SameFile(in, null))
}

// toolLines prints a line on stderr per tool call as it ends (and when it waits for the tools'
// shared limit), the stage line cleared first, then passes the update on to next. How far a
// running call is (an MCP tool's progress) is shown on the stage line on a terminal, updated in
// place, and otherwise in a line on stderr at each change.
func toolLines(e *env, p *answerPrinter, next func(events.TurnChanged)) func(events.TurnChanged) {
	shown := map[int]records.ToolState{}
	progress := map[int]string{} // the progress last shown of each call
	return func(ev events.TurnChanged) {
		live := ""
		for i, part := range ev.Parts {
			r := part.Run
			if r != nil && r.State == records.ToolWaitingConsent {
				p.clearStage() // the question goes on a line of its own
			}
			if said := runningProgress(part); said != "" && said != progress[i] {
				progress[i] = said
				live = said
				if !p.live {
					fmt.Fprintf(e.stderr, "lectern: tool: %s\n", records.ToolLine(part, time.Now()))
				}
			}
			if r == nil || shown[i] == r.State || (!r.State.Final() && r.State != records.ToolWaitingLimit) {
				continue
			}
			shown[i] = r.State
			p.clearStage()
			fmt.Fprintf(e.stderr, "lectern: tool: %s\n", records.ToolLine(part, time.Now()))
		}
		next(ev)
		if live != "" {
			p.stageLine("(" + words.Cut(live, 76) + "…)")
		}
	}
}

// runningProgress is how far the running call of part is, with the tool's name, as its server
// said: "Echo Tool: 2 of 5 (40%)"; "" when it is not running or said nothing.
func runningProgress(part records.TurnPart) string {
	r := part.Run
	if r == nil || r.State != records.ToolRunning || r.MCP == nil || r.MCP.Progress == nil {
		return ""
	}
	return safetext.OneLine(cmp.Or(r.MCP.Title, r.MCP.Tool)) + ": " + r.MCP.Progress.Words()
}

// saveFiles downloads the files the turn's tools made into dir ("": none), as `lectern generate`
// does, the messages on stderr.
func saveFiles(e *env, d artifactDownloader, turn records.Turn, dir string) error {
	if dir == "" {
		return nil
	}
	for _, part := range turn.Parts {
		if part.Run == nil || part.Run.File == nil || part.Run.File.Artifact == nil {
			continue
		}
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return err
		}
		if err := saveArtifact(e, d, part.Run.File.Artifact, "", dir, true); err != nil {
			return err
		}
	}
	return nil
}
