package settings

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// Issue 35: "Less safe than a keychain" showed under the key-file choice before its box was
// ticked, a warning about a choice not made. It shows while the box is ticked, where no keychain
// exists.
func TestKeyFileWarningShowsOnceTicked(t *testing.T) {
	f := newFixture(t)
	form := NewConnectForm(uiQueue.Life(t), f.app)
	w := test.NewWindow(form.Root)
	defer w.Close()
	form.ShowKeyFile(false) // no keychain here
	if !form.keyFile.Visible() || form.keyFileNote.Visible() {
		t.Fatalf("without a keychain, unticked: choice shown %v, warning shown %v", form.keyFile.Visible(), form.keyFileNote.Visible())
	}
	test.Tap(form.keyFile)
	if !form.keyFileNote.Visible() {
		t.Error("ticked, the key file's warning does not show")
	}
	test.Tap(form.keyFile)
	if form.keyFileNote.Visible() {
		t.Error("unticked again, the warning still shows")
	}
	form.ShowKeyFile(true)
	if form.keyFile.Visible() || form.keyFileNote.Visible() {
		t.Error("with a keychain, the key-file choice shows")
	}
}
