package cli

import (
	"os"
	"strings"

	"lectern/app"
	"lectern/client"
)

// userAgent names the command line to the service.
const userAgent = "lectern-cli/1"

// openApp opens Lectern's local data (settings, keychain, database) once per command.
func (e *env) openApp() (*app.App, error) {
	if e.application != nil {
		return e.application, nil
	}
	home, err := app.DefaultHome()
	if err != nil {
		return nil, localf("cannot find a folder for Lectern's data: %v; set LECTERN_HOME to one", err)
	}
	// The command line never works on the upload queue: the desktop app does (upload sends directly).
	opts := app.Options{Home: home, NoUploadQueue: true,
		ClientOptions: append([]client.Option{client.WithUserAgent(userAgent)}, e.clientOptions...)}
	a, err := app.Open(e.ctx, opts)
	if err != nil {
		return nil, localf("cannot open Lectern's data in %s: %v", home, err)
	}
	e.application = a
	return a, nil
}

// appOn opens the app and points it at the command's server (see serverAddress) for this process
// only, with app.UseServer: the saved settings and the keychain stay as they are. withKey reads the
// API key now (asking needs it; reading the history does not).
func (e *env) appOn(withKey bool) (*app.App, error) {
	server, err := e.serverAddress()
	if err != nil {
		return nil, err
	}
	key := ""
	if withKey {
		if key, err = e.apiKey(server); err != nil {
			return nil, err
		}
	}
	a, err := e.openApp()
	if err != nil {
		return nil, err
	}
	if err := a.UseServer(e.ctx, server, key); err != nil {
		return nil, localf("cannot use the server %s: %v", server, err)
	}
	return a, nil
}

// serverAddress returns the service address: --server, else LECTERN_SERVER, else the app's
// saved server. It is checked and normalised.
func (e *env) serverAddress() (string, error) {
	raw, from := e.server, "--server"
	if raw == "" {
		raw, from = strings.TrimSpace(os.Getenv("LECTERN_SERVER")), "LECTERN_SERVER"
	}
	if raw == "" {
		a, err := e.openApp()
		if err != nil {
			return "", err
		}
		raw, from = a.Settings().Server, "the saved settings"
	}
	if raw == "" {
		return "", localf("no server is set: pass --server URL, set LECTERN_SERVER, or save one with " +
			"\"lectern connect URL\" (or in the desktop app); \"lectern demo\" starts a local one to try")
	}
	server, err := app.ValidateServerURL(raw)
	if err != nil {
		return "", localf("the server address from %s cannot be used: %v", from, err)
	}
	return server, nil
}

// apiKey returns the key for server: LECTERN_API_KEY, else the keychain entry the app saved.
func (e *env) apiKey(server string) (string, error) {
	if key := strings.TrimSpace(os.Getenv("LECTERN_API_KEY")); key != "" {
		return key, nil
	}
	a, err := e.openApp()
	if err != nil {
		return "", err
	}
	key, _, err := a.APIKey(server)
	if err != nil {
		return "", localf("cannot read the API key for %s from the keychain: %v; set LECTERN_API_KEY instead", server, err)
	}
	if key == "" {
		return "", localf("no API key for %s: set LECTERN_API_KEY, or run \"lectern connect %s\" "+
			"(or connect in the desktop app) so that the key is kept in the keychain", server, server)
	}
	return key, nil
}

// connect returns a client for the configured server and key, and the server address.
func (e *env) connect() (*client.Client, string, error) {
	server, err := e.serverAddress()
	if err != nil {
		return nil, "", err
	}
	key, err := e.apiKey(server)
	if err != nil {
		return nil, "", err
	}
	opts := []client.Option{client.WithBaseURL(server), client.WithAPIKey(key), client.WithUserAgent(userAgent)}
	c, err := client.NewClient(append(opts, e.clientOptions...)...)
	if err != nil {
		return nil, "", localf("cannot set up the connection to %s: %v", server, err)
	}
	return c, server, nil
}
