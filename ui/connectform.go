package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/errview"
	"lectern/ui/internal/life"
	"lectern/ui/widgets"
)

// connectForm is the form that connects to a server: its address and API key, Test connection and
// Connect, and, where no keychain exists, the choice of a key file. The first-run page and
// Settings' Connect to another server show the same form.
type connectForm struct {
	b  *app.App
	lf life.Life

	server, key   *widget.Entry
	test, connect *widget.Button
	keyFile       *widget.Check
	keyFileNote   *widget.Label
	busy          *widget.Activity
	result        *widget.Label
	errs          *errview.View
	root          *fyne.Container
	inFlight      bool

	onBusy      func(on bool) // on the UI goroutine, when a check starts and ends
	onConnected func()        // on the UI goroutine, after Connect succeeded
}

func newConnectForm(lf life.Life, b *app.App) *connectForm {
	f := &connectForm{b: b, lf: lf, errs: errview.New(b.Explain)}
	f.server = widget.NewEntry()
	f.server.SetPlaceHolder("https://workspace.example.com")
	f.key = widget.NewPasswordEntry()
	f.key.SetPlaceHolder("Your API key")
	f.key.OnSubmitted = func(string) { f.doConnect() }
	f.test = widget.NewButtonWithIcon("Test connection", theme.SearchIcon(), f.doTest)
	f.connect = widget.NewButtonWithIcon("Connect", theme.LoginIcon(), f.doConnect)
	f.connect.Importance = widget.HighImportance
	f.keyFile, f.keyFileNote = newKeyFileCheck(nil)
	f.keyFile.SetChecked(b.Settings().KeyFile)
	f.busy = widget.NewActivity()
	f.busy.Hide()
	f.result = widget.NewLabel("")
	f.result.Wrapping = fyne.TextWrapWord
	f.result.Hide()
	form := widget.NewForm(widget.NewFormItem("Server address", f.server), widget.NewFormItem("API key", f.key))
	f.root = container.NewVBox(form, f.keyFile, f.keyFileNote, container.NewHBox(f.test, f.connect, f.busy), f.result, f.errs.Box)
	return f
}

// newKeyFileCheck makes the choice of a key file with its one-sentence warning, both hidden until
// showKeyFile tells that no keychain exists.
func newKeyFileCheck(changed func(bool)) (*widget.Check, *widget.Label) {
	c := widget.NewCheck("Keep the key in a file that only you can read", changed)
	note := widget.NewLabel(app.KeyFileNote)
	note.Wrapping = fyne.TextWrapWord
	note.Importance = widget.WarningImportance
	note.SizeName = theme.SizeNameCaptionText
	c.Hide()
	note.Hide()
	return c, note
}

// showKeyFile shows the key-file choice only where no keychain exists.
func (f *connectForm) showKeyFile(chain bool) {
	widgets.ShowIf(f.keyFile, !chain)
	widgets.ShowIf(f.keyFileNote, !chain)
}

// setBusy disables the buttons while a check runs.
func (f *connectForm) setBusy(on bool) {
	f.inFlight = on
	for _, b := range []*widget.Button{f.test, f.connect} {
		if on {
			b.Disable()
		} else {
			b.Enable()
		}
	}
	if on {
		f.busy.Show()
		f.busy.Start()
	} else {
		f.busy.Stop()
		f.busy.Hide()
	}
	if f.onBusy != nil {
		f.onBusy(on)
	}
}

// inputs checks the address and key; on a problem it shows it and returns false.
func (f *connectForm) inputs() (server, key string, ok bool) {
	f.result.Hide()
	server, err := app.ValidateServerURL(strings.TrimSpace(f.server.Text))
	if err != nil {
		f.errs.SetError(err)
		return "", "", false
	}
	key = strings.TrimSpace(f.key.Text)
	if key == "" {
		f.errs.SetError(fmt.Errorf("enter the API key made for you in the service's key management page"))
		return "", "", false
	}
	f.errs.SetError(nil)
	return server, key, true
}

func (f *connectForm) doTest() {
	server, key, ok := f.inputs()
	if !ok || f.inFlight {
		return
	}
	f.setBusy(true)
	go func() {
		ws, err := f.b.TestConnection(f.lf.Ctx, server, key)
		f.lf.Do(func() {
			f.setBusy(false)
			f.errs.SetError(err)
			if err == nil {
				f.result.SetText(workspaceSummary(ws))
				f.result.Show()
			}
		})
	}()
}

func (f *connectForm) doConnect() {
	server, key, ok := f.inputs()
	if !ok || f.inFlight {
		return
	}
	choice, keyFile := f.keyFile.Visible(), f.keyFile.Checked
	f.setBusy(true)
	go func() {
		var err error
		if choice && keyFile != f.b.Settings().KeyFile {
			err = f.b.SetKeyFile(f.lf.Ctx, keyFile)
		}
		if err == nil {
			err = f.b.Connect(f.lf.Ctx, server, key)
		}
		f.lf.Do(func() {
			f.setBusy(false)
			f.errs.SetError(err)
			if err == nil {
				f.key.SetText("")
				if f.onConnected != nil {
					f.onConnected()
				}
			}
		})
	}()
}
