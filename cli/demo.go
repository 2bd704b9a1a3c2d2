package cli

import (
	"fmt"
	"runtime"
	"strings"

	"lectern/app/connection"
	"lectern/app/settings"
)

// defaultDemoAddr is where `lectern demo` listens unless --addr says otherwise.
const defaultDemoAddr = "127.0.0.1:8765"

var cmdDemo = &command{
	name:    "demo",
	args:    "[--addr HOST:PORT]",
	summary: "serve a local demo service with sample documents, until Ctrl-C",
	help: `
Starts an emulator of the service on this computer, with demo workspaces and documents and a
small deterministic demo model behind the model tiers, and prints its address and key with the
lines to paste into another terminal (export lines; on Windows, for PowerShell and cmd.exe), and
the /v1 base URL for standard client libraries. Nothing leaves this computer; everything is
forgotten when it stops.

  --addr HOST:PORT   where to listen (default ` + defaultDemoAddr + `; 127.0.0.1:0 picks a free port)`,
	run: runDemo,
}

// runDemo is `lectern demo`.
func runDemo(e *env, args []string) error {
	fs := newFlagSet(e, "demo")
	addr := fs.String("addr", defaultDemoAddr, "listen address")
	if _, err := parseArgs(fs, args, 0, 0, ""); err != nil {
		return err
	}
	d, err := connection.ServeDemo(e.ctx, *addr)
	if err != nil {
		return localf("cannot listen on %s: %v; choose another address with --addr 127.0.0.1:PORT "+
			"(127.0.0.1:0 picks a free port)", *addr, err)
	}
	defer d.Close()
	e.printDemo(d)
	<-e.ctx.Done()
	fmt.Fprintln(e.stdout, "\nDemo server stopped.")
	return nil
}

// printDemo prints the address, the key, what to paste and what to try.
func (e *env) printDemo(d *connection.DemoServer) {
	w, url, key := e.stdout, d.URL, d.Key
	fmt.Fprintf(w, "Lectern demo server: %s\n", url)
	fmt.Fprintf(w, "OpenAI-compatible:   %s   (the /v1 base URL for standard client libraries)\n", d.ModelsURL)
	fmt.Fprintf(w, "API key:             %s   (a demo key, valid only on this server)\n\n", key)
	fmt.Fprintln(w, "In another terminal, paste:")
	for _, line := range envLines(runtime.GOOS, url, key) {
		fmt.Fprintf(w, "  %s\n", line)
	}
	fmt.Fprintln(w)
	if !isLoopbackURL(url) {
		fmt.Fprintln(w, "Note: Lectern accepts plain http only on this computer (127.0.0.1, localhost, [::1]).")
	}
	fmt.Fprintln(w, "Then try:")
	for _, line := range e.demoExamples(d) {
		fmt.Fprintf(w, "  %s\n", line)
	}
	fmt.Fprintln(w, "\nServing until Ctrl-C.")
}

// envLines are the lines that set LECTERN_SERVER and LECTERN_API_KEY in a shell of goos: on
// Windows for PowerShell and for cmd.exe, which have no export.
func envLines(goos, url, key string) []string {
	if goos != "windows" {
		return []string{"export LECTERN_SERVER=" + url, "export LECTERN_API_KEY=" + key}
	}
	return []string{
		"in PowerShell:",
		`  $env:LECTERN_SERVER = "` + url + `"`,
		`  $env:LECTERN_API_KEY = "` + key + `"`,
		"in cmd.exe:",
		"  set LECTERN_SERVER=" + url,
		"  set LECTERN_API_KEY=" + key,
	}
}

// demoExamples suggests commands using the demo's own workspace names, then the model tiers.
func (e *env) demoExamples(d *connection.DemoServer) []string {
	lines := []string{"lectern workspaces"}
	personal, org, err := d.ExampleWorkspaces(e.ctx)
	if err == nil && personal != "" {
		personal = shellQuote(personal)
		lines = append(lines, "lectern documents "+personal,
			"lectern ask "+personal+" \"How many days of annual leave do employees get?\"",
			"lectern ask --continue "+personal+" \"Can unused days be carried over?\"",
			"lectern upload "+personal+" examples/notes.txt --wait",
			"    (examples/notes.txt is in Lectern's source folder; any .txt, .pdf, .docx, .xlsx or .csv file works)")
	}
	if err == nil && org != "" {
		lines = append(lines, "lectern documents "+shellQuote(org))
	}
	return append(lines, "lectern models",
		"lectern chat --model fast \"What is a context window?\"",
		"lectern search \"sourdough starter\" --max 2",
		"lectern history")
}

// shellQuote quotes s for the shell when it needs it: in double quotes where those read the same
// in sh, PowerShell and cmd.exe (the demo prints its examples on every OS), else in POSIX single quotes.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`!*?[]{}()<>|&;#~%^") {
		return s
	}
	if !strings.ContainsAny(s, "\"\\$`!%^\n") { // double quotes read the same in sh, PowerShell and cmd.exe
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// isLoopbackURL reports whether url's host is this computer, where Lectern accepts plain http:
// app.ValidateServerURL decides, so that the note matches what the other commands accept.
func isLoopbackURL(url string) bool {
	_, err := settings.ValidateServerURL(url)
	return err == nil
}
