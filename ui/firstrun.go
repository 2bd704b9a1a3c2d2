package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/app/events"
	"lectern/app/secrets"
	"lectern/ui/errview"
	"lectern/ui/internal/life"
	"lectern/ui/internal/parts"
	"lectern/ui/settings"
	ltheme "lectern/ui/theme"
	"lectern/ui/widgets"
)

// firstRun is the page shown while no server is saved: connect to a server with an address and
// an API key (with a Test connection button), or try the demo.
type firstRun struct {
	*settings.ConnectForm // the Connect to your server card
	lf                    life.Life
	b                     *app.App
	win                   fyne.Window

	demo        *widget.Button
	demoErrs    *errview.View
	root        fyne.CanvasObject
	connectCard *widget.Card
}

func newFirstRun(lf life.Life, b *app.App, win fyne.Window) *firstRun {
	f := &firstRun{ConnectForm: settings.NewConnectForm(lf, parts.Of(b)), lf: lf, b: b, win: win, demoErrs: errview.New(b.Explain)}
	f.demo = widget.NewButtonWithIcon("Try the demo", theme.MediaPlayIcon(), f.doDemo)
	f.OnBusy = func(on bool) {
		if on {
			f.demo.Disable()
		} else {
			f.demo.Enable()
		}
	}
	f.prefill()
	f.root = f.layout()
	go func() {
		chain := b.SignIn().KeychainAvailable()
		lf.Do(func() {
			f.connectCard.SetSubTitle(keychainNote(chain))
			f.ShowKeyFile(chain)
		})
	}()
	return f
}

// prefill fills the server address and the API key from LECTERN_SERVER and LECTERN_API_KEY, when
// they are set, as the command line uses them: a person who set them for the command line need not
// type them again. The key stays in its password field, never shown or logged.
func (f *firstRun) prefill() {
	if server := secrets.EnvServer(); server != "" {
		f.Server.SetText(server)
	}
	if key := secrets.EnvAPIKey(); key != "" {
		f.Key.SetText(key)
	}
}

// keychainNote says where the key will be kept.
func keychainNote(available bool) string {
	if available {
		return "The key is kept in the system keychain."
	}
	return "No keychain here: the key is kept until Lectern closes, or in a file." // a card subtitle does not wrap
}

func (f *firstRun) content() fyne.CanvasObject { return f.root }

func (f *firstRun) handle(events.Event) {}

func (f *firstRun) layout() fyne.CanvasObject {
	icon := canvas.NewImageFromResource(ltheme.Icon)
	icon.FillMode = canvas.ImageFillContain
	icon.SetMinSize(fyne.NewSquareSize(88))
	title := widget.NewLabelWithStyle("Welcome to Lectern", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameHeadingText
	sub := widget.NewLabel("Ask questions of your workspace documents, online or from the offline cache.")
	header := container.NewHBox(icon, container.NewVBox(layout.NewSpacer(), title, sub, layout.NewSpacer()))

	connect := widget.NewCard("Connect to your server", "", f.ConnectForm.Root)

	demoText := widget.NewLabel("Explore Lectern with sample workspaces and documents, served by a demo " +
		"server built into the app. Nothing leaves this computer.")
	demoText.Wrapping = fyne.TextWrapWord
	demo := widget.NewCard("Try the demo", "No account needed.",
		container.NewVBox(demoText, container.NewHBox(f.demo), f.demoErrs.Box))

	f.connectCard = connect
	cards := container.NewGridWithColumns(2, connect, demo)
	page := container.NewVBox(header, widget.NewSeparator(), cards)
	return container.New(&widgets.UpToWidth{Width: 900, Centred: true}, container.NewPadded(page))
}

func (f *firstRun) doDemo() {
	if f.Busy() {
		return
	}
	f.SetBusy(true) // disables the demo button too (OnBusy)
	f.demoErrs.SetError(nil)
	go func() {
		err := f.b.SignIn().StartDemo(f.lf.Ctx)
		f.lf.Do(func() {
			f.SetBusy(false)
			f.demoErrs.SetError(err)
			if err == nil && f.OnConnected != nil {
				f.OnConnected()
			}
		})
	}()
}
