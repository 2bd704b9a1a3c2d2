package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A conversation deleted from the command line goes to the trash and comes back with restore; a
// backup taken on one computer adds its conversations to another once, and never replaces a file.
func TestTrashBackupImport(t *testing.T) {
	m := newModels(t)
	m.run(t, nil, "chat", "--model", "Fast", "Where is the Louvre?").want(t, 0)
	m.run(t, nil, "chat", "--model", "Fast", "Where is the Prado?").want(t, 0)
	contains(t, "trash", m.run(t, nil, "trash").want(t, 0).stdout, "The trash is empty.")
	r := m.run(t, nil, "delete", "1").want(t, 0)
	contains(t, "delete", r.stdout, "Conversation 1 moved to the trash", "lectern restore 1")
	m.run(t, nil, "delete", "1").want(t, 2)
	r = m.run(t, nil, "trash").want(t, 0)
	contains(t, "trash", r.stdout, "Where is the Louvre?", "model Fast", "GONE FOR GOOD")
	var trash []trashEntry
	if err := json.Unmarshal([]byte(m.run(t, nil, "trash", "--json").want(t, 0).stdout), &trash); err != nil ||
		len(trash) != 1 || trash[0].ConversationID != "1" || trash[0].Until.Sub(trash[0].Deleted).Hours() != 30*24 {
		t.Fatalf("trash --json %+v (%v)", trash, err)
	}
	contains(t, "history", m.run(t, nil, "history").want(t, 0).stdout, "Where is the Prado?")
	if r := m.run(t, nil, "history").stdout; strings.Contains(r, "Louvre") {
		t.Errorf("a deleted conversation is listed:\n%s", r)
	}
	m.run(t, nil, "restore", "1").want(t, 0)
	contains(t, "history", m.run(t, nil, "history").want(t, 0).stdout, "Where is the Louvre?")
	m.run(t, nil, "restore", "1").want(t, 2)
	m.run(t, nil, "restore", "x").want(t, 2)
	m.run(t, nil, "delete", "2").want(t, 0)

	file := filepath.Join(t.TempDir(), "lectern-backup.db")
	r = m.run(t, nil, "backup", file).want(t, 0)
	contains(t, "backup", r.stdout, "Backup written to "+file)
	before, _ := os.ReadFile(file)
	contains(t, "backup again", m.run(t, nil, "backup", file).want(t, 2).stderr, "already exists")
	if after, _ := os.ReadFile(file); string(after) != string(before) {
		t.Error("a second backup changed the file")
	}

	t.Setenv("LECTERN_HOME", t.TempDir()) // another computer
	m.run(t, nil, "chat", "--model", "Fast", "Where is the Uffizi?").want(t, 0)
	r = m.run(t, nil, "import", file).want(t, 0)
	contains(t, "import", r.stdout, "Added 1 conversation from", "0 conversations already here", "1 conversation in its trash left out")
	r = m.run(t, nil, "import", file).want(t, 0)
	contains(t, "import again", r.stdout, "Added 0 conversations", "1 conversation already here")
	contains(t, "history", m.run(t, nil, "history").want(t, 0).stdout, "Where is the Uffizi?", "Where is the Louvre?")
	notes := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(notes, []byte("plain text, not a backup of anything at all\n"), 0o600)
	contains(t, "import text", m.run(t, nil, "import", notes).want(t, 2).stderr, "is not a Lectern backup")
	contains(t, "help", runCLI(t, "help").stdout, "backup", "import", "trash", "restore", "delete")
}
