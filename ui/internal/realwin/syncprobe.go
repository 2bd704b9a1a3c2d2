package realwin

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"lectern/app/records"
	"lectern/app/store"
	appsync "lectern/app/sync"
	"lectern/ui/internal/harness"
)

// SyncPassphrase is the passphrase of the real-window sync check's folder.
const SyncPassphrase = "realwin sync passphrase"

// syncCommand serves the sync check's commands (issue 32):
//
//	sync-other <dir>\t<workspace>\t<title>   another data folder (a database of its own) syncs a
//	                                         conversation of that workspace, titled title, with
//	                                         one answered turn, through the folder dir
//	sync-setup <dir>                         sets the sync target and passphrase, as Settings → Sync does
//	settings-close                           closes the Settings window
//	sync-state                               the last round: what it did, when, its error (SyncState)
//	conversations                            the conversation list's titles, newest first
func syncCommand(u *harness.Window, cmd, arg string) (any, error) {
	switch cmd {
	case "sync-other":
		f := strings.Split(arg, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("sync-other: want dir, workspace and title, tab-separated")
		}
		return struct{}{}, otherFolder(u, f[0], f[1], f[2])
	case "sync-setup": // without a keychain (none runs here) the passphrase is kept for the session: a notice
		var kept *appsync.KeptForSession
		if err := u.App.Conversations().Sync().SetUp(arg, SyncPassphrase); err != nil && !errors.As(err, &kept) {
			return nil, err
		}
		return struct{}{}, nil
	}
	if cmd == "settings-close" {
		fyne.DoAndWait(func() {
			if w := u.Settings(); w != nil {
				w.Close()
			}
		})
		return struct{}{}, nil
	}
	if cmd == "sync-state" {
		res, at, err := u.App.Conversations().Sync().Last()
		st := SyncState{Did: res.String(), At: at, Problems: res.Problems}
		if err != nil {
			st.Error = err.Error()
		}
		return st, nil
	}
	var titles []string
	fyne.DoAndWait(func() { titles = u.ConversationTitles() })
	return titles, nil
}

// SyncState is the last sync round, as the probe's sync-state tells it.
type SyncState struct {
	Did      string
	At       time.Time
	Error    string
	Problems []string
}

// otherFolder makes another computer's data folder with one conversation of the workspace
// named workspace on this server, and syncs it through dir.
func otherFolder(u *harness.Window, dir, workspace, title string) error {
	ctx := context.Background()
	cached, err := u.App.Workspaces().CachedWorkspaces(ctx)
	if err != nil {
		return err
	}
	id := ""
	for _, w := range cached {
		if w.Name == workspace {
			id = w.WorkspaceID
		}
	}
	if id == "" {
		return fmt.Errorf("no workspace %q", workspace)
	}
	home, err := os.MkdirTemp("", "lectern-other-computer-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(home)
	st, err := store.Open(ctx, filepath.Join(home, store.DatabaseFile), time.Now)
	if err != nil {
		return err
	}
	defer st.Close()
	server := u.App.SignIn().Server() // the key conversations are kept under: the server's address,
	if u.App.Settings().DemoMode {    // or the demo's own (app/signin's demoCacheKey)
		server = "demo"
	}
	c, err := st.CreateConversation(ctx, server, records.Conversation{WorkspaceID: id, Title: title})
	if err != nil {
		return err
	}
	t, err := st.AddTurn(ctx, records.Turn{ConversationID: c.ID, Question: "What did we agree on the laptop?"})
	if err != nil {
		return err
	}
	t.Answer, t.Status = "That this conversation would be on both computers.", records.TurnCompleted
	if err := st.SaveTurn(ctx, &t); err != nil {
		return err
	}
	_, err = appsync.Round(ctx, appsync.Options{Store: st, Target: appsync.Folder{Dir: dir}, Passphrase: SyncPassphrase})
	return err
}
