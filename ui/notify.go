package ui

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"

	"lectern/app"
	"lectern/internal/notify"
	"lectern/ui/internal/work"
)

// The OS notifications, sent while no window of Lectern is in front: an answer that took longer
// than slowAnswer ended, a batch of uploads ended (every file ready or failed), an OCR job ended.
// Settings turns each kind off. A click on one opens what it is about (the conversation, the
// uploads list, the window) where the system tells Lectern of the click: on Linux, through the
// desktop's notification service (package notify). Elsewhere Fyne's SendNotification sends it,
// which takes nothing to do on a click: macOS brings Lectern forward, Windows only closes it.

// slowAnswer is how long an answer must have taken for its end to be told.
const slowAnswer = 10 * time.Second

// notifyKind is a kind of notification, each turned off apart in Settings.
type notifyKind int

const (
	notifyAnswers notifyKind = iota
	notifyUploads
	notifyOCR
)

// notifyOn reports whether the settings s let kind be sent (each is on until turned off).
func notifyOn(s app.Settings, kind notifyKind) bool {
	p := map[notifyKind]*bool{notifyAnswers: s.NotifyAnswers, notifyUploads: s.Notifications, notifyOCR: s.NotifyOCR}[kind]
	return p == nil || *p
}

// notify sends title and body through the OS when no window is in front and the settings let
// kind; a click on it calls open on the UI goroutine (where the system tells of clicks).
func (u *UI) notify(kind notifyKind, title, body string, open func()) {
	if windowFocused() || !notifyOn(u.b.Settings(), kind) {
		return
	}
	sendNotification(fyne.NewNotification(title, body), func() { fyne.Do(open) })
}

// workEnded tells of an answer that ended after a long wait, which a click opens (the OCR jobs tell
// their own end, with what was read).
func (u *UI) workEnded(e work.Ended) {
	if e.Kind != work.Answer || e.Took <= slowAnswer {
		return
	}
	u.notify(notifyAnswers, e.Title, e.Body, func() {
		if e.Conversation != 0 {
			u.continueConversation(e.Conversation)
		} else {
			u.bringForward()
		}
	})
}

// notifyFinished notes an upload that ended; once none is left on its way, the batch is told in
// one notification. The queue is read off the UI goroutine.
func (m *mainView) notifyFinished(ev app.UploadFinished) {
	m.finished = append(m.finished, ev)
	go func() {
		list, err := m.b.Uploads().List(m.lf.Ctx)
		if err != nil {
			return
		}
		for _, e := range list {
			if !e.State.Final() {
				return // the batch goes on: told when its last file ends
			}
		}
		m.lf.Do(func() {
			if len(m.finished) > 0 && m.notify != nil {
				title, body := batchText(m.finished)
				m.notify(notifyUploads, title, body, m.showUploads)
			}
			m.finished = nil
		})
	}()
}

// batchText says how a batch of uploads ended: which files can now be asked, which were not added.
func batchText(done []app.UploadFinished) (title, body string) {
	var ready, failed []string
	var reason string
	for _, ev := range done {
		if ev.Status == string(app.UploadReady) {
			ready = append(ready, "“"+app.OneLine(ev.Name)+"”")
		} else {
			failed = append(failed, app.OneLine(ev.Name))
			reason = ev.Reason
		}
	}
	switch {
	case len(failed) == 0 && len(ready) == 1:
		return "Ready: " + strings.Trim(ready[0], "“”"), ready[0] + " can now be asked in Lectern."
	case len(failed) == 0:
		return fmt.Sprintf("%d files ready", len(ready)), joinNames(ready) + " can now be asked in Lectern."
	case len(ready) == 0 && len(failed) == 1:
		return "Not added: " + failed[0], reason
	case len(ready) == 0:
		return fmt.Sprintf("%d files not added", len(failed)), joinNames(failed) + " were not added; the uploads list says why."
	}
	return fmt.Sprintf("%d ready, %d not added", len(ready), len(failed)),
		joinNames(ready) + " can now be asked; " + joinNames(failed) + " not added (the uploads list says why)."
}

// joinNames writes names as a person lists them: "a", "a and b", "a, b and c".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// focused is whether the app is in the foreground, from Fyne's lifecycle hooks.
var focused = true

// windowFocused reports whether the window is in front; tests replace it.
var windowFocused = func() bool { return focused }

// sendNotification shows an OS notification, open being what a click on it does where the system
// says; tests replace it.
var sendNotification = func(n *fyne.Notification, open func()) { desktopNotifier.send(n, open) }

// desktopNotifier sends through the desktop's notification service where one answers on the
// session bus (Linux and the BSDs), and through Fyne elsewhere.
var desktopNotifier notifier

// notifier connects to the notification service at a notification, until one answers (a desktop
// may start its service after Lectern), and drops it when it stops answering.
type notifier struct {
	mu     sync.Mutex
	sender *notify.Sender
}

func (d *notifier) send(n *fyne.Notification, open func()) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.sender == nil && runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		d.sender, _ = notify.Connect("", "Lectern", AppID)
	}
	if d.sender != nil {
		if d.sender.Send(n.Title, n.Content, AppID, open) == nil {
			return
		}
		_ = d.sender.Close()
		d.sender = nil
	}
	fyne.CurrentApp().SendNotification(n)
}

// watchFocus follows the app's focus through its lifecycle hooks.
func (u *UI) watchFocus() {
	lc := u.fa.Lifecycle()
	lc.SetOnEnteredForeground(func() { focused = true })
	lc.SetOnExitedForeground(func() { focused = false })
}
