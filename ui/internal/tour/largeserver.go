package tour

import (
	"context"
	"fmt"
	"time"

	"lectern/client/emulator"
)

// The big workspace of the tour's large server and of the start-up benchmark (ui.BenchmarkStartup).
const (
	LargeWorkspaceID   = "ws_archive"
	LargeWorkspaceName = "Archive (10,000 documents)"
)

// largeServer is an in-process emulator with the demo data plus one workspace of many documents,
// for the screenshot tour (the built-in demo is small).
type largeServer struct {
	url, key string
	stop     func()
}

// startLargeServer serves the demo data and a workspace of n documents on 127.0.0.1.
func startLargeServer(n int) (*largeServer, error) {
	emu, info := NewLarge(n)
	return serve(emu, info)
}

// startSlowServer serves the demo data with answers streamed slowly, so that a screenshot taken
// while one streams shows it half written, and the scripted answer to codeQuestion.
func startSlowServer() (*largeServer, error) {
	emu, info := emulator.NewDemo(emulator.Config{DeltaDelay: 150 * time.Millisecond, ResetEvery: -1})
	url, stop, err := serveHandler(scripted(emu))
	if err != nil {
		return nil, err
	}
	return &largeServer{url: url, key: info.Key, stop: func() { stop(); emu.Close() }}, nil
}

// serve serves emu on a free port of 127.0.0.1.
func serve(emu *emulator.Emulator, info emulator.DemoInfo) (*largeServer, error) {
	ctx, cancel := context.WithCancel(context.Background())
	url, err := emu.ListenAndServe(ctx, "127.0.0.1:0")
	if err != nil {
		cancel()
		return nil, err
	}
	return &largeServer{url: url, key: info.Key, stop: func() { cancel(); emu.Close() }}, nil
}

// NewLarge returns an emulator, not yet served, holding the demo data plus the workspace
// LargeWorkspaceName (id ws_archive) of n documents with varied names, types and states.
func NewLarge(n int) (*emulator.Emulator, emulator.DemoInfo) {
	emu, info := emulator.NewDemo(emulator.Config{})
	id := emu.AddWorkspace(emulator.WorkspaceSpec{ID: LargeWorkspaceID, Name: LargeWorkspaceName, Owner: emulator.DemoUser})
	kinds := []string{"Quarterly report %d Q%d.pdf", "Invoice %05d-%d.pdf", "Minutes of meeting %d-%d.docx",
		"Sales figures %d region %d.xlsx", "Supplier list %d-%d.csv", "Field notes %d day %d.txt"}
	states := []string{"ready", "ready", "ready", "ready", "ready", "ready", "not_ready", "ready", "failed"}
	for i := 0; i < n; i++ {
		name := fmt.Sprintf(kinds[i%len(kinds)], 2000+i/4, 1+i%4)
		emu.AddDocument(id, name, []byte(name), states[i%len(states)])
	}
	return emu, info
}
