package ui

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
)

// firstRun is the page shown while no server is saved: connect to a server with an address and
// an API key (with a Test connection button), or try the demo.
type firstRun struct {
	b   Backend
	ctx context.Context
	win fyne.Window

	server, key    *widget.Entry
	test, connect  *widget.Button
	demo           *widget.Button
	busy           *widget.Activity
	result         *widget.Label
	errs, demoErrs *errorView
	root           fyne.CanvasObject
	connectCard    *widget.Card
	onConnected    func() // on the UI goroutine, after Connect or StartDemo succeeded
	inFlight       bool
}

func newFirstRun(b Backend, ctx context.Context, win fyne.Window) *firstRun {
	f := &firstRun{b: b, ctx: ctx, win: win, errs: newErrorView(b.Explain), demoErrs: newErrorView(b.Explain)}
	f.server = widget.NewEntry()
	f.server.SetPlaceHolder("https://workspace.example.com")
	f.key = widget.NewPasswordEntry()
	f.key.SetPlaceHolder("Your API key")
	f.key.OnSubmitted = func(string) { f.doConnect() }
	f.test = widget.NewButtonWithIcon("Test connection", theme.SearchIcon(), f.doTest)
	f.connect = widget.NewButtonWithIcon("Connect", theme.LoginIcon(), f.doConnect)
	f.connect.Importance = widget.HighImportance
	f.demo = widget.NewButtonWithIcon("Try the demo", theme.MediaPlayIcon(), f.doDemo)
	f.busy = widget.NewActivity()
	f.busy.Hide()
	f.result = widget.NewLabel("")
	f.result.Wrapping = fyne.TextWrapWord
	f.result.Hide()
	f.root = f.layout()
	go func() {
		chain := b.KeychainAvailable()
		uiDo(func() { f.connectCard.SetSubTitle(keychainNote(chain)) })
	}()
	return f
}

// keychainNote says where the key will be kept.
func keychainNote(available bool) string {
	if available {
		return "The key is kept in the system keychain."
	}
	return "No keychain is available: the key is kept only until Lectern closes."
}

func (f *firstRun) content() fyne.CanvasObject { return f.root }

func (f *firstRun) handle(app.Event) {}

func (f *firstRun) layout() fyne.CanvasObject {
	icon := canvas.NewImageFromResource(iconResource)
	icon.FillMode = canvas.ImageFillContain
	icon.SetMinSize(fyne.NewSquareSize(88))
	title := widget.NewLabelWithStyle("Welcome to Lectern", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameHeadingText
	sub := widget.NewLabel("Ask questions of your workspace documents, online or from the offline cache.")
	header := container.NewHBox(icon, container.NewVBox(layout.NewSpacer(), title, sub, layout.NewSpacer()))

	form := widget.NewForm(widget.NewFormItem("Server address", f.server), widget.NewFormItem("API key", f.key))
	actions := container.NewHBox(f.test, f.connect, f.busy)
	connect := widget.NewCard("Connect to your server", "",
		container.NewVBox(form, actions, f.result, f.errs.box))

	demoText := widget.NewLabel("Explore Lectern with sample workspaces and documents, served by a demo " +
		"server built into the app. Nothing leaves this computer.")
	demoText.Wrapping = fyne.TextWrapWord
	demo := widget.NewCard("Try the demo", "No account needed.",
		container.NewVBox(demoText, container.NewHBox(f.demo), f.demoErrs.box))

	f.connectCard = connect
	cards := container.NewGridWithColumns(2, connect, demo)
	page := container.NewVBox(header, widget.NewSeparator(), cards)
	return container.NewCenter(container.New(&maxWidth{width: 900}, container.NewPadded(page)))
}

// setBusy disables the buttons while a check runs.
func (f *firstRun) setBusy(on bool) {
	f.inFlight = on
	for _, b := range []*widget.Button{f.test, f.connect, f.demo} {
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
}

// inputs checks the address and key; on a problem it shows it and returns false.
func (f *firstRun) inputs() (server, key string, ok bool) {
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

func (f *firstRun) doTest() {
	server, key, ok := f.inputs()
	if !ok || f.inFlight {
		return
	}
	f.setBusy(true)
	go func() {
		ws, err := f.b.TestConnection(f.ctx, server, key)
		uiDo(func() {
			f.setBusy(false)
			f.errs.SetError(err)
			if err == nil {
				f.result.SetText(workspaceSummary(ws))
				f.result.Show()
			}
		})
	}()
}

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
	return fmt.Sprintf("The key works: it opens %d %s: %s.", len(ws), plural(len(ws), "workspace"), strings.Join(names, ", "))
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func (f *firstRun) doConnect() {
	server, key, ok := f.inputs()
	if !ok || f.inFlight {
		return
	}
	f.setBusy(true)
	go func() {
		err := f.b.Connect(f.ctx, server, key)
		uiDo(func() { f.finish(err, f.errs) })
	}()
}

func (f *firstRun) doDemo() {
	if f.inFlight {
		return
	}
	f.setBusy(true)
	f.demoErrs.SetError(nil)
	go func() {
		err := f.b.StartDemo(f.ctx)
		uiDo(func() { f.finish(err, f.demoErrs) })
	}()
}

func (f *firstRun) finish(err error, where *errorView) {
	f.setBusy(false)
	where.SetError(err)
	if err == nil && f.onConnected != nil {
		f.onConnected()
	}
}

// maxWidth lays out one object at its minimum height and at most width wide.
type maxWidth struct{ width float32 }

func (m *maxWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Resize(size)
	}
}

func (m *maxWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := fyne.NewSize(0, 0)
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	if s.Width < m.width {
		s.Width = m.width
	}
	return s
}
