package emulator

import (
	"lectern/client/emulator/toolsapi"
)

// NewDemo returns an Emulator (not yet served: call Serve or ListenAndServe) holding the demo data
// of every family: the demo keys, the demo workspaces and documents (see workspaceapi.Service.SeedDemo).
func NewDemo(cfg Config) (*Emulator, DemoInfo) {
	e := New(cfg)
	info := e.Service.SeedDemo()
	e.Tools.SetWorkspaces(demoChatWorkspaces(info))
	return e, info
}

// StartDemo is NewDemo served on an httptest.Server; see URL and Close.
func StartDemo(cfg Config) (*Emulator, DemoInfo) {
	e, info := NewDemo(cfg)
	return e.Serve(), info
}

// demoChatWorkspaces are the demo workspaces /chat offers: the demo user's own and the shared one.
func demoChatWorkspaces(info DemoInfo) []toolsapi.Workspace {
	return []toolsapi.Workspace{{ID: info.Personal, Name: "My documents"}, {ID: info.Shared, Name: "Leadership team"}}
}
