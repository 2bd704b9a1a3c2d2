package settings

import (
	"context"
	"errors"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	appsync "lectern/app/sync"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// Sync is what Settings uses of the core to sync conversations between computers (issue 32);
// *appsync.Service implements it.
type Sync interface {
	Target() string
	SetUp(target, passphrase string) error
	HasPassphrase() bool
	Round(ctx context.Context) (appsync.Result, error)
	Last() (appsync.Result, time.Time, error)
}

// syncSettings is the Sync section: the target (a folder, or a WebDAV address), the passphrase
// (masked, kept in the keychain), Sync now, and what the last round did or why it failed.
// Automatic sync (app/sync's Auto, which the desktop runs) starts once a target is set.
type syncSettings struct {
	s          *Window
	b          Sync
	target     *widgets.Entry
	passphrase *widgets.Entry
	now        *widget.Button
	progress   *widget.ProgressBarInfinite
	status     *widget.Label // the last round, or what to do to set sync up
	problems   *widget.Label // the last round's error and problems, in words
	running    bool
	edited     bool // the target was typed into since last shown: a refresh keeps it
	root       fyne.CanvasObject
}

func newSyncSettings(s *Window, b Sync) *syncSettings {
	y := &syncSettings{s: s, b: b, target: widgets.NewEntry("Sync folder or WebDAV address"),
		passphrase: widgets.NewPasswordEntry("Sync passphrase"), status: widget.NewLabel(""), problems: widget.NewLabel(""),
		progress: widget.NewProgressBarInfinite()}
	y.target.OnChanged = func(string) { y.edited = true }
	y.target.SetPlaceHolder("A folder, or https://cloud.example.org/remote.php/dav/files/me/lectern")
	y.passphrase.SetPlaceHolder("The same on every computer")
	y.status.Wrapping = fyne.TextWrapWord
	y.problems.Wrapping = fyne.TextWrapWord
	y.problems.Importance = widget.DangerImportance
	y.progress.Hide()
	y.problems.Hide()
	choose := widget.NewButtonWithIcon("Choose folder…", theme.FolderOpenIcon(), y.chooseFolder)
	y.now = widget.NewButtonWithIcon("Sync now", theme.ViewRefreshIcon(), y.syncNow)
	y.now.Importance = widget.HighImportance
	about := widget.NewLabel("Keeps your conversations, projects and preferences the same on your computers, " +
		"through a folder that Dropbox, OneDrive, iCloud Drive or Syncthing keeps in step, or a WebDAV server. " +
		"Everything is encrypted with the passphrase before it leaves this computer; API keys never leave it. " +
		"Once set, Lectern syncs after each change and every 5 minutes.")
	about.Wrapping = fyne.TextWrapWord
	form := widget.NewForm(
		widget.NewFormItem("Sync through", container.NewBorder(nil, nil, nil, choose, y.target)),
		widget.NewFormItem("Passphrase", y.passphrase))
	y.root = container.NewVBox(about, form, container.NewHBox(y.now), y.progress, y.status, y.problems)
	return y
}

// chooseFolder sets the target to a folder picked in the platform's dialog.
func (y *syncSettings) chooseFolder() {
	dialogs.Show(dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err == nil && u != nil {
			y.target.SetText(u.Path()) // edited: kept until Sync now
		}
	}, y.s.win), y.s.win)
}

// show shows the target set and the last round.
func (y *syncSettings) show() {
	if !y.edited {
		y.target.SetText(y.b.Target())
		y.edited = false // SetText called OnChanged
	}
	if y.b.HasPassphrase() {
		y.passphrase.SetPlaceHolder("A passphrase is set (type a new one to change it)")
	}
	y.showLast()
}

// showLast says what the last round did, when, and its problems.
func (y *syncSettings) showLast() {
	res, at, err := y.b.Last()
	y.status.SetText(lastSyncText(y.b.Target(), res, at, err, y.s.lf.Now()))
	var problems []string
	if err != nil {
		problems = append(problems, err.Error())
	}
	problems = append(problems, res.Problems...)
	y.problems.SetText(strings.Join(problems, "\n"))
	y.problems.Hidden = len(problems) == 0
	y.problems.Refresh()
}

// lastSyncText says what the last round did: "Last sync at 14:05: 3 conversations and 12 turns
// in, 1 out."; before one, how to start.
func lastSyncText(target string, res appsync.Result, at time.Time, err error, now time.Time) string {
	switch {
	case target == "":
		return "Sync is off: choose a folder or type a WebDAV address, type a passphrase, then Sync now."
	case at.IsZero():
		return "No sync yet since Lectern started: Sync now, or wait for the next change."
	case err != nil:
		return "The last sync, at " + widgets.ClockOrDate(at, now) + ", did not finish."
	}
	return "Last sync at " + widgets.ClockOrDate(at, now) + ": " + res.String() + "."
}

// syncNow keeps the target and passphrase typed (when changed), then does a round off the UI
// goroutine, the progress bar running meanwhile.
func (y *syncSettings) syncNow() {
	if y.running {
		return
	}
	target, pass := strings.TrimSpace(y.target.Text), y.passphrase.Text
	y.running = true
	y.now.Disable()
	y.progress.Show()
	y.progress.Start()
	y.status.SetText("Syncing…")
	y.problems.Hide()
	go func() {
		var notice error
		if target != y.b.Target() || pass != "" {
			notice = y.b.SetUp(target, pass)
		}
		var kept *appsync.KeptForSession
		if notice == nil || errors.As(notice, &kept) {
			_, _ = y.b.Round(y.s.lf.Ctx)
		}
		y.s.lf.Do(func() {
			y.running, y.edited = false, false
			y.now.Enable()
			y.progress.Stop()
			y.progress.Hide()
			if pass != "" && (notice == nil || kept != nil) {
				y.passphrase.SetText("")
			}
			y.show()
			if notice != nil {
				y.problems.SetText(strings.TrimSpace(notice.Error() + "\n" + y.problems.Text))
				y.problems.Show()
			}
		})
	}()
}
