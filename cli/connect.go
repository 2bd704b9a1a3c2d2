package cli

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"lectern/app/secrets"
	"lectern/app/settings"
)

var cmdConnect = &command{
	name:    "connect",
	args:    "SERVER",
	summary: "save the server and keep its key in the system keychain (as the desktop app does)",
	help: `
Checks SERVER with the key, then saves the address in the settings and the key in the system
keychain, so that later commands need neither --server nor LECTERN_API_KEY, and share their
conversations with the desktop app. The key comes from LECTERN_API_KEY, else from the first line
of stdin (for example: pass show lectern | lectern connect https://qa.example.com). It is never
written to a file.`,
	run: runConnect,
}

// runConnect is `lectern connect SERVER`.
func runConnect(e *env, args []string) error {
	fs := newFlagSet(e, "connect")
	pos, err := parseArgs(fs, args, 1, 1, "SERVER (for example https://qa.example.com)")
	if err != nil {
		return err
	}
	server, err := settings.ValidateServerURL(pos[0])
	if err != nil {
		return localf("%v", err)
	}
	key, err := e.readKey(server)
	if err != nil {
		return err
	}
	a, err := e.openApp()
	if err != nil {
		return err
	}
	list, err := a.SignIn().TestConnection(e.ctx, server, key)
	if err != nil {
		return err
	}
	if err := a.SignIn().Connect(e.ctx, server, key); err != nil {
		return localf("cannot save the connection: %v", err)
	}
	fmt.Fprintf(e.stdout, "Connected to %s: the key (%s…) opens %d workspaces.\n", server, secrets.KeyPrefix(key), len(list))
	if !a.SignIn().KeychainAvailable() {
		fmt.Fprintln(e.stdout, "No system keychain is available, so the key was not kept: set LECTERN_API_KEY for later commands.")
	}
	return nil
}

// readKey returns the key to connect with: LECTERN_API_KEY, else the first line of stdin.
func (e *env) readKey(server string) (string, error) {
	if key := strings.TrimSpace(os.Getenv("LECTERN_API_KEY")); key != "" {
		return key, nil
	}
	if isCharDevice(e.stdin) {
		fmt.Fprintf(e.stderr, "Paste the API key for %s and press Enter (it shows as you type; LECTERN_API_KEY avoids that): ", server)
	}
	line, err := bufio.NewReader(e.stdin).ReadString('\n')
	key := strings.TrimSpace(line)
	if key == "" {
		if err != nil && line == "" {
			return "", localf("no API key: set LECTERN_API_KEY or give the key on stdin")
		}
		return "", localf("the API key is empty: paste the key from the service's key management page")
	}
	return key, nil
}
