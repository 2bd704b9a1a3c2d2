package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"lectern/client"
	"lectern/internal/words"
)

// The desktop's intake: what a drop or the file picker hands over is taken one folder level deep,
// checked against the workspace before anything is queued (what it can take at all, the file
// types with a sentence on what to save the others as, the day's upload allowance and the
// workspace's space, from the live limits), and the rest goes to Enqueue, which checks each file's
// name and size again and queues it.

// saveAs says what to save a file of a refused type as, by extension.
var saveAs = map[string]string{
	".md":  "Markdown (.md) files cannot be added: save it as .txt (or export it as PDF) and add that.",
	".doc": "Old Word (.doc) files cannot be added: open it in Word and save it as .docx, then add that.",
	".xls": "Old Excel (.xls) files cannot be added: open it in Excel and save it as .xlsx, then add that.",
}

// CanAddFiles says whether files can be added to workspace wsID, and when not, why and which
// workspaces can take them. Organisation and shared workspaces are known from the cache; a
// published one only once the server answered workspace_read_only for it (then it is remembered).
func (a *App) CanAddFiles(ctx context.Context, wsID string) (bool, string) {
	key := a.conn.cacheKey()
	ws, ok, _ := a.store.workspace(ctx, key, wsID)
	if !ok {
		return true, "" // not cached: the server decides
	}
	var why string
	switch {
	case ws.Scope != "personal":
		why = fmt.Sprintf("“%s” is an organisation workspace: files are added to it in the web app, not from Lectern.", ws.Workspace.Name)
	case ws.Access != "owner":
		why = fmt.Sprintf("“%s” is shared with you by someone else: only its owner can add files to it.", ws.Workspace.Name)
	case a.uploads.isReadOnly(ctx, key, wsID):
		why = fmt.Sprintf("“%s” is published for others, so the server does not take files for it from the API.", ws.Workspace.Name)
	default:
		return true, ""
	}
	return false, why + " " + a.addableSentence(ctx, key, wsID)
}

// addableSentence names the workspaces that can take files.
func (a *App) addableSentence(ctx context.Context, key, except string) string {
	all, _ := a.store.workspaces(ctx, key)
	var names []string
	for _, w := range all {
		if w.WorkspaceID != except && ownPersonal(w) && !a.uploads.isReadOnly(ctx, key, w.WorkspaceID) {
			names = append(names, "“"+w.Workspace.Name+"”")
		}
	}
	if len(names) == 0 {
		return "Files can be added only to your own personal workspaces, and you have none that takes them."
	}
	return "Files can be added to your own personal workspaces: " + strings.Join(names, ", ") + "."
}

// AddFiles checks paths (a folder stands for the files directly in it) for workspace wsID and
// queues those that pass; every file gets a result, a refused one with its reason in words.
func (a *App) AddFiles(ctx context.Context, wsID string, paths ...string) ([]EnqueueResult, error) {
	files, out := topLevelFiles(paths)
	if ok, why := a.CanAddFiles(ctx, wsID); !ok {
		for _, p := range files {
			out = append(out, EnqueueResult{Path: p, Name: filepath.Base(p), Reason: why})
		}
		return out, nil
	}
	q := a.newQuota(ctx, wsID)
	var pass []string
	for _, p := range files {
		if why := q.check(p); why != "" {
			out = append(out, EnqueueResult{Path: p, Name: filepath.Base(p), Reason: why})
			continue
		}
		pass = append(pass, p)
	}
	if len(pass) == 0 {
		return out, nil
	}
	res, err := a.uploads.Enqueue(ctx, wsID, pass...)
	return inOrder(files, append(out, res...)), err
}

// inOrder puts the results of files in the order of files, the others first.
func inOrder(files []string, res []EnqueueResult) []EnqueueResult {
	at := make(map[string]int, len(files))
	for i, p := range files {
		at[p] = i + 1
	}
	slices.SortStableFunc(res, func(a, b EnqueueResult) int { return at[a.Path] - at[b.Path] })
	return res
}

// topLevelFiles lists the files of paths, a folder giving the files directly in it (hidden ones
// and sub-folders skipped, each sub-folder reported once as not taken).
func topLevelFiles(paths []string) (files []string, refused []EnqueueResult) {
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			files = append(files, p) // Enqueue says why it cannot be read
			continue
		}
		entries, _ := os.ReadDir(p)
		for _, e := range entries {
			q := filepath.Join(p, e.Name())
			switch {
			case strings.HasPrefix(e.Name(), "."):
			case e.IsDir():
				refused = append(refused, EnqueueResult{Path: q, Name: e.Name() + string(filepath.Separator),
					Reason: "Folders are taken one level deep: drop this folder itself to add its files."})
			default:
				files = append(files, q)
			}
		}
	}
	return files, refused
}

// quota is the room a workspace has left, from its live limits and the files still to send.
type quota struct {
	lim        client.Limits
	known      bool
	uploadsFor int   // uploads still allowed today
	bytesFree  int64 // room left in the workspace
}

func (a *App) newQuota(ctx context.Context, wsID string) *quota {
	lim, ok := a.UploadLimits(ctx, wsID)
	q := &quota{lim: lim, known: ok, uploadsFor: lim.DailyUploadsRemaining,
		bytesFree: lim.WorkspaceBytesLimit - lim.WorkspaceBytesUsed}
	open, _ := a.store.uploads(ctx, a.conn.cacheKey(), UploadQueued, UploadSending)
	for _, e := range open {
		if e.WorkspaceID == wsID {
			q.uploadsFor--
			q.bytesFree -= e.Size
		}
	}
	return q
}

// check returns why the file at p cannot be added ("" when it fits), counting it when it does.
func (q *quota) check(p string) string {
	if why, ok := saveAs[strings.ToLower(filepath.Ext(p))]; ok {
		return why
	}
	st, err := os.Stat(p)
	if err != nil || st.IsDir() || client.Preflight(filepath.Base(p), st.Size(), q.lim) != nil {
		return "" // Enqueue says why
	}
	if !q.known {
		return ""
	}
	if q.lim.DailyUploadsLimit > 0 && q.uploadsFor <= 0 {
		return fmt.Sprintf("Today's upload allowance is used up (%d a day); files can be added again after midnight (India time).", q.lim.DailyUploadsLimit)
	}
	if q.lim.WorkspaceBytesLimit > 0 && st.Size() > q.bytesFree {
		return fmt.Sprintf("The workspace has no room for this file: %s left of %s, and the file is %s.",
			words.Bytes(max(q.bytesFree, 0)), words.Bytes(q.lim.WorkspaceBytesLimit), words.Bytes(st.Size()))
	}
	q.uploadsFor--
	q.bytesFree -= st.Size()
	return ""
}
