// Package app is the wiring of Lectern's application core, shared by the desktop window and the
// command line: Open opens the data folder (settings, then the database), makes the rooms under
// app/ and hands them out (Conversations, Workspaces, Uploads, SignIn, Tools, Questions, Models,
// Assistant); Close stops them. Each concern is a room of its own, its state private to it, and a
// room imports only rooms below it (rooms_test.go, docs/ARCHITECTURE.md):
//
//   - records: the records the rooms keep and the front-ends show, and their words
//   - explain: the sentences that say what an error means and what to do
//   - secrets, settings: API keys (keychain, key file); settings.json and the data folder
//   - store: the SQLite file, the only package that writes SQL
//   - connection: the current server's client and the link's state; events: the one typed bus
//   - workspaces: the cache of workspaces and documents, refresh, listings
//   - uploads: the upload queue shared by every process on the data folder
//   - signin: which server and which key
//   - conversations: conversations of every kind, and the answerer registered for each kind
//   - tools: the auxiliary tool calls; ask, modelchat, assistant: the answerers of workspace
//     questions, model chats (with their tool loop) and the assistant
//
// It imports no Fyne. Front-ends call the rooms from a goroutine of their own and learn about
// changes through Subscribe (bus callbacks never run on the caller's goroutine); an answer's
// progress comes to the OnUpdate of the call that asked, on the asking goroutine.
package app
