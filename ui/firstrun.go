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
	"lectern/internal/words"
)

// firstRun is the page shown while no server is saved: connect to a server with an address and
// an API key (with a Test connection button), or try the demo.
type firstRun struct {
	*connectForm // the Connect to your server card
	win          fyne.Window

	demo        *widget.Button
	demoErrs    *errorView
	root        fyne.CanvasObject
	connectCard *widget.Card
}

func newFirstRun(b Backend, ctx context.Context, win fyne.Window) *firstRun {
	f := &firstRun{connectForm: newConnectForm(b, ctx), win: win, demoErrs: newErrorView(b.Explain)}
	f.demo = widget.NewButtonWithIcon("Try the demo", theme.MediaPlayIcon(), f.doDemo)
	f.connectForm.onBusy = func(on bool) {
		if on {
			f.demo.Disable()
		} else {
			f.demo.Enable()
		}
	}
	f.root = f.layout()
	go func() {
		chain := b.KeychainAvailable()
		uiDo(func() {
			f.connectCard.SetSubTitle(keychainNote(chain))
			f.showKeyFile(chain)
		})
	}()
	return f
}

// keychainNote says where the key will be kept.
func keychainNote(available bool) string {
	if available {
		return "The key is kept in the system keychain."
	}
	return "No keychain here: the key is kept until Lectern closes, or in a file." // a card subtitle does not wrap
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

	connect := widget.NewCard("Connect to your server", "", f.connectForm.root)

	demoText := widget.NewLabel("Explore Lectern with sample workspaces and documents, served by a demo " +
		"server built into the app. Nothing leaves this computer.")
	demoText.Wrapping = fyne.TextWrapWord
	demo := widget.NewCard("Try the demo", "No account needed.",
		container.NewVBox(demoText, container.NewHBox(f.demo), f.demoErrs.box))

	f.connectCard = connect
	cards := container.NewGridWithColumns(2, connect, demo)
	page := container.NewVBox(header, widget.NewSeparator(), cards)
	return container.New(&upToWidth{width: 900, centred: true}, container.NewPadded(page))
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
	return fmt.Sprintf("The key works: it opens %d %s: %s.", len(ws), words.Plural(len(ws), "workspace"), strings.Join(names, ", "))
}

func (f *firstRun) doDemo() {
	if f.inFlight {
		return
	}
	f.setBusy(true) // disables the demo button too (onBusy)
	f.demoErrs.SetError(nil)
	go func() {
		err := f.b.StartDemo(f.ctx)
		uiDo(func() {
			f.setBusy(false)
			f.demoErrs.SetError(err)
			if err == nil && f.onConnected != nil {
				f.onConnected()
			}
		})
	}()
}

// upToWidth lays out one object as wide as the space allows up to width, never under its minimum:
// it reads well in a wide window and still fits a small one (the minimum is the object's own).
// Centred, it also centres the object, at its minimum height, in the space.
type upToWidth struct {
	width   float32
	centred bool
}

func (u *upToWidth) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		least := o.MinSize()
		w := max(least.Width, min(size.Width, u.width))
		if !u.centred {
			o.Resize(fyne.NewSize(w, size.Height))
			continue
		}
		o.Resize(fyne.NewSize(w, least.Height))
		o.Move(fyne.NewPos(max((size.Width-w)/2, 0), max((size.Height-least.Height)/2, 0)))
	}
}

func (u *upToWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := fyne.NewSize(0, 0)
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}
