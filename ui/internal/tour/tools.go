package tour

import (
	"context"
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
)

// The tool stops (issue 22), on the demo's Fast tier: a web search the model called, and a
// workspace it consulted with the answer's sources, each allowed on its card as a person would.

// toolWebSearch shoots a web search card: the query, the results with their sites and addresses.
func (t *tour) toolWebSearch() (fyne.Window, error) {
	t.closeOverlays()
	if err := t.startModelChat("Fast", "", ""); err != nil {
		return nil, err
	}
	ok := false
	onUI(func() { ok = t.w.SetTools(true, "", "") })
	if !ok {
		return nil, errors.New("no model chat to turn web search on in")
	}
	return t.w.Main(), t.askAllowingCalls("Web search: lighthouses")
}

// toolWorkspaceConsulted shoots a workspace consulted by the model: the question, the answer and
// its sources as chips.
func (t *tour) toolWorkspaceConsulted() (fyne.Window, error) {
	if err := t.startModelChat("Fast", "", ""); err != nil {
		return nil, err
	}
	list, err := t.b.Workspaces().CachedWorkspaces(context.Background())
	if err != nil {
		return nil, err
	}
	for _, ws := range list {
		if ws.Workspace.Name != "My documents" {
			continue
		}
		ok := false
		onUI(func() { ok = t.w.SetTools(false, ws.WorkspaceID, ws.Workspace.Name) })
		if !ok {
			return nil, errors.New("no model chat to consult a workspace in")
		}
		return t.w.Main(), t.askAllowingCalls("How many days of annual leave do employees get? Consult workspace.")
	}
	return nil, errors.New("no workspace “My documents” in the demo")
}

// toolConsent shoots a call waiting on its card for the person's answer: Allow once, Always in
// this conversation, Refuse. The next stop leaves the chat, which refuses it.
func (t *tour) toolConsent() (fyne.Window, error) {
	if err := t.startModelChat("Fast", "", ""); err != nil {
		return nil, err
	}
	onUI(func() { t.w.SetTools(true, "", ""); t.w.Ask("Web search: sourdough starter") })
	if !waitFor(60*time.Second, func() bool { return t.w.CallsAsking(false) > 0 }) {
		return nil, errors.New("no card asked to run the search")
	}
	return t.w.Main(), nil
}

// askAllowingCalls sends question in the new model chat shown, allows the calls its answer makes
// on their cards, waits until the answer has ended, and scrolls back to its top: the question,
// then the cards.
func (t *tour) askAllowingCalls(question string) error {
	onUI(func() { t.w.Ask(question) })
	allowed := 0
	if !waitFor(60*time.Second, func() bool {
		allowed += t.w.CallsAsking(true)
		_, streaming := t.w.Answer()
		return allowed > 0 && !streaming && t.turns() == 1
	}) {
		return fmt.Errorf("the answer to %q did not end (%d calls allowed)", question, allowed)
	}
	onUI(func() { t.w.TurnList().ScrollToTop() })
	return nil
}
