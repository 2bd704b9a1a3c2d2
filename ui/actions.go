package ui

import (
	"runtime"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"lectern/ui/settings"
)

// action is one thing the person can do in the main window, listed once: the menus, the command
// palette and the keyboard shortcut list (Help, README) are all made from actions(), so that none
// of them can miss one.
type action struct {
	menu     string        // the menu that lists it: File, Go or Help
	label    string        // as in the menu
	shortcut fyne.Shortcut // its keys, nil when none
	run      func()
	browser  bool // only the workspace browser acts on it: disabled on the first-run page
	newGroup bool // a separator before it in its menu
	quit     bool
}

// Keyboard shortcuts, one per action that has one; F6 and Shift+F6 are drawn in the Go menu and
// handled by the window (a focused widget gets them as keys, not as shortcuts: see
// widgets.ForwardKey). Ctrl is Cmd on macOS (fyne.KeyModifierShortcutDefault).
var (
	shortcutNewConversation = &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutSearch          = &desktop.CustomShortcut{KeyName: fyne.KeyF,
		Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	shortcutRefresh      = &desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutSettings     = &desktop.CustomShortcut{KeyName: fyne.KeyComma, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutFilter       = &desktop.CustomShortcut{KeyName: fyne.KeyF, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutOpen         = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutNewModelChat = &desktop.CustomShortcut{KeyName: fyne.KeyN,
		Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	shortcutWebSearch   = &desktop.CustomShortcut{KeyName: fyne.KeyE, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	shortcutDocs        = &desktop.CustomShortcut{KeyName: fyne.KeyD, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutQuestion    = &desktop.CustomShortcut{KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutPalette     = &desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutQuit        = &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}
	shortcutPrevVersion = &desktop.CustomShortcut{KeyName: fyne.KeyLeft, Modifier: fyne.KeyModifierAlt}
	shortcutNextVersion = &desktop.CustomShortcut{KeyName: fyne.KeyRight, Modifier: fyne.KeyModifierAlt}
	shortcutNextPane    = &desktop.CustomShortcut{KeyName: fyne.KeyF6}
	shortcutPrevPane    = &desktop.CustomShortcut{KeyName: fyne.KeyF6, Modifier: fyne.KeyModifierShift}
)

// menuNames are the menus, in their order in the menu bar.
var menuNames = []string{"File", "Go", "Help"}

// actions lists every action of the main window, menu by menu in menu order.
func (u *UI) actions() []action {
	return []action{
		{menu: "File", label: "Add files…", shortcut: shortcutOpen, run: u.pickFiles, browser: true},
		{menu: "File", label: "New conversation", shortcut: shortcutNewConversation, run: u.newConversation, browser: true},
		{menu: "File", label: "New model chat", shortcut: shortcutNewModelChat, run: u.inBrowser(func(m *mainView) { m.convs.NewModelChat() }), browser: true},
		{menu: "File", label: "Quick ask…", run: u.ShowQuick, browser: true},
		{menu: "File", label: "New assistant conversation", run: u.inBrowser(func(m *mainView) { m.convs.NewAssistant() }), browser: true},
		{menu: "File", label: "Compare tiers…", run: u.inBrowser(func(m *mainView) { m.chat.CompareTiers() }), browser: true},
		{menu: "File", label: "New project…", run: u.inBrowser(func(m *mainView) { m.convs.AskNewProject() }), browser: true},
		{menu: "File", label: "Move to project…", run: u.inBrowser(func(m *mainView) { m.convs.AskMove() }), browser: true},
		{menu: "File", label: "Generate a file…", run: u.inBrowser(func(m *mainView) { m.chat.AskGenerate() }), browser: true},
		{menu: "File", label: "Web search on or off", shortcut: shortcutWebSearch, run: u.inBrowser(func(m *mainView) { m.chat.ToggleWebSearch() }), browser: true},
		{menu: "File", label: "Search conversations…", shortcut: shortcutSearch, run: u.inBrowser(func(m *mainView) { m.convs.ShowSearch() }), browser: true},
		{menu: "File", label: "Refresh", shortcut: shortcutRefresh, run: u.Refresh, browser: true},
		{menu: "File", label: "Filter documents", shortcut: shortcutFilter, run: u.inBrowser((*mainView).focusDocFilter), browser: true},
		{menu: "File", label: "Show or hide documents", shortcut: shortcutDocs, run: u.inBrowser(func(m *mainView) { m.setDocumentsOpen(!m.docsOpen) }), browser: true},
		{menu: "File", label: "Settings…", shortcut: shortcutSettings, run: u.ShowSettings, newGroup: true},
		{menu: "File", label: "Close window", shortcut: settings.ShortcutClose, run: u.closeWindow},
		{menu: "File", label: "Quit", shortcut: shortcutQuit, run: u.Quit, quit: true},
		{menu: "Go", label: "Question box", shortcut: shortcutQuestion, run: u.inBrowser((*mainView).focusQuestion), browser: true},
		{menu: "Go", label: "Previous version of a question", shortcut: shortcutPrevVersion, run: u.inBrowser(func(m *mainView) { m.chat.SwitchVersion(-1) }), browser: true},
		{menu: "Go", label: "Next version of a question", shortcut: shortcutNextVersion, run: u.inBrowser(func(m *mainView) { m.chat.SwitchVersion(1) }), browser: true},
		{menu: "Go", label: "Next pane", shortcut: shortcutNextPane, run: func() { u.cyclePanes(false) }, browser: true},
		{menu: "Go", label: "Previous pane", shortcut: shortcutPrevPane, run: func() { u.cyclePanes(true) }, browser: true},
		{menu: "Go", label: "Command palette…", shortcut: shortcutPalette, run: u.showPalette, browser: true, newGroup: true},
		{menu: "Help", label: "Keyboard shortcuts", run: u.showShortcuts},
		{menu: "Help", label: "About Lectern", run: u.showAbout},
	}
}

// typingKeys are the keys of the question box and the lists, which no menu lists: the shortcut
// list shows them after the actions.
var typingKeys = [][2]string{
	{"Enter", "Send the question (in the question box); open the highlighted row (in a list)"},
	{"Shift+Enter", "Start a new line in the question box"},
	{"Esc", "Stop the answer (in the question box); close the palette or a dialog; clear a filter"},
	{"Tab, Shift+Tab", "Move to the next or previous control"},
	{"Up, Down", "Move the highlight in a list"},
}

// shortcutText writes s as the person presses it: "Ctrl+Shift+F" ("Cmd+Shift+F" on macOS), "F6";
// "" for nil.
func shortcutText(s fyne.Shortcut) string {
	cs, ok := s.(*desktop.CustomShortcut)
	if !ok {
		return ""
	}
	var parts []string
	mod := cs.Modifier
	if mod&fyne.KeyModifierShortcutDefault != 0 {
		parts = append(parts, primaryModifier())
	}
	if mod&fyne.KeyModifierAlt != 0 {
		parts = append(parts, "Alt")
	}
	if mod&fyne.KeyModifierShift != 0 {
		parts = append(parts, "Shift")
	}
	key := string(cs.KeyName)
	if cs.KeyName == fyne.KeyComma {
		key = ","
	}
	return strings.Join(append(parts, key), "+")
}

// primaryModifier names the key that fyne.KeyModifierShortcutDefault stands for.
func primaryModifier() string {
	if runtime.GOOS == "darwin" {
		return "Cmd"
	}
	return "Ctrl"
}
