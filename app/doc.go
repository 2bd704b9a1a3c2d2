// Package app is Lectern's application core, shared by the desktop window and the command line:
// settings, API-key storage in the OS keychain, the local SQLite database (offline cache,
// conversations, upload queue), sync with the server, asking, uploading, and observable state.
//
// It imports no Fyne. Front-ends call App's methods from a goroutine of their own and learn about
// changes through Subscribe; callbacks never run on the caller's goroutine.
package app
