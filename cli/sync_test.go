package cli

import (
	"testing"
)

// Two computers (two data folders) sync through one folder: the second gets the first's
// conversation, `lectern sync` then uses the target set, and each round says what it did.
func TestSyncTwoDataFoldersThroughAFolder(t *testing.T) {
	m := newModels(t)
	t.Setenv("LECTERN_SYNC_PASSPHRASE", "correct horse battery staple")
	dir := t.TempDir()
	contains(t, "not set up", m.run(t, nil, "sync").want(t, 2).stderr, "sync is not set up", "lectern sync --to")
	m.run(t, nil, "chat", "--model", "Fast", "Where is the Louvre?").want(t, 0)
	contains(t, "first", m.run(t, nil, "sync", "--to", dir).want(t, 0).stdout, "Synced with "+dir+": nothing in, 2 out.")

	t.Setenv("LECTERN_HOME", t.TempDir()) // another computer
	m.run(t, nil, "chat", "--model", "Fast", "Where is the Prado?").want(t, 0)
	contains(t, "second", m.run(t, nil, "sync", "--to", dir).want(t, 0).stdout, "1 conversation and 1 turn in, 2 out.")
	contains(t, "history", m.run(t, nil, "history").want(t, 0).stdout, "Where is the Louvre?", "Where is the Prado?")
	contains(t, "again", m.run(t, nil, "sync").want(t, 0).stdout, "nothing in, 0 out.")

	t.Setenv("LECTERN_SYNC_PASSPHRASE", "another passphrase")
	t.Setenv("LECTERN_HOME", t.TempDir()) // a third, with a wrong passphrase
	contains(t, "wrong", m.run(t, nil, "sync", "--to", dir).want(t, 2).stderr, "passphrase does not open")
	contains(t, "help", runCLI(t, "help", "sync").stdout, "LECTERN_SYNC_PASSPHRASE", "WebDAV")
}
