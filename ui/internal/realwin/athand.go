package realwin

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"

	"lectern/ui/internal/harness"
)

// AtHand is what the probe reports of issue 33's parts: the answer to an "athand" query.
type AtHand struct {
	// Focused is whether a window of the app has the keyboard (Fyne's lifecycle: the app is in
	// front).
	Focused bool
	// Quick is the Quick ask window's state; QuickOpen false when it is closed.
	QuickOpen     bool
	QuickTitle    string
	QuickTargets  []string
	QuickAnswer   string
	QuickStreamed bool // the answer is streaming now
	QuickConv     int64
	QuickFocused  bool // the keyboard is in its question box
	// OpenAsked is the question asked of files opened with Lectern, "" when none shows.
	OpenAsked string
	// Tray is the tray's menu as the app makes it.
	Tray []string
	// UploadsOpen is whether the uploads' list is open over the main window.
	UploadsOpen bool
}

// readAtHand gathers the AtHand; call it on the UI goroutine.
func readAtHand(u *harness.Window) AtHand {
	a := AtHand{OpenAsked: u.OpenAsked(), Tray: u.TrayMenu(), Focused: u.Focused(), UploadsOpen: u.UploadsOpen()}
	if q := u.Quick(); q != nil {
		a.QuickOpen, a.QuickTitle, a.QuickTargets, a.QuickConv = true, q.Win().Title(), q.Targets(), q.Conversation()
		a.QuickAnswer, a.QuickStreamed = q.Answer()
		a.QuickFocused = q.Win().Canvas().Focused() == q.QuestionBox()
	}
	return a
}

// quickAsk picks a target in the Quick ask window (open) and asks a question there.
func quickAsk(u *harness.Window, arg string) error {
	target, question, ok := strings.Cut(arg, "\t")
	if !ok {
		return fmt.Errorf("quickask: want the target, a tab, then the question")
	}
	var err error
	fyne.DoAndWait(func() {
		q := u.Quick()
		if q == nil {
			err = fmt.Errorf("the Quick ask window is not open")
			return
		}
		if !q.Choose(target) {
			err = fmt.Errorf("the Quick ask window has no target %q (it has %q)", target, q.Targets())
			return
		}
		q.SetQuestion(question)
		q.Send()
	})
	return err
}
