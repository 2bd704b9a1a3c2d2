package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

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
	ModelService ModelService
	// ReconnectFirst is the wait before an offline server is first checked again, 0 means 5 s;
	// each later check waits twice as long, up to ReconnectMax (0 means 2 minutes).
	ReconnectFirst, ReconnectMax time.Duration
}

// App wires the services of the application core together. Its methods are safe to call from
// any goroutine; the slow ones take a context and should be called off the UI goroutine.
type App struct {
	home     string
	opts     Options
	bus      *Bus
	settings *settingsStore
	secrets  *Secrets
	store    *store
	conn     *connManager
	sync     *Sync
	conv     *Conversations
	uploads  *Uploads
	recon    *reconnector

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
	a := &App{home: home, opts: opts, bus: NewBus(), settings: settings, store: st,
		secrets: NewSecrets(opts.KeychainTimeout)}
	a.secrets.useFile(home, settings.get().KeyFile)
	a.conn = newConnManager(a.bus, a.secrets, opts.HTTPClient, opts.ClientOptions...)
	if s := settings.get(); s.Server != "" && !s.DemoMode {
		_ = a.use(ctx, s.Server, s.Server, "", KeyNone)
	}
	a.sync = &Sync{store: st, conn: a.conn, bus: a.bus, now: opts.Now}
	a.conv = newConversations(st, a.conn, a.sync, a.bus)
	a.conv.defaults = func() (string, bool) { s := a.settings.get(); return s.DefaultTier, s.Thinking }
	a.conv.modelTier = func() string { s := a.settings.get(); return cmp.Or(s.ModelTier, s.DefaultTier) }
	a.conv.models = newModelCatalog(a.conn, opts.ModelService)
	a.uploads = newUploads(st, a.conn, a.bus, opts)
	a.uploads.sync = a.sync
	a.recon = newReconnector(a.conn, cmp.Or(opts.ReconnectFirst, reconnectFirst), cmp.Or(opts.ReconnectMax, reconnectMax))
	a.recon.back = a.sync.resume
	a.bus.Subscribe(a.recon.observe)
	return a, nil
}

// openDataFolder creates the data folder if needed and opens its settings and database.
func openDataFolder(ctx context.Context, opts Options) (string, *settingsStore, *store, error) {
	home := opts.Home
	if home == "" {
		h, err := DefaultHome()
		if err != nil {
			return "", nil, nil, err
		}
		home = h
	}
	if err := os.MkdirAll(home, 0o700); err != nil {
		return "", nil, nil, fmt.Errorf("cannot create the data folder %s: %w", home, err)
	}
	settings, err := loadSettings(home)
	if err != nil {
		return "", nil, nil, err
	}
	st, err := openStore(ctx, filepath.Join(home, databaseFile), opts.Now)
	if err != nil {
		return "", nil, nil, err
	}
	// Answers left pending by a process that ended (not one still writing: the desktop app and the
	// command line may share the database) are marked interrupted.
	stale := opts.Now().Add(-staleAnswer)
	if _, err := st.abandonPending(ctx, stale, "Lectern was closed before the answer finished."); err != nil {
		_ = st.close()
		return "", nil, nil, &DatabaseError{Path: filepath.Join(home, databaseFile), Err: err}
	}
	// Conversations 30 days in the trash go for good; should it fail, the next start does it.
	_ = st.emptyTrash(ctx, opts.Now())
	return home, settings, st, nil
}

// Close stops the checks of an offline server, the upload queue and answers in progress (they
// resume or show as interrupted next time), stops demo mode, delivers pending events and closes
// the database.
func (a *App) Close() error {
	a.closeOnce.Do(func() {
		a.recon.close()
		a.conv.stopAll()
		a.uploads.stop()
		a.conn.stopDemo()
		a.bus.Close()
		a.closeErr = a.store.close()
	})
	return a.closeErr
}

// Home returns the data folder.
func (a *App) Home() string { return a.home }

// Subscribe registers fn for every later event and returns the function that unregisters it.
// fn runs on the event goroutine, never on the caller's: a Fyne view wraps its updates in fyne.Do.
func (a *App) Subscribe(fn func(Event)) (unsubscribe func()) { return a.bus.Subscribe(fn) }

// Settings returns a copy of the saved settings.
func (a *App) Settings() Settings { return a.settings.get() }

// UpdateSettings applies fn to a copy of the settings, validates the result, saves it atomically
// and emits SettingsChanged. Nothing is saved when validation fails.
func (a *App) UpdateSettings(fn func(*Settings)) error {
	changed, err := a.settings.update(fn)
	if changed {
		a.bus.Emit(SettingsChanged{})
	}
	return err
}

// Conversations returns the conversations service.
func (a *App) Conversations() *Conversations { return a.conv }

// Uploads returns the upload-queue service.
func (a *App) Uploads() *Uploads { return a.uploads }

// errNotConnected is returned when no server is chosen.
var errNotConnected = errors.New("not connected to a server: enter the server address and your API key first (desktop: Connect; command line: lectern connect)")
