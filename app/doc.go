// Package app is Lectern's application core, shared by the desktop window and the command line:
// settings, API-key storage in the OS keychain, the local SQLite database (offline cache,
// conversations, upload queue), sync with the server, asking, uploading, and observable state.
//
// App wires small services together and adds the facade the front-ends use:
//
//   - settings.go: Settings, saved atomically as settings.json in the data folder
//   - secrets.go: Secrets, API keys in the keychain (timeouts, session-only fallback)
//   - db.go, migrations.go, store*.go: the SQLite file (WAL, versioned migrations, FTS5)
//   - sync.go: Sync, the offline cache and Refresh; connection.go: the connection state
//   - conversations.go, ask.go, export.go: Conversations (ask, retry, stop, search, export)
//   - uploads.go, upload_*.go: Uploads, the upload queue
//   - events.go: Bus and the typed events; demo.go: demo mode
//
// It imports no Fyne. Front-ends call App's methods from a goroutine of their own and learn about
// changes through Subscribe; callbacks never run on the caller's goroutine.
package app
