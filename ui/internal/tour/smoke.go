package tour

import (
	"fmt"
	"time"

	"lectern/ui/internal/harness"
)

// Smoke is the smoke driver of scripts/smoke.sh: demo mode when nothing is configured, then the
// main window with the demo workspaces ("smoke: ok ..." and a screenshot), then quit. It returns
// the exit code: 0, or 1 when a stage fails within 60 s.
func Smoke(w *harness.Window, painted <-chan struct{}) int {
	fail := func(msg string) int {
		fmt.Println("smoke: FAIL " + msg)
		onUI(w.Quit)
		return 1
	}
	select {
	case <-painted:
	case <-time.After(60 * time.Second):
		return fail("no frame painted within 60 s")
	}
	onUI(w.TryDemo)
	if !waitFor(60*time.Second, w.Settled) {
		return fail("the main window did not show workspaces within 60 s")
	}
	var names []string
	onUI(func() { names = w.WorkspaceNames() })
	fmt.Printf("smoke: ok %d workspaces: %q\n", len(names), names)
	shoot("smoke", "")
	onUI(w.Quit)
	return 0
}
