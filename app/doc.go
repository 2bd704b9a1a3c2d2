// Package app is Lectern's application core, shared by the desktop window and the command line:
// settings, API-key storage in the OS keychain, the local SQLite database (offline cache,
// conversations, upload queue), sync with the server, asking, uploading, and observable state.
//
// App wires small services together and adds the facade the front-ends use:
//
//   - types.go: the domain types (cached workspaces, conversations and turns, upload entries)
//   - settings.go: Settings, saved atomically as settings.json in the data folder
//   - secrets.go: Secrets, API keys in the keychain (timeouts, session-only fallback)
//   - signin.go: which server and key are in use (Connect, UseServer, SignOut)
//   - connection.go: the current server's client and the connection state
//   - db.go, migrations.go, store*.go: the SQLite file (WAL, versioned migrations, FTS5)
//   - sync.go: Sync, the offline cache and Refresh; listing.go: the listings both front-ends
//     show, answered from the cache when offline; workspace_ref.go: workspaces named by id or name
//   - answerer.go: the calls every kind of conversation shares (Send, Retry, Resend) and the
//     Answerer of each kind
//   - conversations.go, ask.go, question.go, export.go: Conversations (workspace questions, stop,
//     search, export) and App.Ask
//   - model_*.go, store_images.go: model conversations (issue 13): App.Models, App.Chat and
//     the model Answerer over ModelService (the client's /v1 methods), the conversation trimmed to
//     the tier's context window, images checked and kept per turn, the /v1 errors in words
//   - uploads.go, upload_*.go: Uploads, the upload queue shared by every process on the data
//     folder, and App.Upload
//   - words.go: the sentences that Tell a person what an error means and what to do
//   - events.go: Bus and the typed events; demo.go: demo mode
//
// It imports no Fyne. Front-ends call App's methods from a goroutine of their own and learn about
// changes through Subscribe (bus callbacks never run on the caller's goroutine); an answer's
// progress comes to the OnUpdate of the call that asked, on the asking goroutine.
package app
