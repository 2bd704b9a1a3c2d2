package conversation

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/client/emulator"
	"lectern/ui/internal/uitest"
	"lectern/ui/widgets"
)

// Issue 25's walk (ui/a11y_test.go) over the screens of issue 22: "A test walks the widget tree
// of every screen ... (the model chat and its cards ..., dialogs) and fails on any control a
// person can act on, or any status badge, without an accessible label."

// assertLabelled fails on every object of a window a screen reader could not name, and on a
// screen whose top layer does not give each label wanted.
var assertLabelled = uitest.AssertLabelled

// inWindow shows o alone in a window, as a screen the walk can take.
func inWindow(t *testing.T, o fyne.CanvasObject) fyne.Window {
	w := test.NewTempWindow(t, o)
	w.Resize(fyne.NewSize(900, 1200))
	return w
}

// The tool cards of a saved turn (a web search, a consulted workspace with its source chips, a
// refused and a failed call, a generated file), a card waiting for the tools' shared limit and
// one waiting for the person's consent.
func TestAccessibilityLabelsOnToolCards(t *testing.T) {
	saved := newTurnView(toolTurn(), turnCallbacks{})
	assertLabelled(t, inWindow(t, saved.row), "the tool cards of a saved turn",
		"Workspace consulted: Finance, 2 sources, done", "Budget.xlsx", "Tide table")
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	waiting := newTurnView(pendingTurn(3, app.ToolWaitingLimit, now.Add(30*time.Second)),
		turnCallbacks{now: func() time.Time { return now }})
	assertLabelled(t, inWindow(t, waiting.row), "a card waiting for the limit", "Waiting for the tools' shared limit: 30 s left")

	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.turns = []app.Turn{pendingTurn(10, app.ToolWaitingConsent, time.Time{})}
	c.views = map[int64]*turnView{}
	v := c.view(0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go c.consent(ctx, app.ConsentRequest{Tool: app.ToolWebSearch, CallID: "call-1", Summary: `Search the web for "tides"`})
	until(t, "the question asked", func() bool { return c.cardOf(t, true).Consent.Asking() })
	assertLabelled(t, inWindow(t, v.row), "a card asking for consent", "waiting for your consent: ", "Allow once", "Always in this conversation", "Refuse")
}

// A model chat's tools bar (the web search toggle, the workspaces to consult) and the picker of
// the workspaces it opens.
func TestAccessibilityLabelsOnTheModelChatToolsBar(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := modelChat(t, f)
	c.model.selectTier("Fast")
	assertLabelled(t, c.win, "the tools bar", "Web search", "Workspaces to consult: none")
	all, err := f.app.CachedWorkspaces(context.Background())
	if err != nil || len(all) == 0 {
		t.Fatalf("workspaces %d, %v", len(all), err)
	}
	c.model.tools.showPicker(all)
	assertLabelled(t, c.win, "the workspaces to consult", app.OneLine(all[0].Workspace.Name), "Save")
}

// The cards of files in a model chat (a PDF's text, a scan's OCR job, a generated file) and the
// Generate a file… dialog.
func TestAccessibilityLabelsOnFileCards(t *testing.T) {
	cfg := fastConfig()
	cfg.Tools = emulator.ToolsConfig{OCRQueueDelay: time.Hour}
	f := newFixture(t, cfg)
	c := modelChat(t, f)
	c.AskGenerate()
	drain()
	assertLabelled(t, c.win, "Generate a file…", "The file to generate", "Generate", "Cancel")
	uitest.CloseOverlays(c.win)
	c.GenerateFile("a budget spreadsheet for the team")
	until(t, "the generated file", func() bool { return len(c.turns) == 1 && c.turns[0].Status == app.TurnCompleted })
	assertLabelled(t, c.win, "a generated file", "Generated file: a budget spreadsheet for the team", "Save as…")

	pdf := pdfFile(t, "tides.pdf", [][]string{{"High tide at Brest is at 06:12 on Monday."}})
	c.TakeFiles([]string{pdf, pdfFile(t, "scan.pdf", [][]string{{}})})
	until(t, "the PDFs' cards", func() bool { return len(c.model.files.entries) == 2 })
	assertLabelled(t, c.win, "the PDF cards", "PDF text: tides.pdf", "Tables only", "Remove", "Read with OCR")
	scan := 0
	if c.model.files.entries[0].path == pdf {
		scan = 1
	}
	test.Tap(trayCard[*widgets.FileTextCard](t, c, scan).OCR)
	until(t, "the job queued", func() bool { return c.model.files.entries[scan].job != nil })
	assertLabelled(t, c.win, "an OCR job", "OCR: scan.pdf", "Stop")
}

// An assistant conversation: its workspace picker, the chips of files attached (each with its
// remove button), and the line saying the workspace pinned once the first message is sent.
func TestAccessibilityLabelsOnTheAssistantConversation(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := assistantPane(t, f)
	dir := t.TempDir()
	ferry := filepath.Join(dir, "ferry.txt")
	_ = os.WriteFile(ferry, []byte("The boat leaves at nine from pier 4."), 0o600)
	c.TakeFiles([]string{ferry})
	until(t, "the chip", func() bool { return len(c.AttachedFiles()) == 1 })
	assertLabelled(t, c.win, "a new assistant conversation", "ferry.txt")
	c.PickAssistantWorkspace("My documents")
	c.Ask("When does the boat leave?")
	until(t, "the answer", func() bool { _, streaming := c.Answer(); return !streaming && len(c.Turns()) == 1 })
	assertLabelled(t, c.win, "an assistant conversation answered", c.assist.pinned.Text)
}
