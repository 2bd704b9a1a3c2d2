package emulator

import "lectern/client/emulator/workspaceapi"

// NewDemo returns an Emulator (not yet served: call Serve or ListenAndServe) holding the demo data
// of every family: the demo keys, the demo workspaces and documents (see workspaceapi.SeedDemo).
func NewDemo(cfg Config) (*Emulator, DemoInfo) {
	e := New(cfg)
	info := workspaceapi.SeedDemo(e.Service, e.core)
	return e, info
}

// StartDemo is NewDemo served on an httptest.Server; see URL and Close.
func StartDemo(cfg Config) (*Emulator, DemoInfo) {
	e, info := NewDemo(cfg)
	return e.Serve(), info
}
