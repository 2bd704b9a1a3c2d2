package app

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"lectern/app/ask"
	"lectern/app/assistant"
	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/mcp"
	"lectern/app/modelchat"
	"lectern/app/records"
	"lectern/app/secrets"
	"lectern/app/settings"
	"lectern/app/signin"
	"lectern/app/store"
	"lectern/app/store/syncrec"
	appsync "lectern/app/sync"
	"lectern/app/tools"
	"lectern/app/uploads"
	"lectern/app/workspaces"
	"lectern/client"
)

// Options configure Open. Every field is optional.
type Options struct {
	Home            string           // data folder; "" means DefaultHome()
	HTTPClient      *http.Client     // transport for the service (tests pass the emulator's)
	Now             func() time.Time // clock; nil means time.Now
	KeychainTimeout time.Duration    // limit per keychain call; 0 means 3 s
	// RetryDelay is the pause before an upload whose outcome is unknown is checked again; 0 means 5 s.
	RetryDelay time.Duration
	// ClaimTTL is how long an upload claimed by a process that stopped saying it is alive stays its
	// own before another process takes it over; 0 means 15 s.
	ClaimTTL time.Duration
	// ClientOptions are added to every client the app makes (tests shorten retries and polling,
	// for example client.WithPollInterval for the upload status checks).
	ClientOptions []client.Option
	// ModelService, when set, answers instead of the client's model endpoints (/v1): tests pass
	// a fake.
	ModelService modelchat.ModelService
	// ReconnectFirst is the wait before an offline server is first checked again, 0 means 5 s;
	// each later check waits twice as long, up to ReconnectMax (0 means 2 minutes).
	ReconnectFirst, ReconnectMax time.Duration
}

// App wires the services of the application core together. Its methods are safe to call from
// any goroutine; the slow ones take a context and should be called off the UI goroutine.
type App struct {
	home     string
	opts     Options
	bus      *events.Bus
	settings *settings.Store
	secrets  *secrets.Secrets
	store    *store.DB
	conn     *connection.Manager
	sync     *workspaces.Sync
	conv     *conversations.Conversations
	uploads  *uploads.Queue
	recon    *connection.Reconnector
	signin   *signin.Session
	tools    *tools.Tools
	ask      *ask.Questions
	models   *modelchat.Models
	assist   *assistant.Assistant
	mcp      *mcp.Servers

	closeOnce sync.Once
	closeErr  error
}

// Open opens the data folder: settings, then the database. A database file that is damaged, not
// Lectern's, or newer than this version is reported as *DatabaseError and left untouched.
func Open(ctx context.Context, opts Options) (*App, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	home, settings, st, err := openDataFolder(ctx, opts)
	if err != nil {
		return nil, err
	}
	a := &App{home: home, opts: opts, bus: events.NewBus(), settings: settings, store: st,
		secrets: secrets.NewSecrets(opts.KeychainTimeout)}
	a.secrets.UseFile(home, settings.Get().KeyFile)
	a.conn = connection.NewManager(func(c connection.Connection) { a.bus.Emit(events.ConnectionChanged{Connection: c}) }, a.secrets, opts.HTTPClient, opts.ClientOptions...)
	a.sync = workspaces.NewSync(st, a.conn, a.bus, opts.Now)
	a.conv = conversations.New(st, a.conn, a.bus)
	a.conv.UseSync(appsync.NewService(st, a.secrets, appsync.Settings{
		Target:    func() string { return a.settings.Get().SyncTarget },
		SetTarget: a.setSyncTarget,
		Synced:    a.syncedSettings,
		SetSynced: a.setSyncedSettings,
	}, opts.Now))
	a.conv.Sync().OnRound(a.syncEnded)
	a.mcp = mcp.NewServers(settings, a.secrets)
	a.ask = ask.New(a.conv, st, a.conn, a.sync, a.bus,
		func() (string, bool) { s := a.settings.Get(); return s.DefaultTier, s.Thinking })
	a.tools = tools.New(a.conn, st, a.conv, a.ask)
	a.models = modelchat.New(a.conv, a.tools, st, a.conn, a.sync, a.bus,
		func() string { s := a.settings.Get(); return cmp.Or(s.ModelTier, s.DefaultTier) }, opts.ModelService, a.mcp)
	a.uploads = uploads.New(st, a.conn, a.bus, a.sync, opts.RetryDelay, opts.ClaimTTL)
	a.assist = assistant.New(a.conv, st, a.conn, a.bus, a.tools)
	a.conv.Answer(records.KindWorkspace, a.ask)
	a.conv.Answer(records.KindHost, a.ask) // a question from an MCP host is answered as a workspace's
	a.conv.Answer(records.KindModel, a.models)
	a.conv.Answer(records.KindAssistant, a.assist)
	a.signin = signin.New(home, a.secrets, a.conn, st, a.bus, a.sync, a.uploads, settings, a.UpdateSettings)
	a.signin.UseSaved(ctx)
	a.recon = connection.NewReconnector(a.conn, cmp.Or(opts.ReconnectFirst, connection.ReconnectFirst), cmp.Or(opts.ReconnectMax, connection.ReconnectMax))
	a.recon.Back = a.sync.Resume
	a.bus.Subscribe(func(ev events.Event) {
		switch ev := ev.(type) {
		case events.ConnectionChanged:
			a.recon.Observe(ev.Connection)
		case events.ConversationsChanged, events.SettingsChanged:
			a.conv.Sync().Changed() // automatic sync, when the desktop runs it, syncs soon
		}
	})
	return a, nil
}

// openDataFolder creates the data folder if needed and opens its settings and database.
func openDataFolder(ctx context.Context, opts Options) (string, *settings.Store, *store.DB, error) {
	home := opts.Home
	if home == "" {
		h, err := settings.DefaultHome()
		if err != nil {
			return "", nil, nil, err
		}
		home = h
	}
	if err := os.MkdirAll(home, 0o700); err != nil {
		return "", nil, nil, fmt.Errorf("cannot create the data folder %s: %w", home, err)
	}
	settings, err := settings.Load(home)
	if err != nil {
		return "", nil, nil, err
	}
	st, err := store.Open(ctx, filepath.Join(home, store.DatabaseFile), opts.Now)
	if err != nil {
		return "", nil, nil, err
	}
	// Answers left pending by a process that ended (not one still writing: the desktop app and the
	// command line may share the database) are marked interrupted.
	stale := opts.Now().Add(-staleAnswer)
	if _, err := st.AbandonPending(ctx, stale, "Lectern was closed before the answer finished."); err != nil {
		_ = st.Close()
		return "", nil, nil, &store.DatabaseError{Path: filepath.Join(home, store.DatabaseFile), Err: err}
	}
	// Conversations 30 days in the trash go for good; should it fail, the next start does it.
	_ = st.EmptyTrash(ctx, opts.Now())
	return home, settings, st, nil
}

// Close stops the checks of an offline server, the upload queue and answers in progress (they
// resume or show as interrupted next time), stops demo mode, delivers pending events and closes
// the database.
func (a *App) Close() error {
	a.closeOnce.Do(func() {
		a.mcp.Close() // every MCP server Lectern started ends with it
		a.recon.Close()
		a.conv.StopAll()
		a.uploads.Stop()
		a.conn.StopDemo()
		a.bus.Close()
		a.closeErr = a.store.Close()
	})
	return a.closeErr
}

// Home returns the data folder.
func (a *App) Home() string { return a.home }

// Subscribe registers fn for every later event and returns the function that unregisters it.
// fn runs on the event goroutine, never on the caller's: a Fyne view wraps its updates in fyne.Do.
func (a *App) Subscribe(fn func(events.Event)) (unsubscribe func()) { return a.bus.Subscribe(fn) }

// Settings returns a copy of the saved settings.
func (a *App) Settings() settings.Settings { return a.settings.Get() }

// UpdateSettings applies fn to a copy of the settings, validates the result, saves it atomically
// and emits SettingsChanged. Nothing is saved when validation fails.
func (a *App) UpdateSettings(fn func(*settings.Settings)) error {
	changed, err := a.settings.Update(fn)
	if changed {
		// A failure here costs only the change's time: the next sync round notes the settings again.
		_ = a.conv.Sync().NoteSettings(context.Background())
		a.bus.Emit(events.SettingsChanged{})
	}
	return err
}

// syncEnded tells a sync round's end: the lists of the conversations it brought refresh.
func (a *App) syncEnded(res appsync.Result, _ error) {
	if in := res.In; in.Projects+in.Conversations+in.Turns+in.Deleted > 0 {
		spaces, _ := syncrec.Of(a.store).Workspaces(context.Background())
		for _, ws := range spaces {
			a.bus.Emit(events.ConversationsChanged{WorkspaceID: ws})
		}
	}
	a.bus.Emit(events.SyncEnded{})
}

// syncedSettings are the settings that sync, and their defaults.
func (a *App) syncedSettings() (values, defaults map[string]string) {
	return a.settings.Get().Synced(), settings.DefaultSynced()
}

// setSyncedSettings sets the synced settings a sync round brought.
func (a *App) setSyncedSettings(values map[string]string) error {
	var bad error
	err := a.UpdateSettings(func(s *settings.Settings) { bad = s.SetSynced(values) })
	return cmp.Or(bad, err)
}

// setSyncTarget keeps the sync target in the settings.
func (a *App) setSyncTarget(t string) error {
	return a.UpdateSettings(func(s *settings.Settings) { s.SyncTarget = t })
}

// Conversations returns the conversations service.
func (a *App) Conversations() *conversations.Conversations { return a.conv }

// Uploads returns the upload-queue service.
func (a *App) Uploads() *uploads.Queue { return a.uploads }

// Explain tells err to a person. A refused key is explained by where the current key came from.
func (a *App) Explain(err error) explain.Explanation { return explain.Explain(err, a.conn.KeySource()) }

// Describe returns Explain's sentence with the request id, in one line of text (as saved with a
// failed answer or upload).
func (a *App) Describe(err error) string { return explain.Explain(err, a.conn.KeySource()).String() }

// Workspaces returns the cache of the current server's workspaces and documents: refresh, the
// listings, workspaces named by id or name.
func (a *App) Workspaces() *workspaces.Sync { return a.sync }

// SignIn returns which server and which key are in use: connect, switch, sign out, the key file,
// demo mode, the connection's state.
func (a *App) SignIn() *signin.Session { return a.signin }

// Tools returns the auxiliary tools: PDF text, OCR, web search, generate, downloads, the
// assistant's workspaces.
func (a *App) Tools() *tools.Tools { return a.tools }

// Questions returns the answerer of workspace conversations: Ask.
func (a *App) Questions() *ask.Questions { return a.ask }

// Assistant returns the answerer of assistant conversations: Assist.
func (a *App) Assistant() *assistant.Assistant { return a.assist }

// Models returns the answerer of model conversations: Chat, the tiers, a chat's setup and tools.
func (a *App) Models() *modelchat.Models { return a.models }

// staleAnswer is how long a pending answer may go without a write before Open treats it as
// abandoned by a process that ended.
const staleAnswer = 2 * time.Minute
