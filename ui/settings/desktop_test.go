package settings

import (
	"image/png"
	"os"
	"runtime"
	"testing"

	"fyne.io/fyne/v2"
)

// Issue 33: Settings → Desktop shows the tray choice with the system's default (off on Linux) and
// every kind of notification on; each change is saved.
func TestDesktopSettingsShowDefaultsAndSave(t *testing.T) {
	f := newFixture(t)
	w := f.open()
	d := w.desktop
	if d.tray.Checked != (runtime.GOOS != "linux") {
		t.Errorf("Keep running in the tray is %v by default on %s", d.tray.Checked, runtime.GOOS)
	}
	if !d.answers.Checked || !d.uploads.Checked || !d.ocr.Checked {
		t.Error("a kind of notification is off by default")
	}
	d.tray.SetChecked(!d.tray.Checked)
	d.answers.SetChecked(false)
	d.ocr.SetChecked(false)
	s := f.app.Settings()
	if KeepInTray(s) != d.tray.Checked || s.NotifyAnswers == nil || *s.NotifyAnswers || s.NotifyOCR == nil || *s.NotifyOCR ||
		s.Notifications != nil {
		t.Errorf("saved %+v %v %v %v", KeepInTray(s), s.NotifyAnswers, s.NotifyOCR, s.Notifications)
	}
	if out := os.Getenv("LECTERN_SETTINGS_SHOT"); out != "" { // a picture of the section, to look at
		w.Win().Resize(fyne.NewSize(620, 1400))
		file, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		defer file.Close()
		if err := png.Encode(file, w.Win().Canvas().Capture()); err != nil {
			t.Fatal(err)
		}
	}
}
