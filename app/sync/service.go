package sync

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	gosync "sync"
	"time"

	"lectern/app/secrets"
	"lectern/app/store"
	"lectern/app/store/syncrec"
)

// EnvPassphrase is the environment variable a script sets the sync passphrase in; it goes
// before the one kept in the keychain.
const EnvPassphrase = "LECTERN_SYNC_PASSPHRASE"

// passphraseEntry is the keychain entry of the sync passphrase (beside the API keys).
const passphraseEntry = "lectern-sync-passphrase"

// Settings is where the target is kept (settings.json): read and changed by the caller's
// functions, so that this room needs no more of the settings. Synced and SetSynced, when set,
// read and write the person's synced preferences (name → JSON), which then sync too.
type Settings struct {
	Target    func() string
	SetTarget func(string) error
	Synced    func() (values, defaults map[string]string)
	SetSynced func(map[string]string) error
}

// Service runs the rounds of a data folder: one at a time, with the target kept in the
// settings and the passphrase in the keychain (or LECTERN_SYNC_PASSPHRASE).
type Service struct {
	store    *store.DB
	secrets  *secrets.Secrets
	settings Settings
	now      func() time.Time

	round   gosync.Mutex  // one round at a time in this process
	kick    chan struct{} // Changed: a round soon (Auto)
	mu      gosync.Mutex
	last    Result
	lastAt  time.Time
	lastErr error
	onRound func(Result, error)
}

// NewService returns the sync of the data folder whose database is st.
func NewService(st *store.DB, sec *secrets.Secrets, set Settings, now func() time.Time) *Service {
	return &Service{store: st, secrets: sec, settings: set, now: now, kick: make(chan struct{}, 1)}
}

// Target is the target set ("" when sync is not set up).
func (s *Service) Target() string { return s.settings.Target() }

// SetUp sets the target (a folder, or an http(s) WebDAV address) and keeps the passphrase in
// the keychain; passphrase "" keeps the one kept. The returned error, when only the keychain
// is missing, says the passphrase is kept for this session only.
func (s *Service) SetUp(target, passphrase string) error {
	t, err := OpenTarget(target)
	if err != nil {
		return err
	}
	name := t.String()
	var notice error              // a secret kept for this session only
	if w, ok := t.(*WebDAV); ok { // the address is kept without its password, which is a secret
		name = w.withoutPassword()
		if pass, ok := w.url.User.Password(); ok {
			if notice = s.keep(webdavPasswordEntry, pass, "the WebDAV password"); !isNotice(notice) {
				return notice
			}
		}
	}
	if err := s.settings.SetTarget(name); err != nil {
		return err
	}
	if passphrase != "" {
		if err := s.keep(passphraseEntry, passphrase, "the sync passphrase"); err != nil {
			return err
		}
	}
	return notice
}

// isNotice tells a KeptForSession (or no error) from a failure.
func isNotice(err error) bool {
	var k *KeptForSession
	return err == nil || errors.As(err, &k)
}

// webdavPasswordEntry is the keychain entry of the WebDAV password given in the address.
const webdavPasswordEntry = "lectern-sync-webdav-password"

// keep keeps a secret in the keychain; without one, for this session, which the error says.
func (s *Service) keep(entry, secret, what string) error {
	if _, err := s.secrets.Set(entry, secret); err != nil && !errors.Is(err, secrets.ErrNoKeychain) {
		return err
	} else if err != nil {
		return &KeptForSession{What: what, Err: err}
	}
	return nil
}

// KeptForSession says a secret is kept in memory for this session only: no keychain answered.
// It is a notice, not a failure: the round can go on.
type KeptForSession struct {
	What string
	Err  error
}

// Error says so (the keychain's own error speaks of the API key: not repeated here).
func (e *KeptForSession) Error() string {
	return fmt.Sprintf("%s is kept for this session only: no system keychain is available (on Linux: no Secret Service such as GNOME Keyring or KWallet is running), so it must be typed again after Lectern restarts (or set %s)", e.What, EnvPassphrase)
}

// Unwrap returns the cause.
func (e *KeptForSession) Unwrap() error { return e.Err }

// open opens the target set, with the WebDAV password kept when its address names a user.
func (s *Service) open(target string) (Target, error) {
	t, err := OpenTarget(target)
	if w, ok := t.(*WebDAV); ok && w.url.User != nil {
		if _, has := w.url.User.Password(); !has {
			if pass, _, _ := s.secrets.Stored(webdavPasswordEntry); pass != "" {
				u := *w.url
				u.User = url.UserPassword(u.User.Username(), pass)
				return NewWebDAV(u.String(), nil)
			}
		}
	}
	return t, err
}

// HasPassphrase tells whether a passphrase is at hand (the environment's, or one kept).
func (s *Service) HasPassphrase() bool { p, _ := s.passphrase(); return p != "" }

// passphrase is the environment's passphrase, else the keychain's.
func (s *Service) passphrase() (string, error) {
	if p := os.Getenv(EnvPassphrase); p != "" {
		return p, nil
	}
	p, _, err := s.secrets.Stored(passphraseEntry)
	return p, err
}

// ErrNotSetUp says sync has no target yet.
var ErrNotSetUp = errors.New("sync is not set up: choose a folder or a WebDAV address to sync through (lectern sync --to DIR|URL, or Settings → Sync)")

// Round does one round to the target set, keeps what it did (Last) and tells it (OnRound).
func (s *Service) Round(ctx context.Context) (Result, error) {
	s.round.Lock()
	defer s.round.Unlock()
	res, err := s.roundOnce(ctx)
	s.mu.Lock()
	s.last, s.lastAt, s.lastErr = res, s.now(), err
	told := s.onRound
	s.mu.Unlock()
	if told != nil {
		told(res, err)
	}
	return res, err
}

// roundOnce opens the target, notes the settings, does the round and applies the settings it
// brought.
func (s *Service) roundOnce(ctx context.Context) (Result, error) {
	target := s.Target()
	if target == "" {
		return Result{}, ErrNotSetUp
	}
	t, err := s.open(target)
	if err != nil {
		return Result{}, err
	}
	pass, err := s.passphrase()
	if err != nil {
		return Result{}, err
	}
	if pass == "" {
		return Result{}, ErrNoPassphrase
	}
	if err := s.NoteSettings(ctx); err != nil {
		return Result{}, err
	}
	res, err := Round(ctx, Options{Store: s.store, Target: t, Passphrase: pass})
	if res.In.Settings > 0 {
		if err := s.applySettings(ctx); err != nil {
			res.Problems = append(res.Problems, fmt.Sprintf("The settings from another computer were not applied: %v.", err))
		}
	}
	return res, err
}

// NoteSettings keeps the synced settings' current values as records, a changed one at a new
// version (now): called by every change of the settings, and before each round (a change made
// while Lectern was closed). Last change wins.
func (s *Service) NoteSettings(ctx context.Context) error {
	if s.settings.Synced == nil {
		return nil
	}
	values, defaults := s.settings.Synced()
	_, err := syncrec.Of(s.store).KeepSettings(ctx, values, defaults, s.now().UnixMilli())
	return err
}

// applySettings writes the synced settings kept (the later of each, after a round) to the
// settings.
func (s *Service) applySettings(ctx context.Context) error {
	values, err := syncrec.Of(s.store).SyncedSettings(ctx)
	if err != nil || s.settings.SetSynced == nil {
		return err
	}
	return s.settings.SetSynced(values)
}

// Last is the last round's result, when it ended, and its error (the zero time when none ran
// in this process).
func (s *Service) Last() (Result, time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last, s.lastAt, s.lastErr
}

// OpenTarget is the target named by target: an http or https address is a WebDAV server,
// anything else a folder (made absolute).
func OpenTarget(target string) (Target, error) {
	target = strings.TrimSpace(target)
	switch {
	case target == "":
		return nil, ErrNotSetUp
	case strings.HasPrefix(target, "http://"), strings.HasPrefix(target, "https://"):
		return NewWebDAV(target, nil)
	case strings.Contains(target, "://"):
		return nil, fmt.Errorf("%q: Lectern syncs through a folder or a WebDAV server (http:// or https://)", target)
	}
	abs, err := filepath.Abs(target)
	if err != nil {
		return nil, err
	}
	return Folder{Dir: abs}, nil
}
