// Package banner is the connection banner: the strip under the toolbar while the server cannot be
// used (offline, or an API key is needed). It declares the few methods of the core it uses (Core).
package banner

import (
	"context"
	"errors"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/connection"
	"lectern/app/explain"
	"lectern/app/secrets"
	appsettings "lectern/app/settings"
	"lectern/ui/errview"
	"lectern/ui/internal/life"
	"lectern/ui/settings"
	"lectern/ui/widgets"
)

// Core is what the banner uses of the core to word why it shows and to take a key; *app.App
// implements it.
type Core interface {
	Explain(err error) explain.Explanation
	KeychainAvailable() bool
	APIKey(server string) (string, secrets.KeySource, error)
	Settings() appsettings.Settings
	SetKeyFile(ctx context.Context, on bool) error
	EnterKey(ctx context.Context, key string) error
}

// Banner is the strip under the toolbar while the server cannot be used; the cached list
// stays usable. Offline, it says since when and offers Try again. When an API key is needed (none
// is known for the server, or the server refused it) it has a masked key field and Connect, and,
// where no keychain exists, the choice of a key file.
type Banner struct {
	b     Core
	lf    life.Life
	bg    *canvas.Rectangle
	text  *widget.Label
	why   *widget.Label
	retry *widget.Button
	root  *fyne.Container

	keyBox      *fyne.Container // the key field, Connect, the key-file choice and the error
	key         *widgets.Entry
	connect     *widget.Button
	keyFile     *widgets.Check
	keyFileNote *widget.Label
	errs        *errview.View
	onKey       func() // after a key was stored: refresh
	inFlight    bool
	gen         int // counts set calls, so that a late answer about an older state is dropped
}

// New makes the banner, hidden, over b; retry is Try again's, and runs after a key was stored.
func New(lf life.Life, b Core, retry func()) *Banner {
	o := &Banner{b: b, lf: lf, bg: canvas.NewRectangle(color.Transparent), text: widget.NewLabel(""),
		why: widget.NewLabel(""), errs: errview.New(errview.KeyExplain(b.Explain)), onKey: retry}
	o.text.TextStyle = fyne.TextStyle{Bold: true}
	o.why.Wrapping = fyne.TextWrapWord
	o.retry = widget.NewButtonWithIcon("Try again", theme.ViewRefreshIcon(), retry)
	o.key = widgets.NewPasswordEntry("API key")
	o.key.SetPlaceHolder("Paste your API key")
	o.key.OnSubmitted = func(string) { o.doConnect() }
	o.connect = widget.NewButtonWithIcon("Connect", theme.LoginIcon(), o.doConnect)
	o.connect.Importance = widget.HighImportance
	o.keyFile, o.keyFileNote = settings.NewKeyFileCheck(nil)
	o.keyFileNote.Importance = widget.MediumImportance // the warning colour does not read on the banner's
	field := container.New(&widgets.UpToWidth{Width: 460}, container.NewBorder(nil, nil, nil, o.connect, o.key))
	o.keyBox = container.NewVBox(field, o.keyFile, o.keyFileNote, o.errs.Box)
	o.keyBox.Hide()
	icon := widget.NewIcon(theme.NewWarningThemedResource(theme.WarningIcon()))
	top := container.NewBorder(nil, nil, container.NewHBox(icon, o.text), container.NewCenter(o.retry), o.why)
	o.root = container.NewStack(o.bg, container.NewPadded(container.NewVBox(top, o.keyBox)))
	o.root.Hide()
	return o
}

// Set shows the banner while c is offline or needs a key, hides it otherwise.
func (o *Banner) Set(c connection.Connection) {
	o.gen++
	switch c.State {
	case connection.ConnOffline:
		o.showOffline(c)
	case connection.ConnKeyNeeded:
		o.showKeyNeeded(c)
	default:
		o.root.Hide()
		return
	}
	wc := theme.Color(theme.ColorNameWarning)
	r, g, bl, _ := wc.RGBA()
	o.bg.FillColor = color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(bl >> 8), A: 0x40}
	o.bg.Refresh()
	o.root.Show()
}

func (o *Banner) showOffline(c connection.Connection) {
	text := "Offline, showing the cached list"
	if !c.LastSynced.IsZero() {
		text = "Offline, last updated at " + widgets.ClockOrDate(c.LastSynced, o.lf.Now())
	}
	o.text.SetText(text)
	o.why.SetText(c.Why.Sentence)
	o.retry.Show()
	o.keyBox.Hide()
}

// showKeyNeeded asks for the key; whether a keychain exists and where the refused key came from
// are found out off the UI goroutine (the keychain may be slow).
func (o *Banner) showKeyNeeded(c connection.Connection) {
	o.text.SetText("API key needed")
	o.retry.Hide()
	if o.why.Text == "" || !o.keyBox.Visible() {
		o.why.SetText(keyNeededSentence(c, true, secrets.KeyNone))
	}
	o.keyBox.Show()
	gen := o.gen
	go func() {
		chain := o.b.KeychainAvailable()
		_, src, _ := o.b.APIKey(c.Server)
		keyFile := o.b.Settings().KeyFile
		o.lf.Do(func() {
			if gen != o.gen {
				return
			}
			o.why.SetText(keyNeededSentence(c, chain, src))
			// A key in LECTERN_API_KEY overrides any key entered here.
			widgets.ShowIf(o.key, src != secrets.KeyFromEnv)
			widgets.ShowIf(o.connect, src != secrets.KeyFromEnv)
			o.keyFile.SetChecked(keyFile)
			settings.ShowKeyFileChoice(o.keyFile, o.keyFileNote, !chain && src != secrets.KeyFromEnv)
		})
	}()
}

// keyNeededSentence says why a key is needed for c's server, and what to do; chain tells whether
// a keychain exists here, src where the current key (if any) comes from.
func keyNeededSentence(c connection.Connection, chain bool, src secrets.KeySource) string {
	var nk *secrets.NoKeyError
	noKey := errors.As(c.Err, &nk)
	server := c.Server
	switch {
	case (src == secrets.KeyFromEnv || !noKey) && c.Why.Sentence != "":
		return c.Why.Sentence // the server refused the key: Explain says it by where the key came from
	case noKey && nk.Err != nil:
		return "Lectern could not read the key for " + server + " from the system keychain (it may be locked). " +
			"Enter the key to go on; the cached list stays usable meanwhile."
	case !chain:
		return "No keychain is available on this computer, so the key for " + server + " was kept only until " +
			"Lectern closed. Enter it to go on; the cached list stays usable meanwhile."
	}
	return "No API key is stored on this computer for " + server + ". Enter it to go on; the cached list " +
		"stays usable meanwhile."
}

// doConnect stores the key entered for the current server (after the server accepted it, or when
// it cannot be reached), with the key-file choice first, then refreshes.
func (o *Banner) doConnect() {
	key := strings.TrimSpace(o.key.Text)
	if o.inFlight {
		return
	}
	if key == "" {
		o.errs.SetError(errors.New("paste the API key made for you in the service's key management page"))
		return
	}
	choice, keyFile := o.keyFile.Visible(), o.keyFile.Checked
	o.inFlight = true
	o.connect.Disable()
	o.errs.SetError(nil)
	go func() {
		var err error
		if choice && keyFile != o.b.Settings().KeyFile {
			err = o.b.SetKeyFile(o.lf.Ctx, keyFile)
		}
		if err == nil {
			err = o.b.EnterKey(o.lf.Ctx, key)
		}
		o.lf.Do(func() {
			o.inFlight = false
			o.connect.Enable()
			o.errs.SetError(err)
			if err == nil {
				o.key.SetText("")
				if o.onKey != nil {
					o.onKey()
				}
			}
		})
	}()
}

// Root is the banner's strip, for the window's layout; hidden while the server can be used.
func (o *Banner) Root() fyne.CanvasObject { return o.root }

// Text is what the banner says: its headline, then why.
func (o *Banner) Text() string { return o.text.Text + "\n" + o.why.Text }
