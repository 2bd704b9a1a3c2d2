package settings

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// keySettings is the part of Settings that changes the current server's key: Change key opens a
// masked field with Save key and Cancel; where no keychain exists, the choice of a key file.
type keySettings struct {
	s           *Window
	change      *widget.Button
	edit        *fyne.Container
	entry       *widgets.Entry
	save        *widget.Button
	keyFile     *widgets.Check
	keyFileNote *widget.Label
	root        *fyne.Container
	inFlight    bool
	loading     bool
}

func newKeySettings(s *Window) *keySettings {
	k := &keySettings{s: s}
	k.change = widget.NewButtonWithIcon("Change key", theme.DocumentCreateIcon(), k.open)
	k.entry = widgets.NewPasswordEntry("New API key")
	k.entry.SetPlaceHolder("Paste the new API key")
	k.entry.OnSubmitted = func(string) { k.doSave() }
	k.save = widget.NewButtonWithIcon("Save key", theme.ConfirmIcon(), k.doSave)
	k.save.Importance = widget.HighImportance
	cancel := widget.NewButton("Cancel", k.close)
	k.edit = container.NewBorder(nil, nil, nil, container.NewHBox(k.save, cancel), k.entry)
	k.edit.Hide()
	k.keyFile, k.keyFileNote = NewKeyFileCheck(k.setKeyFile)
	k.change.Hide()
	k.root = container.NewVBox(container.NewHBox(k.change), k.edit, k.keyFile, k.keyFileNote)
	return k
}

// show offers Change key when a server is in use (not the demo, whose key is its own, nor a key
// from LECTERN_API_KEY, which overrides any other), and the key-file choice where no keychain exists.
func (k *keySettings) show(server bool, src app.KeySource, chain, keyFile bool) {
	changeable := server && src != app.KeyFromEnv
	widgets.ShowIf(k.change, changeable && !k.edit.Visible())
	if !changeable {
		k.edit.Hide()
	}
	k.loading = true
	k.keyFile.SetChecked(keyFile)
	k.loading = false
	ShowKeyFileChoice(k.keyFile, k.keyFileNote, server && !chain)
}

func (k *keySettings) open() {
	k.change.Hide()
	k.edit.Show()
	k.s.win.Canvas().Focus(k.entry)
}

func (k *keySettings) close() {
	k.entry.SetText("")
	k.edit.Hide()
	k.change.Show()
}

// doSave tries the new key on the current server and keeps it (keychain, else the key file when
// chosen, else memory); the window's workspaces are then refreshed with it.
func (k *keySettings) doSave() {
	key := strings.TrimSpace(k.entry.Text)
	if k.inFlight {
		return
	}
	if key == "" {
		k.s.errs.SetError(errors.New("paste the new API key made for you in the service's key management page"))
		return
	}
	k.inFlight = true
	k.save.Disable()
	s := k.s
	go func() {
		err := s.keysB.EnterKey(s.lf.Ctx, key)
		s.lf.Do(func() {
			k.inFlight = false
			k.save.Enable()
			k.s.errs.SetError(err)
			if err != nil {
				return
			}
			k.close()
			s.Refresh()
			s.hooks.KeyChanged()
		})
	}()
}

func (k *keySettings) setKeyFile(on bool) {
	if k.loading {
		return
	}
	s := k.s
	go func() {
		err := s.keysB.SetKeyFile(s.lf.Ctx, on)
		s.lf.Do(func() {
			s.errs.SetError(err)
			s.Refresh()
		})
	}()
}

// showConnectOther opens the first run's connect form in a dialog over Settings. The server in
// use keeps its cache (every server's is kept apart); after connecting, the window shows the new
// server's workspaces.
func (s *Window) showConnectOther() {
	f := NewConnectForm(s.lf, s.connectB)
	f.ShowKeyFile(s.chain)
	note := widget.NewLabel("The workspaces and conversations cached for each server stay on this computer: " +
		"connecting back to a server shows them again.")
	note.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("Connect to another server", "Cancel", container.NewVBox(note, f.Root), s.win)
	f.OnConnected = func() {
		d.Hide()
		s.Refresh()
		s.hooks.Switched()
	}
	s.connectOther = f
	d.Resize(fyne.NewSize(560, 420))
	dialogs.Show(d, s.win)
	s.win.Canvas().Focus(f.Server)
}

// signOutText is the sign-out dialog's title and text: what will be removed from this computer,
// named as it exists here (no keychain talk where none exists, none in demo mode).
func signOutText(server string, demo, chain bool, src app.KeySource, keyFile string) (string, string) {
	const kept = " The cached workspaces and conversations stay on this computer for next time."
	if demo {
		return "Leave the demo?", "Lectern stops the built-in demo server and goes back to the first page." + kept
	}
	var key string
	switch src {
	case app.KeyFromKeychain:
		key = "removes its API key from the system keychain"
	case app.KeyFromFile:
		key = "deletes the file that holds its API key (" + keyFile + ")"
	case app.KeyFromSession:
		key = "drops its API key, which is kept in memory for this session only"
		if chain {
			key += " (and any copy in the system keychain)"
		}
	case app.KeyFromEnv:
		key = "keeps nothing else: the key comes from LECTERN_API_KEY, which stays set until you unset it"
	default:
		key = "has no API key stored for it to remove"
	}
	return "Sign out?", "Lectern forgets the server " + server + " and " + key + "." + kept
}
