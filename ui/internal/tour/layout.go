package tour

import (
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"

	ltheme "lectern/ui/theme"
	"lectern/ui/widgets"
)

// The stops of issue 20's last checks: the end of Settings (its content scrolls), the command
// palette, and the keyboard's focus visible in the light and the dark theme.

// settingsEnd shoots the Settings window scrolled to its end: the sections under the fold.
func (t *tour) settingsEnd() (fyne.Window, error) {
	var w fyne.Window
	scrolled := false
	onUI(func() {
		if w = t.w.Settings(); w == nil {
			return
		}
		if sc := settingsScroll(w); sc != nil {
			sc.ScrollToBottom()
			scrolled = true
		}
	})
	if !scrolled {
		return nil, errors.New("no Settings window, or its content does not scroll")
	}
	return w, nil
}

// paletteQuery is what the palette stop types: it keeps the actions, workspaces and
// conversations about documents.
const paletteQuery = "doc"

// commandPalette closes Settings and shoots the command palette (Ctrl/Cmd+K) with a few letters
// typed, as a person does.
func (t *tour) commandPalette() (fyne.Window, error) {
	t.closeSettings()
	onUI(t.w.ShowPalette)
	typed := false
	onUI(func() {
		if f := t.w.Main().Canvas().Focused(); f != nil {
			for _, r := range paletteQuery {
				f.TypedRune(r)
			}
			typed = true
		}
	})
	if !typed {
		return nil, errors.New("the command palette did not take the keyboard")
	}
	return t.w.Main(), nil
}

// narrowDocuments closes the palette (Esc) and shoots the documents panel open at 640×480: the
// workspaces give way to the conversation and the panel, which fits the width it is given.
func (t *tour) narrowDocuments() (fyne.Window, error) {
	onUI(func() {
		if f := t.w.Main().Canvas().Focused(); f != nil {
			f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		}
		t.w.FoldDocuments(false)
		t.w.Main().Resize(fyne.NewSize(640, 480))
	})
	time.Sleep(time.Second) // the window manager answers the resize
	t.after = func() {
		onUI(func() { t.w.Main().Resize(fyne.NewSize(1100, 700)) })
		time.Sleep(time.Second)
	}
	return t.w.Main(), nil
}

// focusLight presses Tab from no focus until the workspace list has the keyboard, in the light
// theme: its frame and the highlighted row show where the keyboard is.
func (t *tour) focusLight() (fyne.Window, error) {
	return t.w.Main(), t.tabToList()
}

// focusDark shoots the same focus in the dark theme, then takes the focus away for the next stops.
func (t *tour) focusDark() (fyne.Window, error) {
	if err := t.setTheme(ltheme.Dark); err != nil {
		return nil, err
	}
	time.Sleep(300 * time.Millisecond) // the theme's colours reach the frame
	t.after = func() { onUI(func() { t.w.Main().Canvas().Unfocus() }) }
	return t.w.Main(), t.tabToList()
}

// maxTabs is how many Tab presses tabToList tries.
const maxTabs = 40

// tabToList presses Tab (the canvas's next focus) from no focus until a keyboard list has the
// keyboard: the workspace list, the first one in the window.
func (t *tour) tabToList() error {
	onUI(func() { t.w.Main().Canvas().Unfocus() })
	for range maxTabs {
		found := false
		onUI(func() {
			c := t.w.Main().Canvas()
			c.FocusNext()
			_, found = c.Focused().(*widgets.KeyList)
		})
		if found {
			return nil
		}
	}
	return fmt.Errorf("%d Tab presses did not reach the workspace list", maxTabs)
}

// closeSettings closes the Settings window, when open.
func (t *tour) closeSettings() {
	onUI(func() {
		if w := t.w.Settings(); w != nil {
			w.Close()
		}
	})
}
