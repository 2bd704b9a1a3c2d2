package settings

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/internal/words"
	"lectern/ui/errview"
	"lectern/ui/internal/life"
	"lectern/ui/widgets"
)

// ConnectForm is the form that connects to a server: its address and API key, Test connection and
// Connect, and, where no keychain exists, the choice of a key file. The first-run page and
// Settings' Connect to another server show the same form.
type ConnectForm struct {
	lf life.Life
	b  ConnectBackend

	// Server and Key are the address and API key fields; TestButton and ConnectButton check and
	// connect; Result says what a test found; Errs says what went wrong. Root holds the form.
	Server, Key               *widgets.Entry
	TestButton, ConnectButton *widget.Button
	Result                    *widget.Label
	Errs                      *errview.View
	Root                      *fyne.Container

	keyFile     *widgets.Check
	keyFileNote *widget.Label
	busy        *widget.Activity
	inFlight    bool

	OnBusy      func(on bool) // on the UI goroutine, when a check starts and ends
	OnConnected func()        // on the UI goroutine, after Connect succeeded
}

// ConnectBackend is what the connect form uses of the application core; *app.App implements it.
type ConnectBackend interface {
	Settings() app.Settings
	SetKeyFile(ctx context.Context, on bool) error
	TestConnection(ctx context.Context, server, key string) ([]client.Workspace, error)
	Connect(ctx context.Context, server, key string) error
	Explain(err error) app.Explanation
}

// NewConnectForm makes the form, empty, over b.
func NewConnectForm(lf life.Life, b ConnectBackend) *ConnectForm {
	f := &ConnectForm{b: b, lf: lf, Errs: errview.New(b.Explain)}
	f.Server = widgets.NewEntry("Server address")
	f.Server.SetPlaceHolder("https://workspace.example.com")
	f.Key = widgets.NewPasswordEntry("API key")
	f.Key.SetPlaceHolder("Your API key")
	f.Key.OnSubmitted = func(string) { f.doConnect() }
	f.TestButton = widget.NewButtonWithIcon("Test connection", theme.SearchIcon(), f.doTest)
	f.ConnectButton = widget.NewButtonWithIcon("Connect", theme.LoginIcon(), f.doConnect)
	f.ConnectButton.Importance = widget.HighImportance
	f.keyFile, f.keyFileNote = NewKeyFileCheck(nil)
	f.keyFile.SetChecked(b.Settings().KeyFile)
	f.busy = widget.NewActivity()
	f.busy.Hide()
	f.Result = widget.NewLabel("")
	f.Result.Wrapping = fyne.TextWrapWord
	f.Result.Hide()
	form := widget.NewForm(widget.NewFormItem("Server address", f.Server), widget.NewFormItem("API key", f.Key))
	f.Root = container.NewVBox(form, f.keyFile, f.keyFileNote, container.NewHBox(f.TestButton, f.ConnectButton, f.busy), f.Result, f.Errs.Box)
	return f
}

// NewKeyFileCheck makes the choice of a key file with its one-sentence warning, both hidden until
// ShowKeyFileChoice shows the choice where no keychain exists; the warning shows while the box is
// ticked (issue 35: it warned of a choice not made).
func NewKeyFileCheck(changed func(bool)) (*widgets.Check, *widget.Label) {
	note := widget.NewLabel(app.KeyFileNote)
	var c *widgets.Check
	c = widgets.NewCheck("Keep the key in a file that only you can read", func(on bool) {
		widgets.ShowIf(note, on && c.Visible())
		if changed != nil {
			changed(on)
		}
	})
	note.Wrapping = fyne.TextWrapWord
	note.Importance = widget.WarningImportance
	note.SizeName = theme.SizeNameCaptionText
	c.Hide()
	note.Hide()
	return c, note
}

// ShowKeyFileChoice shows the key-file choice c, or hides it, and its warning note while c is
// ticked.
func ShowKeyFileChoice(c *widgets.Check, note *widget.Label, on bool) {
	widgets.ShowIf(c, on)
	widgets.ShowIf(note, on && c.Checked)
}

// ShowKeyFile shows the key-file choice only where no keychain exists.
func (f *ConnectForm) ShowKeyFile(chain bool) { ShowKeyFileChoice(f.keyFile, f.keyFileNote, !chain) }

// SetBusy disables the buttons while a check runs.
func (f *ConnectForm) SetBusy(on bool) {
	f.inFlight = on
	for _, b := range []*widget.Button{f.TestButton, f.ConnectButton} {
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
	if f.OnBusy != nil {
		f.OnBusy(on)
	}
}

// inputs checks the address and key; on a problem it shows it and returns false.
func (f *ConnectForm) inputs() (server, key string, ok bool) {
	f.Result.Hide()
	server, err := app.ValidateServerURL(strings.TrimSpace(f.Server.Text))
	if err != nil {
		f.Errs.SetError(err)
		return "", "", false
	}
	key = strings.TrimSpace(f.Key.Text)
	if key == "" {
		f.Errs.SetError(fmt.Errorf("enter the API key made for you in the service's key management page"))
		return "", "", false
	}
	f.Errs.SetError(nil)
	return server, key, true
}

func (f *ConnectForm) doTest() {
	server, key, ok := f.inputs()
	if !ok || f.inFlight {
		return
	}
	f.SetBusy(true)
	go func() {
		ws, err := f.b.TestConnection(f.lf.Ctx, server, key)
		f.lf.Do(func() {
			f.SetBusy(false)
			f.Errs.SetError(err)
			if err == nil {
				f.Result.SetText(workspaceSummary(ws))
				f.Result.Show()
			}
		})
	}()
}

func (f *ConnectForm) doConnect() {
	server, key, ok := f.inputs()
	if !ok || f.inFlight {
		return
	}
	choice, keyFile := f.keyFile.Visible(), f.keyFile.Checked
	f.SetBusy(true)
	go func() {
		var err error
		if choice && keyFile != f.b.Settings().KeyFile {
			err = f.b.SetKeyFile(f.lf.Ctx, keyFile)
		}
		if err == nil {
			err = f.b.Connect(f.lf.Ctx, server, key)
		}
		f.lf.Do(func() {
			f.SetBusy(false)
			f.Errs.SetError(err)
			if err == nil {
				f.Key.SetText("")
				if f.OnConnected != nil {
					f.OnConnected()
				}
			}
		})
	}()
}

// Busy reports whether a check or a connection is under way.
func (f *ConnectForm) Busy() bool { return f.inFlight }

// KeyFileShown reports whether the key-file choice is offered (no keychain here).
func (f *ConnectForm) KeyFileShown() bool { return f.keyFile.Visible() }

// workspaceSummary says what a successful test found.
func workspaceSummary(ws []client.Workspace) string {
	if len(ws) == 0 {
		return "The key works, but it cannot open any workspace yet."
	}
	names := make([]string, 0, 6)
	for i, w := range ws {
		if i == 5 {
			names = append(names, fmt.Sprintf("and %d more", len(ws)-5))
			break
		}
		names = append(names, app.OneLine(w.Name))
	}
	return fmt.Sprintf("The key works: it opens %d %s: %s.", len(ws), words.Plural(len(ws), "workspace"), strings.Join(names, ", "))
}
