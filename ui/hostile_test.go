package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"lectern/client/emulator"
	"lectern/ui/widgets"
)

// hostile are names a server could send to spoof or break what the window shows: terminal
// escapes, a window-title OSC, bidirectional controls (U+202E makes "exe.tnemucod‮.pdf" read as
// another file's name), zero-width characters, line breaks and separators.
var hostile = []string{
	"Red\x1b[31m alert\x1b[0m",
	"Title\x1b]0;owned\x07 OSC",
	"exe.tnemucod\u202e.pdf",
	"zero\u200bwidth\u2060joined\ufeff",
	"two\nlines\r\nand\ttab",
	"marks\u200e\u200f\u061c iso\u2066late\u2069",
	"sep\u2028ara\u2029tor",
	"تقرير\u202e 2024\u202c.pdf", // Arabic with an override: the sanitiser removes it, bidi.Display lays it out
}

// shownTexts returns every text drawn in the window: each canvas.Text under its content and its
// overlays, through the renderers of the widgets (labels, rich text, entries, buttons, selects).
func shownTexts(w fyne.Window) []string {
	var out []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *canvas.Text:
			out = append(out, x.Text)
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	walk(w.Content())
	for _, o := range w.Canvas().Overlays().List() {
		walk(o)
	}
	return append(out, w.Title())
}

// unsafeRune returns the first control, bidirectional control or line separator in s, or -1. The
// left-to-right and right-to-left marks are allowed: bidi.Display puts its own around each run of a
// line it lays out (they have no glyph, and turn nothing around as an override does); that the
// sanitiser removes the server's is internal/safetext's test.
func unsafeRune(s string) rune {
	for _, r := range s {
		if r == 0x200e || r == 0x200f {
			continue
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == 0x2028 || r == 0x2029 {
			return r
		}
	}
	return -1
}

// assertShownSafe fails on any drawn text holding a control or bidirectional character.
func assertShownSafe(t *testing.T, w fyne.Window, when string) {
	t.Helper()
	for _, s := range shownTexts(w) {
		if r := unsafeRune(s); r >= 0 {
			t.Errorf("%s: %q shows %U", when, s, r)
		}
	}
}

// filterEntry finds the visible filter box whose placeholder is placeholder.
func filterEntry(o fyne.CanvasObject, placeholder string) *widgets.FilterEntry {
	switch x := o.(type) {
	case *widgets.FilterEntry:
		if x.PlaceHolder == placeholder {
			return x
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if f := filterEntry(c, placeholder); f != nil {
				return f
			}
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			if f := filterEntry(c, placeholder); f != nil {
				return f
			}
		}
	}
	return nil
}

// Hostile names in workspaces, documents, sources and conversations reach no widget with a
// control or bidirectional character: the list, the title, the table, the pickers, the intro, the
// chips, the conversation list, the notes and the window title all go through the sanitiser.
func TestHostileNamesReachNoWidgetUnsanitised(t *testing.T) {
	f := newFixture(t, fastConfig())
	name := strings.Join(hostile, " ")
	ws := f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: name, Owner: "demo"})
	for i, n := range hostile {
		f.emu.AddDocument(ws, fmt.Sprintf("%s %d.txt", n, i), []byte("The office opens at nine every weekday."), "ready")
	}
	f.emu.AddDocument(ws, hostile[2]+" broken.txt", []byte("Not read."), "failed")
	m := f.browser()
	if _, err := f.app.Conversations().New(context.Background(), ws, "", name); err != nil {
		t.Fatal(err)
	}
	f.u.win.Resize(fyne.NewSize(1100, 760))
	m.selectNamed(t, name)
	until(t, "the intro", m.chat.IntroShown)
	assertShownSafe(t, f.u.win, "the workspace shown")

	driver{f.u}.ask("When does the office open?")
	until(t, "the answer", func() bool {
		_, streaming := driver{f.u}.answer()
		return !streaming && len(m.chat.Turns()) == 1 && len(m.chat.Turns()[0].Sources) > 0
	})
	assertShownSafe(t, f.u.win, "the answer with its sources")

	pickPending(m)
	filterEntry(m.list.Root(), "Filter workspaces").SetText("no such workspace")
	drain()
	assertShownSafe(t, f.u.win, "the notes")
	shown := strings.Join(shownTexts(f.u.win), "\n")
	for _, want := range []string{"cannot be asked yet", "is hidden by the filter", " · "} {
		if !strings.Contains(shown, want) {
			t.Errorf("the window does not show %q: the test missed a place", want)
		}
	}
}

// pickPending picks a document that cannot be asked in the scope picker, which refuses it with a
// note naming it.
func pickPending(m *mainView) {
	for _, label := range m.chat.Scopes() {
		if strings.HasSuffix(label, "(failed)") {
			if sel := scopeSelect(m.chat.Root()); sel != nil {
				sel.SetSelected(label)
			}
		}
	}
}

// scopeSelect finds the scope picker under o: the select offering the whole workspace.
func scopeSelect(o fyne.CanvasObject) *widgets.Select {
	switch x := o.(type) {
	case *widgets.Select:
		if len(x.Options) > 0 && x.Options[0] == "All documents" {
			return x
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if s := scopeSelect(c); s != nil {
				return s
			}
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			if s := scopeSelect(c); s != nil {
				return s
			}
		}
	}
	return nil
}

// A name of 2,000 characters is shown on one line, cut: the window's minimum size stays that of
// an ordinary window, wherever the name shows (list, title, intro, notes).
func TestLongNameKeepsTheWindowSmall(t *testing.T) {
	f := newFixture(t, fastConfig())
	name := strings.Repeat("Quarterly-report-", 118)
	ws := f.emu.AddWorkspace(emulator.WorkspaceSpec{Name: name, Owner: "demo"})
	f.emu.AddDocument(ws, strings.Repeat("Minutes-", 250)+".txt", []byte("The office opens at nine."), "ready")
	f.emu.AddDocument(ws, strings.Repeat("Broken-", 250)+".txt", []byte("Not read."), "failed")
	m := f.browser()
	f.u.win.Resize(fyne.NewSize(1000, 700))
	m.selectNamed(t, name)
	until(t, "the intro", m.chat.IntroShown)
	pickPending(m)
	filterEntry(m.list.Root(), "Filter workspaces").SetText("no such workspace")
	drain()
	shown := strings.Join(shownTexts(f.u.win), "\n")
	if !strings.Contains(shown, "cannot be asked yet") || !strings.Contains(shown, "is hidden by the filter") {
		t.Fatal("the notes naming the long names are not shown: the test missed them")
	}
	if min := f.u.win.Content().MinSize(); min.Width > 1000 || min.Height > 700 {
		t.Fatalf("the window needs %v for a long name; it must stay within 1000×700", min)
	}
}
