package uitest

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/zalando/go-keyring"
)

// NoKeychain makes go-keyring fail as on Linux without a Secret Service, until the test ends.
func NoKeychain(t *testing.T) {
	t.Helper()
	keyring.MockInitWithError(errors.New("org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided"))
	t.Cleanup(keyring.MockInit)
}

// VisibleTexts returns the text of every visible label under o.
func VisibleTexts(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *widget.Check:
			b.WriteString(w.Text + "\n")
		case *widget.Button:
			b.WriteString(w.Text + "\n")
		case *widget.Card:
			b.WriteString(w.Title + "\n" + w.Subtitle + "\n")
			walk(w.Content)
		case *widget.Form:
			for _, it := range w.Items {
				b.WriteString(it.Text + "\n")
				walk(it.Widget)
			}
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(w.Content)
		}
	}
	walk(o)
	return b.String()
}
