// Package settings is the Settings window (server and key, the other servers this computer knows,
// the lines that let other AI apps use the workspaces (hosts.go),
// answer defaults, theme, data folder) and the form that connects to a server, which the first-run
// page shows too.
package settings

import (
	"cmp"
	"context"
	"fmt"
	"net/url"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/secrets"
	appsettings "lectern/app/settings"
	"lectern/ui/dialogs"
	"lectern/ui/errview"
	"lectern/ui/internal/life"
	ltheme "lectern/ui/theme"
	"lectern/ui/widgets"
)

// tierOptions are the choices of the default tier, in the Select's order; "" is the server's default.
var tierOptions = []struct{ value, label string }{
	{"", "Server default"}, {"fast", "Fast"}, {"smart", "Smart"}, {"genius", "Genius"},
}

// themeOptions are the choices of the theme: high contrast follows the system's light or dark.
var themeOptions = []struct{ value, label string }{
	{ltheme.System, "System"}, {ltheme.Light, "Light"}, {ltheme.Dark, "Dark"}, {ltheme.HighContrast, "High contrast"},
}

// settingsWindow is the Settings window: server and key (Change key, the key-file choice where no
// keychain exists, Connect to another server, sign-out, the other servers this computer knows),
// answer defaults, theme, data folder.
// Changes are saved at once; the theme applies live.
type Window struct {
	lf       life.Life
	b        Backend
	keysB    Keys
	serversB Servers
	connectB ConnectBackend
	keepB    Keeping
	trashB   Trash
	hooks    Hooks
	fa       fyne.App
	win      fyne.Window
	stopRing context.CancelFunc // ends the watch of the keyboard (widgets.FocusRing), once closed
	server   *widget.Label
	key      *widget.Label
	keychain *widget.Label
	keys     *keySettings
	servers  *serverList
	keeping  *keeping
	desktop  *desktopSettings
	hosts    *hostSettings
	mcp      *mcpSettings  // nil when the core has no MCP servers
	sync     *syncSettings // nil when the core has no sync
	another  *widget.Button
	// connectOther is the form of the last Connect to another server dialog (tests use it).
	connectOther *ConnectForm
	tier         *widgets.Select
	thinking     *widgets.Check
	theme        *widgets.RadioGroup
	home         *widget.Label
	homeShown    string // the data folder as the page says it (Core.HomeShown); empty: the app's
	signOut      *widget.Button
	errs         *errview.View
	loading      bool
	src          secrets.KeySource // where the current key comes from, as last read
	chain        bool              // a keychain exists, as last asked
	demo         bool              // demo mode, as last read
}

// Backend is what Settings uses of the application core to show it; *app.App implements it.
type Backend interface {
	Settings() appsettings.Settings
	UpdateSettings(func(*appsettings.Settings)) error
	Home() string
	Server() string
	KeyFile(server string) string
	APIKey(server string) (string, secrets.KeySource, error)
	KeychainAvailable() bool
	SignOut(ctx context.Context) error
	Explain(err error) explain.Explanation
}

// Keys is what Settings uses of the core to change keys; *app.App implements it.
type Keys interface {
	EnterKey(ctx context.Context, key string) error
	SetKeyFile(ctx context.Context, on bool) error
	SetServerKey(ctx context.Context, server, key string) error
}

// Servers is what Settings uses of the core to list and use the servers this computer knows;
// *app.App implements it.
type Servers interface {
	KnownServers(ctx context.Context) ([]records.KnownServer, error)
	SwitchServer(ctx context.Context, server string) error
}

// Core is the application core as Settings uses it, one small interface per job; *app.App fills
// every field but Trash, which its Conversations fill.
type Core struct {
	App     Backend
	Keys    Keys
	Servers Servers
	Connect ConnectBackend
	Keeping Keeping
	Trash   Trash
	MCP     MCPServers // the MCP servers of model chats; nil leaves their section out
	// Command is the path of the lectern program that AI apps start (`COMMAND mcp`); empty: this
	// program's own (os.Executable). The screenshot tour, a binary of its own, sets an installed one.
	Command string
	// HomeShown is the data folder as the page says it; empty: the app's (Backend.Home). The
	// screenshot tour, run on a temporary folder, sets the one a person has.
	HomeShown string
	Sync      Sync // sync between computers; nil leaves its section out
}

// Hooks are what Settings asks of the main window; each runs on the UI goroutine.
type Hooks struct {
	ApplyTheme func() // the theme just chosen applies at once
	SignedOut  func() // after a sign-out: the first-run page
	KeyChanged func() // after the current server's key changed: the window refreshes with it
	Switched   func() // after connecting to another server, or using a known one: its workspaces
}

// New makes the Settings window (not shown yet) in the Fyne app fa.
func New(fa fyne.App, lf life.Life, c Core, h Hooks) *Window {
	s := &Window{lf: lf, b: c.App, keysB: c.Keys, serversB: c.Servers, connectB: c.Connect, keepB: c.Keeping,
		trashB: c.Trash, hooks: h, fa: fa, homeShown: c.HomeShown,
		win: fa.NewWindow("Lectern Settings"), server: widget.NewLabel(""), key: widget.NewLabel(""),
		keychain: widget.NewLabel(""), home: widget.NewLabel(""), errs: errview.New(errview.KeyExplain(c.App.Explain))}
	s.server.Selectable = true
	s.home.Selectable = true
	s.home.Wrapping = fyne.TextWrapBreak
	s.key.TextStyle = fyne.TextStyle{Monospace: true}
	s.key.Wrapping = fyne.TextWrapWord
	s.keychain.Wrapping = fyne.TextWrapWord
	s.keychain.Importance = widget.WarningImportance
	s.tier = widgets.NewSelect("Default tier", labels(tierOptions), func(l string) { s.save(func(st *appsettings.Settings) { st.DefaultTier = valueOf(tierOptions, l) }) })
	s.thinking = widgets.NewCheck("Let the model reason before answering (slower, sometimes better)",
		func(on bool) { s.save(func(st *appsettings.Settings) { st.Thinking = on }) })
	s.theme = widgets.NewRadioGroup("Theme", labels(themeOptions), func(l string) {
		s.save(func(st *appsettings.Settings) { st.Theme = valueOf(themeOptions, l) })
		s.hooks.ApplyTheme()
	})
	s.theme.Horizontal = true
	s.signOut = widget.NewButtonWithIcon("Sign out", theme.LogoutIcon(), s.confirmSignOut)
	s.signOut.Importance = widget.DangerImportance
	s.keys = newKeySettings(s)
	s.servers = newServerList(s)
	s.keeping = newKeeping(s)
	s.desktop = newDesktopSettings(s)
	s.hosts = newHostSettings(s, c.Command)
	if c.MCP != nil {
		s.mcp = newMCPSettings(s, c.MCP)
	}
	if c.Sync != nil {
		s.sync = newSyncSettings(s, c.Sync)
	}
	s.another = widget.NewButtonWithIcon("Connect to another server", theme.LoginIcon(), s.showConnectOther)
	s.win.SetContent(s.focusRing(s.layout()))
	s.win.Resize(fyne.NewSize(620, 520))
	s.win.CenterOnScreen()
	// Escape (when no field has the keyboard) closes the dialog on top, else the window, as
	// Ctrl/Cmd+W does.
	s.win.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) {
		if k.Name == fyne.KeyEscape && !dialogs.DismissTop(s.win.Canvas()) {
			s.win.Close()
		}
	})
	s.win.Canvas().AddShortcut(ShortcutClose, func(fyne.Shortcut) { s.win.Close() })
	s.Refresh()
	return s
}

// focusRing lays the ring around the control with the keyboard over content, the window's
// scroll, which it keeps that control in view of; the watch ends with Close.
func (s *Window) focusRing(content *container.Scroll) fyne.CanvasObject {
	ring := widgets.NewFocusRing(s.win.Canvas(), content)
	ring.KeepInView(content)
	ctx, stop := context.WithCancel(s.lf.Ctx)
	s.stopRing = stop
	ring.Watch(ctx, s.lf.Frame)
	return ring.Root()
}

// Closed ends what the window runs while open (the window calls it once closed).
func (s *Window) Closed() { s.stopRing() }

func (s *Window) layout() *container.Scroll {
	open := widget.NewButtonWithIcon("Open", theme.FolderOpenIcon(), func() {
		u := &url.URL{Scheme: "file", Path: filepath.ToSlash(s.b.Home())}
		_ = s.fa.OpenURL(u)
	})
	open.Importance = widget.LowImportance
	conn := widget.NewForm(
		widget.NewFormItem("Server", s.server),
		widget.NewFormItem("API key", container.NewVBox(s.key, s.keychain, s.keys.root)))
	answers := widget.NewForm(
		widget.NewFormItem("Default tier", s.tier),
		widget.NewFormItem("Thinking", s.thinking))
	look := widget.NewForm(widget.NewFormItem("Theme", s.theme))
	data := container.NewBorder(nil, nil, nil, open, s.home)
	var tools fyne.CanvasObject = container.NewVBox()
	if s.mcp != nil {
		tools = container.NewVBox(widget.NewSeparator(), heading("Tools: MCP servers"), s.mcp.root)
	}
	var sync fyne.CanvasObject = container.NewVBox()
	if s.sync != nil {
		sync = container.NewVBox(widget.NewSeparator(), heading("Sync between computers"), s.sync.root)
	}
	return container.NewVScroll(container.NewPadded(container.NewVBox(
		heading("Connection"), conn, container.NewHBox(s.another, s.signOut), s.errs.Box, s.servers.root,
		widget.NewSeparator(), heading("Answers"), answers,
		widget.NewSeparator(), heading("Appearance"), look,
		widget.NewSeparator(), heading("Desktop"), s.desktop.root,
		sync,
		tools,
		widget.NewSeparator(), heading("Use your workspaces in other apps"), s.hosts.root,
		widget.NewSeparator(), heading("Data folder"), data,
		widget.NewSeparator(), heading("Conversations kept on this computer"), s.keeping.root)))
}

func heading(text string) *widget.Label {
	return widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// Refresh shows the saved settings; the key is read off the UI goroutine (the keychain may be slow).
func (s *Window) Refresh() {
	b := s.b
	st := b.Settings()
	s.loading = true
	s.tier.SetSelected(labelOf(tierOptions, st.DefaultTier))
	s.thinking.SetChecked(st.Thinking)
	s.theme.SetSelected(labelOf(themeOptions, st.Theme))
	s.desktop.show(st)
	s.loading = false
	s.home.SetText(cmp.Or(s.homeShown, b.Home()))
	server := b.Server()
	switch {
	case st.DemoMode:
		s.server.SetText("Demo server (built into Lectern)")
	case server == "":
		s.server.SetText("Not connected")
	default:
		s.server.SetText(server)
	}
	if server == "" && !st.DemoMode {
		s.signOut.Disable()
	} else {
		s.signOut.Enable()
	}
	if st.DemoMode {
		s.signOut.SetText("Leave the demo")
	} else {
		s.signOut.SetText("Sign out")
	}
	go s.loadKey(server)
	s.servers.load()
	s.hosts.load()
	if s.mcp != nil {
		s.mcp.load()
	}
	if s.sync != nil {
		s.sync.show()
	}
}

// SyncEnded shows what the sync round that just ended did (the desktop calls it on
// events.SyncEnded).
func (s *Window) SyncEnded() {
	if s.sync != nil {
		s.sync.showLast()
	}
}

func (s *Window) loadKey(server string) {
	b := s.b
	demo := b.Settings().DemoMode
	key, src, err := b.APIKey(server)
	chain := b.KeychainAvailable()
	st := b.Settings()
	path := b.KeyFile(server)
	s.lf.Do(func() {
		s.src, s.chain, s.demo = src, chain, demo
		s.key.SetText(keyText(key, src, s.b.Explain(err).Sentence, demo))
		s.keys.show(server != "" && !demo, src, chain, st.KeyFile)
		if text := keychainText(chain, demo, st.KeyFile, src, path); text != "" {
			s.keychain.SetText(text)
			s.keychain.Show()
			return
		}
		s.keychain.Hide()
	})
}

// keychainText says where keys are kept when no keychain exists ("" with a keychain, and in demo
// mode, whose key is its own). A key from LECTERN_API_KEY is stored nowhere, whatever the choice.
func keychainText(chain, demo, keyFile bool, src secrets.KeySource, path string) string {
	switch {
	case chain || demo:
		return ""
	case src == secrets.KeyFromEnv:
		return "No keychain is available on this system. The key in use comes from LECTERN_API_KEY and is not stored."
	case keyFile:
		return "No keychain is available on this system: the key is kept in a file that only you can read (" + path + ")."
	}
	return "No keychain is available on this system, so the key is kept only until Lectern closes: keep it in a " +
		"file below, or set LECTERN_API_KEY."
}

// keyText shows a key as its first 12 characters and where it comes from; never the whole key.
// The demo's key is its own.
func keyText(key string, src secrets.KeySource, failure string, demo bool) string {
	switch {
	case demo:
		return "The demo's own key (it opens only the built-in demo server)"
	case failure != "":
		return failure
	case key == "":
		return "No key"
	}
	where := map[secrets.KeySource]string{secrets.KeyFromEnv: "from LECTERN_API_KEY",
		secrets.KeyFromKeychain: "in the system keychain", secrets.KeyFromSession: "for this session only",
		secrets.KeyFromFile: "in a file only you can read"}[src]
	return fmt.Sprintf("%s…  (%s)", secrets.KeyPrefix(key), where)
}

func (s *Window) save(fn func(*appsettings.Settings)) {
	if s.loading {
		return
	}
	if err := s.b.UpdateSettings(fn); err != nil {
		s.errs.SetError(err)
	}
}

func (s *Window) confirmSignOut() {
	title, text := signOutText(s.b.Server(), s.demo, s.chain, s.src, s.b.KeyFile(s.b.Server()))
	dialogs.Show(dialog.NewConfirm(title, text, func(ok bool) {
		if ok {
			s.doSignOut()
		}
	}, s.win), s.win)
}

func (s *Window) doSignOut() {
	s.signOut.Disable()
	go func() {
		err := s.b.SignOut(s.lf.Ctx)
		s.lf.Do(func() {
			s.errs.SetError(err)
			if err != nil {
				s.signOut.Enable()
				return
			}
			s.win.Close()
			s.hooks.SignedOut()
		})
	}()
}

func labels(opts []struct{ value, label string }) []string {
	out := make([]string, len(opts))
	for i, o := range opts {
		out[i] = o.label
	}
	return out
}

func valueOf(opts []struct{ value, label string }, label string) string {
	for _, o := range opts {
		if o.label == label {
			return o.value
		}
	}
	return opts[0].value
}

func labelOf(opts []struct{ value, label string }, value string) string {
	for _, o := range opts {
		if o.value == value {
			return o.label
		}
	}
	return opts[0].label
}

// ShortcutClose (Ctrl/Cmd+W) closes the window it is typed in: Settings, or the main window.
var ShortcutClose = &desktop.CustomShortcut{KeyName: fyne.KeyW, Modifier: fyne.KeyModifierShortcutDefault}

// Win is the Settings window.
func (s *Window) Win() fyne.Window { return s.win }
