// Package tour is Lectern's test harness for the real desktop app: the smoke driver
// (scripts/smoke.sh) and the screenshot tour (scripts/screenshots.sh), with the large test server
// the tour shows. It is not product: only the harness binary (cmd/lectern-tour) and the start-up
// benchmark use it, and it may import client/emulator. Each driver is a ui.RunOptions.Driver: it
// drives the window through its harness.Window (ui/internal/harness) from a goroutine of its own and talks to its script
// on stdout ("shoot <name>") and stdin (one line per screenshot taken).
package tour

import (
	"context"
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"

	"lectern/app"
	"lectern/app/connection"
	"lectern/app/settings"
	"lectern/ui/internal/doclist"
	"lectern/ui/internal/harness"
	ltheme "lectern/ui/theme"
)

// step is one stop of the screenshot tour: do brings the app there (from the tour goroutine,
// touching widgets only through onUI), then the window it returns is captured as name.png.
// New features add their stops to steps.
type step struct {
	name   string
	do     func(t *tour) (fyne.Window, error)
	window string // title of the window to grab; "" for the whole screen
}

// tour is the screenshot tour's state: the app and the large demo server.
type tour struct {
	w     *harness.Window
	b     *app.App
	large *largeServer
	slow  *largeServer // the chat stops' server
	after func()       // set by a stop: run once its screenshot is taken
}

// steps are the tour's stops, in order: first run, the demo's workspace browser, a website import,
// the limits bar and the uploads panel mid-batch, model chats (an answer to an image, the tier
// picker open, a function call, a JSON answer, the context meter near full), the tool cards (a web
// search the model called, a workspace it consulted with its sources, a call asking consent), a
// PDF's card, an OCR job part-way, a generated file's card, the assistant (files sent, its answer,
// a file for the next message), answers (one streaming with its stage, one with a
// table and its source, one the documents do not cover, one stopped with Retry, one with code, a
// table and sources), a large workspace with a filter typed, Settings (its top and its end), the
// command palette, the documents panel open at 640×480, the keyboard's focus in the light and the
// dark theme, the main window at scale 1.5 and in high contrast, the dark theme, and the offline state.
var steps = []step{
	{"01-first-run", (*tour).firstRun, ""},
	{"02-workspaces", (*tour).demoBrowser, ""},
	{"03-website-import", (*tour).websiteImport, ""},
	{"15-document-details", (*tour).documentDetails, ""},
	{"16-empty-filter", (*tour).emptyFilter, ""},
	{"17-narrow-640x480", (*tour).narrow, ""},
	{"12-limits-bar", (*tour).limitsBar, ""},
	{"13-uploads-mid-batch", (*tour).uploadsMidBatch, ""},
	{"19-model-image", (*tour).modelImage, ""},
	{"20-model-tier-picker", (*tour).modelTierPicker, ""},
	{"21-model-function-call", (*tour).modelFunctionCall, ""},
	{"22-model-json-tree", (*tour).modelJSON, ""},
	{"23-model-context-meter", (*tour).modelContextMeter, ""},
	{"31-model-pdf-card", (*tour).modelPDF, ""},
	{"32-model-ocr-job", (*tour).modelOCR, ""},
	{"33-model-generated-file", (*tour).modelGenerate, ""},
	// issue 22's tool cards
	{"35-tool-web-search", (*tour).toolWebSearch, ""},
	{"36-tool-workspace-consulted", (*tour).toolWorkspaceConsulted, ""},
	{"37-tool-consent", (*tour).toolConsent, ""},
	// issue 30's MCP tool card and Settings sections
	{"38-mcp-tool-card", (*tour).mcpCard, ""},
	{"34-assist-attachments", (*tour).assist, ""},
	{"08-answer-streaming", (*tour).answerStreaming, ""},
	{"09-answer-table-sources", (*tour).answerTable, ""},
	{"10-answer-not-found", (*tour).answerNotFound, ""},
	{"11-answer-stopped-retry", (*tour).answerStopped, ""},
	{"14-answer-code-table-sources", (*tour).answerCode, ""},
	{"18-key-needed", (*tour).keyNeeded, ""},
	{"04-large-workspace-filter", (*tour).largeWorkspace, ""},
	{"05-settings", (*tour).settings, "Lectern Settings"},
	{"24-settings-end", (*tour).settingsEnd, "Lectern Settings"},
	{"39-settings-mcp-servers", (*tour).settingsMCP, "Lectern Settings"},
	{"40-settings-other-apps", (*tour).settingsOtherApps, "Lectern Settings"},
	{"25-command-palette", (*tour).commandPalette, ""},
	{"26-narrow-documents", (*tour).narrowDocuments, ""},
	{"27-focus-light", (*tour).focusLight, ""},
	{"28-focus-dark", (*tour).focusDark, ""},
	// Issue 25 (accessibility): text at scale 1.5 in the default window's pixels; high contrast.
	{"29-scale-1.5", (*tour).scaled, ""},
	{"30-high-contrast", (*tour).highContrast, ""},
	{"06-dark-theme", (*tour).dark, ""},
	{"07-offline", (*tour).offline, ""},
}

// Tour is the screenshot tour of scripts/screenshots.sh: it walks steps, asking the script for a
// screenshot at each (see shoot), then quits and returns the exit code.
func Tour(w *harness.Window, painted <-chan struct{}) int {
	t := &tour{w: w, b: w.App}
	defer t.cleanup()
	<-painted
	for _, s := range steps {
		if _, err := s.do(t); err != nil {
			fmt.Printf("tour: FAIL %s: %v\n", s.name, err)
			onUI(w.Quit)
			return 1
		}
		shoot(s.name, s.window)
		if t.after != nil { // what the stop undoes once shot
			t.after()
			t.after = nil
		}
	}
	onUI(w.Quit)
	return 0
}

func (t *tour) cleanup() {
	if t.slow != nil {
		t.slow.stop()
	}
	if t.large != nil {
		t.large.stop()
		_ = t.b.SignIn().SignOut(context.Background()) // forget the tour's key
	}
}

// setTheme saves the theme and applies it before the next shot, not when the event comes back.
func (t *tour) setTheme(name string) error {
	if err := t.b.UpdateSettings(func(s *settings.Settings) { s.Theme = name }); err != nil {
		return err
	}
	onUI(t.w.ApplyTheme)
	return nil
}

func (t *tour) firstRun() (fyne.Window, error) {
	if !waitFor(10*time.Second, t.w.FirstRunShown) {
		return nil, errors.New("the first-run page is not shown: use an empty LECTERN_HOME")
	}
	// The tour is shot in the light theme (Xvfb's "system" is dark), and in the dark theme later.
	if err := t.setTheme(ltheme.Light); err != nil {
		return nil, err
	}
	onUI(func() { t.w.TypeServer("https://lectern.example.com") })
	return t.w.Main(), nil
}

func (t *tour) demoBrowser() (fyne.Window, error) {
	onUI(t.w.TryDemo)
	if !waitFor(60*time.Second, t.w.Settled) {
		return nil, errors.New("the demo workspaces did not show")
	}
	return t.w.Main(), t.selectWorkspace("My documents", "")
}

// websiteImport opens the documents panel (closed at first: the window opens on the
// conversation) on a workspace with a website import.
func (t *tour) websiteImport() (fyne.Window, error) {
	onUI(func() { t.w.FoldDocuments(false) })
	return t.w.Main(), t.selectWorkspace("Operations", "")
}

// selectWorkspace selects the workspace named name, types filter, and waits for its documents.
func (t *tour) selectWorkspace(name, filter string) error {
	found := false
	onUI(func() { found = t.w.SelectWorkspace(name) })
	if !found {
		return fmt.Errorf("no workspace %q", name)
	}
	if !waitFor(60*time.Second, t.w.Settled) {
		return fmt.Errorf("workspace %q did not load", name)
	}
	for i := 1; i <= len(filter); i++ { // as typed, one keystroke at a time
		onUI(func() { t.w.FilterDocuments(filter[:i]) })
	}
	return nil
}

// documentDetails shoots a website page selected in the table: its whole row, and its details
// (id with Copy id, status in words, updated time, type, web address) under the table.
func (t *tour) documentDetails() (fyne.Window, error) {
	if err := t.selectWorkspace("Operations", ""); err != nil {
		return nil, err
	}
	found := false
	onUI(func() { found = t.w.SelectDocument("Returns policy") })
	if !found {
		return nil, errors.New("no document “Returns policy” in Operations")
	}
	return t.w.Main(), nil
}

// emptyFilter shoots a documents filter that matches nothing: the note with Clear filter in the
// middle of the table.
func (t *tour) emptyFilter() (fyne.Window, error) {
	return t.w.Main(), t.selectWorkspace("Finance", "zzz")
}

// narrow shoots the window at 640×480, the documents panel closed: names over their badges, the
// conversation filling the right side.
func (t *tour) narrow() (fyne.Window, error) {
	onUI(func() { t.w.FilterDocuments(""); t.w.FoldDocuments(true) })
	if err := t.selectWorkspace("Employee handbook (published)", ""); err != nil {
		return nil, err
	}
	small := fyne.NewSize(640, 480)
	onUI(func() { t.w.Main().Resize(small) })
	time.Sleep(time.Second) // the window manager answers the resize
	var got fyne.Size
	onUI(func() { got = t.w.Main().Canvas().Size() })
	if got.Width > small.Width+1 || got.Height > small.Height+1 {
		return nil, fmt.Errorf("the window stopped at %.0f×%.0f, larger than 640×480: its minimum size grew", got.Width, got.Height)
	}
	return t.w.Main(), nil
}

// limitsBar shoots the demo user's own workspace with its limits bar, read by one status call.
func (t *tour) limitsBar() (fyne.Window, error) {
	onUI(func() { t.w.Main().Resize(fyne.NewSize(1100, 700)) }) // after the narrow stop
	if err := t.selectWorkspace("My documents", ""); err != nil {
		return nil, err
	}
	onUI(func() { t.w.FoldDocuments(false) })
	if !waitFor(30*time.Second, func() bool { return t.w.LimitsShown() }) {
		return nil, errors.New("the limits bar of My documents did not show")
	}
	return t.w.Main(), nil
}

// uploadsMidBatch drops six files on the demo user's own workspace, one of them Markdown, and
// shoots the uploads panel while the others are on their way, the refused one with its reason.
func (t *tour) uploadsMidBatch() (fyne.Window, error) {
	paths, err := writeTourFiles()
	if err != nil {
		return nil, err
	}
	onUI(func() { t.w.AddFiles(paths...) })
	ok := waitFor(30*time.Second, func() bool {
		rows, running, refused := t.w.UploadRows()
		return rows == len(paths) && refused == 1 && running > 0 && running < len(paths)-1
	})
	if !ok {
		return nil, errors.New("the uploads panel did not show the batch mid-way")
	}
	return t.w.Main(), nil
}

func (t *tour) largeWorkspace() (fyne.Window, error) {
	ls, err := startLargeServer(10000)
	if err != nil {
		return nil, err
	}
	t.large = ls
	if err := t.b.SignIn().Connect(context.Background(), ls.url, ls.key); err != nil {
		return nil, fmt.Errorf("connect to the large server: %w", err)
	}
	onUI(t.w.ShowBrowser)
	if !waitFor(120*time.Second, t.w.Settled) {
		return nil, errors.New("the large server's workspaces did not show")
	}
	onUI(func() { t.w.ShowUploads(false) })
	onUI(func() { t.w.FoldDocuments(false) })
	if err := t.selectWorkspace(LargeWorkspaceName, "report q3"); err != nil {
		return nil, err
	}
	onUI(func() { t.w.SortDocuments(doclist.ColUpdated) })
	return t.w.Main(), nil
}

// settings shoots the Settings window from its top, as tall as the screen (its content scrolls:
// 24-settings-end shows the rest).
func (t *tour) settings() (fyne.Window, error) {
	onUI(t.w.ShowSettings)
	time.Sleep(500 * time.Millisecond) // the key is read in the background
	var w fyne.Window
	onUI(func() {
		if w = t.w.Settings(); w != nil {
			w.Resize(fyne.NewSize(620, 690)) // the screen's height: the grab holds no more
			w.CenterOnScreen()
		}
	})
	if w == nil {
		return nil, errors.New("the Settings window did not open")
	}
	time.Sleep(500 * time.Millisecond) // the window manager answers the resize
	return w, nil
}

func (t *tour) dark() (fyne.Window, error) {
	t.closeSettings()
	return t.w.Main(), t.setTheme(ltheme.Dark)
}

func (t *tour) offline() (fyne.Window, error) {
	if err := t.setTheme(ltheme.Light); err != nil {
		return nil, err
	}
	t.large.stop()
	onUI(t.w.Refresh)
	offline := waitFor(60*time.Second, func() bool {
		return t.w.Settled() && t.b.SignIn().Connection().State == connection.ConnOffline
	})
	if !offline {
		return nil, errors.New("the app did not go offline after its server stopped")
	}
	return t.w.Main(), nil
}

// askAndWait asks question in a new conversation of the workspace shown and waits until until
// holds for the newest answer's text and streaming state.
func (t *tour) askAndWait(question string, until func(text string, streaming bool) bool) error {
	onUI(t.w.NewConversation)
	onUI(func() { t.w.Ask(question) })
	ok := waitFor(60*time.Second, func() bool { return until(t.w.Answer()) }) // on the UI goroutine
	if !ok {
		return fmt.Errorf("no answer to %q", question)
	}
	return nil
}

// answerStreaming shoots an answer while it streams, with the stage under its text, on a server
// that streams slowly (the demo's answers are written in about a second), with the documents
// folded away so that the conversation has the room.
func (t *tour) answerStreaming() (fyne.Window, error) {
	slow, err := startSlowServer()
	if err != nil {
		return nil, err
	}
	t.slow = slow
	onUI(func() { t.w.ShowUploads(false) }) // the popover the previous stop opened
	if err := t.b.SignIn().Connect(context.Background(), slow.url, slow.key); err != nil {
		return nil, fmt.Errorf("connect to the slow server: %w", err)
	}
	onUI(t.w.ShowBrowser)
	if !waitFor(60*time.Second, t.w.Settled) {
		return nil, errors.New("the slow server's workspaces did not show")
	}
	if err := t.selectWorkspace("My documents", ""); err != nil {
		return nil, err
	}
	onUI(func() { t.w.FoldDocuments(true) })
	err = t.askAndWait("How many days of annual leave do employees get?", func(text string, streaming bool) bool {
		return streaming && len(text) > 60
	})
	return t.w.Main(), err
}

// answerTable shoots a finished answer calculated from a spreadsheet: a table and its source.
func (t *tour) answerTable() (fyne.Window, error) {
	if err := t.selectWorkspace("Finance", ""); err != nil {
		return nil, err
	}
	onUI(func() { t.w.FoldDocuments(true) })
	err := t.askAndWait("What is the total revenue by region?", func(text string, streaming bool) bool {
		return !streaming && text != ""
	})
	return t.w.Main(), err
}

// answerNotFound shoots an answer the documents do not cover.
func (t *tour) answerNotFound() (fyne.Window, error) {
	err := t.askAndWait("Who won the chess olympiad in 1998?", func(text string, streaming bool) bool {
		return !streaming && text != ""
	})
	return t.w.Main(), err
}

// answerStopped shoots an answer stopped while it streamed: its text kept, with Retry.
func (t *tour) answerStopped() (fyne.Window, error) {
	if err := t.selectWorkspace("My documents", ""); err != nil {
		return nil, err
	}
	onUI(func() { t.w.FoldDocuments(true) })
	err := t.askAndWait("Can unused days be carried over?", func(text string, streaming bool) bool {
		return streaming && len(text) > 160
	})
	if err != nil {
		return nil, err
	}
	onUI(t.w.StopAnswer)
	waitFor(10*time.Second, func() bool { _, streaming := t.w.Answer(); return !streaming })
	return t.w.Main(), nil
}

// answerCode shoots a finished answer with a code block (highlighted, with Copy), a table and two
// sources, one used and one consulted (the scripted server's answer to codeQuestion).
func (t *tour) answerCode() (fyne.Window, error) {
	err := t.askAndWait(codeQuestion, func(text string, streaming bool) bool { return !streaming && text != "" })
	return t.w.Main(), err
}

// keyNeeded shoots the banner that asks for the API key: the server refuses the key given, and
// the cached list stays usable while the banner offers a key field.
func (t *tour) keyNeeded() (fyne.Window, error) {
	if err := t.b.SignIn().Connect(context.Background(), t.slow.url, "lk_tour_wrong_key_0000"); err != nil {
		return nil, err
	}
	onUI(t.w.ShowBrowser)
	onUI(t.w.Refresh)
	needed := waitFor(60*time.Second, func() bool { return t.b.SignIn().Connection().State == connection.ConnKeyNeeded })
	if !needed {
		return nil, errors.New("the refused key did not ask for a key")
	}
	return t.w.Main(), nil
}
