package settings

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/ui/dialogs"
	"lectern/ui/errview"
	"lectern/ui/widgets"
)

// serverList is the part of Settings that lists the other servers this computer keeps a cache
// for: each can be used again (with the key stored for it) and can have its key changed, so that
// going back to a server never means typing its address again.
type serverList struct {
	s    *Window
	rows *fyne.Container
	root *fyne.Container
	// keyForm is the form of the last Change key dialog (tests use it).
	keyForm *serverKeyForm
}

func newServerList(s *Window) *serverList {
	l := &serverList{s: s, rows: container.NewVBox()}
	l.root = container.NewVBox(widget.NewSeparator(), heading("Other servers on this computer"), l.rows)
	l.root.Hide()
	return l
}

// load lists the known servers off the UI goroutine (the database may be busy).
func (l *serverList) load() {
	s := l.s
	go func() {
		list, err := s.serversB.KnownServers(s.lf.Ctx)
		s.lf.Do(func() {
			if err != nil {
				l.s.errs.SetError(err)
			}
			l.show(list)
		})
	}()
}

func (l *serverList) show(list []records.KnownServer) {
	l.rows.RemoveAll()
	for _, ks := range list {
		if !ks.Current {
			l.rows.Add(l.row(ks))
		}
	}
	widgets.ShowIf(l.root, len(l.rows.Objects) > 0)
}

func (l *serverList) row(ks records.KnownServer) fyne.CanvasObject {
	addr := widget.NewLabel(safetext.OneLine(ks.Address))
	addr.Truncation = fyne.TextTruncateEllipsis
	when := widgets.CaptionLabel("Last updated " + widgets.ClockOrDate(ks.LastSynced, l.s.lf.Now()))
	use := widget.NewButtonWithIcon("Use", theme.LoginIcon(), func() { l.use(ks.Address) })
	change := widget.NewButtonWithIcon("Change key", theme.DocumentCreateIcon(), func() { l.changeKey(ks.Address) })
	return container.NewBorder(nil, nil, nil, container.NewCenter(container.NewHBox(change, use)),
		widgets.TitleOverCaption(addr, when))
}

// use makes the server current again; the main window then shows its cache and refreshes it.
func (l *serverList) use(server string) {
	s := l.s
	go func() {
		err := s.serversB.SwitchServer(s.lf.Ctx, server)
		s.lf.Do(func() {
			l.s.errs.SetError(err)
			if err != nil {
				return
			}
			s.Refresh()
			s.hooks.Switched()
		})
	}()
}

// changeKey asks for a new key for server in a dialog; the key is tried before it is kept.
func (l *serverList) changeKey(server string) {
	f := newServerKeyForm(l.s, server)
	d := dialog.NewCustomWithoutButtons("Change the API key of "+safetext.OneLine(server), f.root, l.s.win)
	f.done = d.Hide
	f.cancel.OnTapped = d.Hide
	l.keyForm = f
	d.Resize(fyne.NewSize(520, 0))
	dialogs.Show(d, l.s.win)
	l.s.win.Canvas().Focus(f.entry)
}

// serverKeyForm is a masked key field with Save key and Cancel, for one server.
type serverKeyForm struct {
	s      *Window
	server string
	entry  *widgets.Entry
	save   *widget.Button
	cancel *widget.Button
	errs   *errview.View
	root   *fyne.Container
	done   func()
	busy   bool
}

func newServerKeyForm(s *Window, server string) *serverKeyForm {
	f := &serverKeyForm{s: s, server: server, entry: widgets.NewPasswordEntry("API key for this server"), errs: errview.New(errview.KeyExplain(s.b.Explain))}
	f.entry.SetPlaceHolder("Paste the API key for this server")
	f.entry.OnSubmitted = func(string) { f.doSave() }
	f.save = widget.NewButtonWithIcon("Save key", theme.ConfirmIcon(), f.doSave)
	f.save.Importance = widget.HighImportance
	f.cancel = widget.NewButton("Cancel", nil)
	note := widget.NewLabel("The key is tried on the server first; it is kept as the server in use keeps its own.")
	note.Wrapping = fyne.TextWrapWord
	f.root = container.NewVBox(note, f.entry, f.errs.Box, container.NewHBox(f.save, f.cancel))
	return f
}

func (f *serverKeyForm) doSave() {
	key := strings.TrimSpace(f.entry.Text)
	if f.busy {
		return
	}
	if key == "" {
		f.errs.SetError(errors.New("paste the API key made for you in this server's key management page"))
		return
	}
	f.busy = true
	f.save.Disable()
	go func() {
		err := f.s.keysB.SetServerKey(f.s.lf.Ctx, f.server, key)
		f.s.lf.Do(func() {
			f.busy = false
			f.save.Enable()
			f.errs.SetError(err)
			if err == nil && f.done != nil {
				f.done()
			}
		})
	}()
}
