// Package realwin is the probe of the real-window tests (make realwindow): a driver of the desktop
// app (a ui.RunOptions.Driver: `lectern-tour probe`) that starts the demo, then answers the test's
// queries about the window and carries out its requests. The test itself
// (realwin_test.go, build tag realwindow) starts the binary under Xvfb and a window manager and
// drives the window as a person does, with xdotool.
//
// The protocol is one line each way: the test writes a command on the binary's standard input, the
// probe answers one line on standard output, "ok <JSON>" or "error <message>". Commands:
//
//	state                the window's State (JSON)
//	select <workspace>   select the workspace of that name
//	seed <n>             ask n questions in the workspace shown, each after the last answer ended
//	unfocus              take the focus away from every widget
//	focus                focus the question box
//	stress               connect to the stress server (issue 24's answers, a 2,000-character name)
//	stream <question>    ask one of the stress server's questions and watch its answer
//	answer               how the answer asked with stream went (Answer, JSON)
//	watch                note every frame the window paints from now on (see frameWatch)
//	frames               stop watching and return the frames noted ([]Frame, JSON)
//	theme <name>         save the theme (system, light, dark, high-contrast) and apply it, as Settings does
//	add <path>...        add files (tab-separated paths) to the workspace shown, as a drop does
//	athand               what issue 33 shows around the window (AtHand, JSON)
//	quickask <t>\t<q>    in the Quick ask window, pick the target t ("Workspace: My documents") and ask q
//	keepintray on|off    save Settings → Keep running in the tray when the window closes
//	code <i>             where the newest answer's code block i is, and its sideways scroll (Code, JSON)
//	showcode <i>         scroll the conversation to put that block at 40% of its height, then as code
//	focus-state          where the keyboard is and how it shows (FocusState, JSON)
//	turns-state          how the turns shown are drawn (TurnsState, JSON)
//	open-model-chat      open the newest model chat, as a click on its row in the list does
//	sync-other, sync-setup, sync-state, settings-close, conversations: the sync check's (syncprobe.go)
//	quit                 quit the app
//
// Before the first command it prints "probe: ready" once the demo's workspaces are shown. Other
// lines (the start-up trace) may come before it.
package realwin

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"lectern/app/records"
	"lectern/app/settings"
	"lectern/ui/internal/harness"
)

// Probe is the driver: it starts the demo from the first-run page, waits until the workspaces are
// shown, prints "probe: ready" and serves commands until "quit" or the end of standard input, then
// quits the app. It returns the exit code (1 when the demo did not come up within a minute).
func Probe(u *harness.Window, painted <-chan struct{}) int {
	select {
	case <-painted:
	case <-time.After(time.Minute):
		fmt.Println("probe: FAIL no frame painted within 60 s")
		return 1
	}
	fyne.DoAndWait(u.TryDemo)
	if !waitFor(time.Minute, u.Settled) {
		fmt.Println("probe: FAIL the demo's workspaces were not shown within 60 s")
		fyne.DoAndWait(u.Quit)
		return 1
	}
	fmt.Println("probe: ready")
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		cmd, arg, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if cmd == "quit" {
			fmt.Println("ok {}")
			fyne.DoAndWait(u.Quit)
			return 0
		}
		v, err := serve(u, cmd, arg)
		if err != nil {
			fmt.Println("error " + err.Error())
			continue
		}
		b, _ := json.Marshal(v)
		fmt.Printf("ok %s\n", b)
	}
	fyne.DoAndWait(u.Quit) // the test is gone
	return 0
}

// serve carries out one command and returns the value to answer with.
func serve(u *harness.Window, cmd, arg string) (any, error) {
	switch cmd {
	case "state":
		var s State
		fyne.DoAndWait(func() { s = readState(u) })
		return s, nil
	case "select":
		ok := false
		fyne.DoAndWait(func() { ok = u.SelectWorkspace(arg) })
		if !ok || !waitFor(30*time.Second, u.Settled) {
			return nil, fmt.Errorf("workspace %q not shown", arg)
		}
		return struct{}{}, nil
	case "seed":
		n, err := strconv.Atoi(arg)
		if err != nil {
			return nil, fmt.Errorf("seed: %v", err)
		}
		return struct{}{}, seed(u, n)
	case "unfocus":
		fyne.DoAndWait(func() { u.Main().Canvas().Unfocus() })
		return struct{}{}, nil
	case "focus":
		return struct{}{}, focusQuestionBox(u)
	case "stress":
		return struct{}{}, connectStress(u)
	case "stream":
		return struct{}{}, streamStress(u, arg)
	case "answer":
		return stressed.lastAnswer(), nil
	case "theme":
		return struct{}{}, setTheme(u, arg)
	case "watch":
		var err error
		fyne.DoAndWait(func() { err = watch.start(u) })
		return struct{}{}, err
	case "frames":
		return watch.stop(), nil
	case "add":
		fyne.DoAndWait(func() { u.AddFiles(strings.Split(arg, "\t")...) })
		return struct{}{}, nil
	case "athand":
		var a AtHand
		fyne.DoAndWait(func() { a = readAtHand(u) })
		return a, nil
	case "quickask":
		return struct{}{}, quickAsk(u, arg)
	case "keepintray":
		on := arg == "on"
		return struct{}{}, u.App.UpdateSettings(func(s *settings.Settings) { s.KeepInTray = &on })
	case "code", "showcode":
		return codeCommand(u, cmd, arg)
	case "focus-state":
		var s FocusState
		fyne.DoAndWait(func() { s = readFocus(u) })
		return s, nil
	case "turns-state":
		var s TurnsState
		fyne.DoAndWait(func() { s = readTurns(u) })
		return s, nil
	case "retry-last", "version", "compare", "compare-state", "continue":
		return versionCommand(u, cmd, arg)
	case "open-model-chat":
		return struct{}{}, openModelChat(u)
	case "mcp-add", "mcp-ask", "mcp-state":
		return mcpCommand(u, cmd, arg)
	case "project-new", "list-rows":
		return projectCommand(u, cmd, arg)
	case "sync-other", "sync-setup", "sync-state", "settings-close", "conversations":
		return syncCommand(u, cmd, arg)
	}
	return nil, fmt.Errorf("unknown command %q", cmd)
}

// setTheme saves the theme name and applies it, as choosing it in Settings does.
func setTheme(u *harness.Window, name string) error {
	if err := u.App.UpdateSettings(func(s *settings.Settings) { s.Theme = name }); err != nil {
		return err
	}
	fyne.DoAndWait(u.ApplyTheme)
	return nil
}

// focusQuestionBox focuses the question box, as a click in it would.
func focusQuestionBox(u *harness.Window) error {
	found := false
	fyne.DoAndWait(func() {
		if input := u.QuestionBox(); input != nil {
			u.Main().Canvas().Focus(input)
			found = true
		}
	})
	if !found {
		return fmt.Errorf("no question box shown")
	}
	return nil
}

// questions are the seeded conversation's questions, asked in turn: the demo answers each with
// passages of its documents, so that a few of them fill more than a window's height.
var questions = []string{
	"How many days of annual leave do employees get?",
	"What is the remote work policy?",
	"How are expense claims submitted?",
	"What is the business travel policy?",
	"What does the code of conduct say?",
	"What is the parental leave policy?",
	"What did the leadership meeting decide?",
	"What is the return policy?",
}

// seed asks n questions in the conversation shown, each once the answer before it has ended.
func seed(u *harness.Window, n int) error {
	for i := range n {
		q := questions[i%len(questions)]
		var before int
		fyne.DoAndWait(func() { before = readState(u).Turns; u.Ask(q) })
		answered := func() bool {
			text, streaming := u.Answer()
			return readState(u).Turns > before && text != "" && !streaming
		}
		if !waitFor(30*time.Second, answered) {
			return fmt.Errorf("seed: no answer to %q within 30 s", q)
		}
	}
	return nil
}

// waitFor polls cond on the UI goroutine until it holds or timeout passes.
func waitFor(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for {
		ok := false
		fyne.DoAndWait(func() { ok = cond() })
		if ok {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// openModelChat opens the newest model chat, as a click on its row of the conversation list does,
// and waits until its turns are shown.
func openModelChat(u *harness.Window) error {
	convs, err := u.App.Conversations().ListAll(context.Background(), records.ListFilter{Kind: records.KindModel})
	if err != nil {
		return err
	}
	if len(convs) == 0 {
		return fmt.Errorf("no model chat to open")
	}
	newest := convs[0]
	for _, c := range convs[1:] { // pinned ones list first: the newest is the one updated last
		if c.Updated.After(newest.Updated) {
			newest = c
		}
	}
	id := newest.ID
	fyne.DoAndWait(func() { u.OpenConversation(id) })
	if !waitFor(10*time.Second, func() bool { p := u.Pane(); return p != nil && p.ConversationID() == id && len(p.Turns()) > 0 }) {
		return fmt.Errorf("model chat %d not shown", id)
	}
	return nil
}
