package workspaceapi

import (
	"net/http"
	"net/http/httptest"

	"lectern/client/emulator/internal/serve"
)

// testConfig is the workspace Config with the shared core's settings (clock, wrong-key limit).
type testConfig struct {
	Config
	Shared serve.Config
}

// testEmu is the workspace family alone on a core of its own, as the tests of this package use it.
type testEmu struct {
	*Service
	core *serve.Core
	srv  *httptest.Server
}

// newTestEmu returns an unserved testEmu.
func newTestEmu(cfg testConfig) *testEmu {
	core := serve.NewCore(cfg.Shared)
	return &testEmu{Service: New(cfg.Config, core), core: core}
}

// startTest returns a testEmu served by an httptest.Server.
func startTest(cfg testConfig) *testEmu { return newTestEmu(cfg).Serve() }

// Serve serves e on an httptest.Server with the routes of Register.
func (e *testEmu) Serve() *testEmu {
	mux := http.NewServeMux()
	e.Register(mux)
	e.srv = httptest.NewServer(mux)
	return e
}

// URL returns the server's base URL.
func (e *testEmu) URL() string { return e.srv.URL }

// Close stops the server.
func (e *testEmu) Close() {
	e.srv.CloseClientConnections()
	e.srv.Close()
}

// AddKey registers a key in the core.
func (e *testEmu) AddKey(k Key) { e.core.AddKey(k) }

// SetFaults sets the core's faults.
func (e *testEmu) SetFaults(f serve.Faults) { e.core.SetFaults(f) }

// Requests counts the requests that reached route.
func (e *testEmu) Requests(route string) int { return e.core.Requests(route) }

// startTestDemo serves the demo data.
func startTestDemo(cfg testConfig) (*testEmu, DemoInfo) {
	e := newTestEmu(cfg)
	info := e.Service.SeedDemo()
	return e.Serve(), info
}
