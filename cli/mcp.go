package cli

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	appmcp "lectern/app/mcp"
	"lectern/app/secrets"
	"lectern/internal/safetext"
	"lectern/mcpserver"
)

var cmdMCP = &command{
	name:    "mcp",
	args:    "[--http HOST:PORT [--listen-any] [--new-token]] [--allow-uploads] | add FILE | servers | remove NAME",
	summary: "serve your workspaces to AI apps that speak MCP (Claude Desktop, VS Code, Cursor, …)",
	help: `
Runs Lectern as a Model Context Protocol server. An AI app (an "MCP host") can then list your
workspaces and their documents and ask them questions; every question it asks is kept in
Lectern's history. Your API key stays inside Lectern.

Without --http the server speaks over stdin and stdout: that is what a host starts from its
"mcpServers" configuration (the README and the desktop app's Settings show the lines to paste).

  --http HOST:PORT  serve streamable HTTP at http://HOST:PORT/mcp instead, on this computer only
                    (127.0.0.1); a client must send the token printed at the start, which is
                    kept in the system keychain for the next run
  --listen-any      let --http listen on an address other computers can reach (with the token)
  --new-token       make a new token for --http (the old one stops working)
  --allow-uploads   offer the tool upload_document: a host may add files of this computer to
                    your own personal workspaces, after the same checks as a drop

The other way round, model chats ("lectern chat --mcp NAME", and the desktop app's) can use the
tools of MCP servers you add:

  add FILE          add the servers of an "mcpServers" JSON file, as AI apps write it ("-" reads
                    stdin); their env and headers are kept in the system keychain
  servers           list the servers added and their state
  remove NAME       remove a server`,
	run: runMCP,
}

// mcpOptions are the parsed arguments of mcp.
type mcpOptions struct {
	listen       string
	listenAny    bool
	newToken     bool
	allowUploads bool
}

// runMCP is `lectern mcp`.
func runMCP(e *env, args []string) error {
	if len(args) > 0 {
		switch args[0] {
		case "add", "servers", "remove":
			return runMCPServers(e, args[0], args[1:])
		}
	}
	fs := newFlagSet(e, "mcp")
	var o mcpOptions
	fs.StringVar(&o.listen, "http", "", "serve streamable HTTP on HOST:PORT")
	fs.BoolVar(&o.listenAny, "listen-any", false, "listen on any address")
	fs.BoolVar(&o.newToken, "new-token", false, "make a new token")
	fs.BoolVar(&o.allowUploads, "allow-uploads", false, "offer upload_document")
	if _, err := parseArgs(fs, args, 0, 0, ""); err != nil {
		return err
	}
	if o.listen == "" && (o.listenAny || o.newToken) {
		return usagef("mcp", "--listen-any and --new-token go with --http HOST:PORT")
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	// What the MCP server serves from: the rooms it uses.
	b := mcpserver.Backend{Workspaces: a.Workspaces(), Asker: a.Questions(), History: a.Conversations(),
		Describe: a.Describe, Log: mcpserver.NewCallLog(a.Home())}
	if o.allowUploads {
		b.Uploads = a.Uploads()
	}
	s := mcpserver.New(b, Version)
	if o.listen == "" {
		t := &mcp.IOTransport{Reader: io.NopCloser(e.stdin), Writer: nopWriteCloser{e.raw()}}
		return ignoreEnd(e.ctx, s.Run(e.ctx, t))
	}
	return e.serveMCPHTTP(a.SignIn(), s, o)
}

// hostTokens keeps the bearer token of `lectern mcp --http` (signin.Session).
type hostTokens interface {
	HostToken(renew bool, newToken func() string) (string, secrets.KeySource, error)
}

// serveMCPHTTP serves s over streamable HTTP until Ctrl-C, after printing its address and token.
func (e *env) serveMCPHTTP(tokens hostTokens, s *mcp.Server, o mcpOptions) error {
	addr, err := mcpserver.CheckListen(o.listen, o.listenAny)
	if err != nil {
		return localf("%v", err)
	}
	token, src, err := tokens.HostToken(o.newToken, mcpserver.NewToken)
	if err != nil {
		return localf("cannot keep the MCP server's token: %v", err)
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return localf("cannot listen on %s: %v", addr, err)
	}
	if o.listenAny {
		fmt.Fprintln(e.stderr, "lectern: warning: --listen-any: other computers that can reach this one may "+
			"connect; only the token keeps them out. Share it with no one.")
	}
	fmt.Fprintf(e.stdout, "Lectern's MCP server: http://%s%s\n", l.Addr(), mcpserver.Path)
	fmt.Fprintf(e.stdout, "Token: %s\n(kept in %s; --new-token makes another)\n", token, src)
	return ignoreEnd(e.ctx, mcpserver.ServeHTTP(e.ctx, l, mcpserver.Handler(s, token)))
}

// ignoreEnd is err, or nil when the command was stopped (Ctrl-C, or the host closed stdin).
func ignoreEnd(ctx context.Context, err error) error {
	if ctx.Err() != nil || err == io.EOF {
		return nil
	}
	return err
}

// nopWriteCloser is a writer whose Close does nothing: stdout stays open for the exit's messages.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// runMCPServers is `lectern mcp add FILE`, `lectern mcp servers` and `lectern mcp remove NAME`:
// the MCP servers whose tools model chats may offer.
func runMCPServers(e *env, verb string, args []string) error {
	fs := newFlagSet(e, "mcp")
	want := map[string]int{"add": 1, "servers": 0, "remove": 1}[verb]
	pos, err := parseArgs(fs, args, want, want, map[string]string{"add": "FILE", "remove": "NAME"}[verb])
	if err != nil {
		return err
	}
	a, err := e.openApp()
	if err != nil {
		return err
	}
	servers := a.Models().MCPServers()
	switch verb {
	case "add":
		data, err := readFileArg(e, pos[0])
		if err != nil {
			return err
		}
		added, err := servers.Add(data)
		if err != nil {
			return localf("%v", err)
		}
		for _, s := range added {
			fmt.Fprintf(e.stdout, "Added %s.\n", s.Name)
		}
	case "remove":
		if err := servers.Remove(pos[0]); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "Removed %s.\n", pos[0])
	}
	list, err := servers.List()
	if verb == "servers" {
		printMCPServers(e, list, servers.States())
	}
	return err
}

// readFileArg reads the file path, or stdin for "-", at most 1 MiB.
func readFileArg(e *env, path string) ([]byte, error) {
	r := e.stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, localf("cannot read %s: %v", path, err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return nil, localf("cannot read %s: %v", path, err)
	}
	return data, nil
}

// printMCPServers writes one line per server: its name, what it runs or reaches, its state.
func printMCPServers(e *env, list []appmcp.Server, states []appmcp.State) {
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "No MCP servers: \"lectern mcp add FILE\" adds those of an mcpServers JSON file.")
		return
	}
	words := map[string]string{}
	for _, st := range states {
		words[st.Name] = st.Words()
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tRUNS\tSTATE")
	for _, s := range list {
		runs := s.URL
		if !s.Remote() {
			runs = strings.Join(append([]string{s.Command}, s.Args...), " ")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", safetext.OneLine(s.Name), safetext.OneLine(runs), safetext.OneLine(words[s.Name]))
	}
	tw.Flush()
}
