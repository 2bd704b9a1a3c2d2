package cli

import (
	"lectern/app"
	"lectern/app/secrets"
	"lectern/app/settings"
	"lectern/client"
)

// userAgent names the command line to the service.
const userAgent = "lectern-cli/1"

// openApp opens Lectern's local data (settings, keychain, database) once per command. Every
// command reaches the service through it, so that the command line and the desktop app share one
// cache, one upload queue and one set of conversations.
func (e *env) openApp() (*app.App, error) {
	if e.application != nil {
		return e.application, nil
	}
	home, err := settings.DefaultHome()
	if err != nil {
		return nil, localf("cannot find a folder for Lectern's data: %v; set LECTERN_HOME to one", err)
	}
	opts := app.Options{Home: home, ModelService: e.models,
		ClientOptions: append([]client.Option{client.WithUserAgent(userAgent)}, e.clientOptions...)}
	a, err := app.Open(e.ctx, opts)
	if err != nil {
		return nil, localf("cannot open Lectern's data in %s: %v", home, err)
	}
	e.application = a
	return a, nil
}

// appOn opens the app and points it at the command's server (see serverAddress) for this process
// only, with app.UseServer: the saved settings and the keychain stay as they are. The API key is
// looked up by the app when the first request needs it (LECTERN_API_KEY, else the keychain).
func (e *env) appOn() (*app.App, error) {
	server, err := e.serverAddress()
	if err != nil {
		return nil, err
	}
	a, err := e.openApp()
	if err != nil {
		return nil, err
	}
	if err := a.SignIn().UseServer(e.ctx, server, ""); err != nil {
		return nil, localf("cannot use the server %s: %v", server, err)
	}
	return a, nil
}

// serverAddress returns the service address: --server, else LECTERN_SERVER, else the app's
// saved server. It is checked and normalised.
func (e *env) serverAddress() (string, error) {
	raw, from := e.server, "--server"
	if raw == "" {
		raw, from = secrets.EnvServer(), "LECTERN_SERVER"
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
	server, err := settings.ValidateServerURL(raw)
	if err != nil {
		return "", localf("the server address from %s cannot be used: %v", from, err)
	}
	return server, nil
}

// jsonOnlyOn reads the arguments of a command that takes only --json, then opens the app on the
// command's server (appOn).
func (e *env) jsonOnlyOn(cmd string, args []string) (asJSON bool, a *app.App, err error) {
	fs := newFlagSet(e, cmd)
	flag := fs.Bool("json", false, "print JSON")
	if _, err := parseArgs(fs, args, 0, 0, ""); err != nil {
		return false, nil, err
	}
	a, err = e.appOn()
	return *flag, a, err
}
