package uploads

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"lectern/app/records"
	"lectern/client"
	"lectern/internal/words"
)

// The one intake of both front-ends (`lectern upload` and a drop or the file picker): AddFiles
// takes files, and folders one level deep (their sub-folders named in the results as not taken),
// stats each file once, decides once whether the workspace takes files (notAddable), checks each
// file once (its type, with a sentence on what to save the others as; the client's checks; the
// day's upload allowance and the workspace's space, from the live limits) and queues the rest,
// reading each file once for its content hash.

// CanAddFiles says whether files can be added to workspace wsID, and when not, why and which
// workspaces can take them (see notAddable): what the desktop asks before it offers to add files.
func (u *Queue) CanAddFiles(ctx context.Context, wsID string) (bool, string) {
	why := u.notAddable(ctx, u.conn.CacheKey(), wsID)
	return why == "", why
}

// notAddable says why workspace wsID cannot take files, with the workspaces that can ("" when it
// can). This is the one place that decides it (CachedWorkspace.TakesFiles is its part the cache
// alone answers). Organisation and shared workspaces are known from the cache; a published one
// only once the server answered workspace_read_only for it (then it is marked in the cache); a
// workspace the cache does not know is left to the server.
func (u *Queue) notAddable(ctx context.Context, key, wsID string) string {
	ws, ok, _ := u.store.Workspace(ctx, key, wsID)
	if !ok {
		return ""
	}
	var why string
	switch {
	case ws.Scope != "personal":
		why = fmt.Sprintf("“%s” is an organisation workspace: files are added to it in the web app, not from Lectern.", ws.Workspace.Name)
	case ws.Access != "owner":
		why = fmt.Sprintf("“%s” is shared with you by someone else: only its owner can add files to it.", ws.Workspace.Name)
	case ws.ReadOnly || u.isReadOnly(ctx, key, wsID):
		why = fmt.Sprintf("“%s” is published for others, so the server does not take files for it from the API.", ws.Workspace.Name)
	default:
		return ""
	}
	return why + " " + u.addableSentence(ctx, key, wsID)
}

// addableSentence names the workspaces that can take files.
func (u *Queue) addableSentence(ctx context.Context, key, except string) string {
	all, _ := u.store.Workspaces(ctx, key)
	var names []string
	for _, w := range all {
		if w.WorkspaceID != except && w.TakesFiles() && !u.isReadOnly(ctx, key, w.WorkspaceID) {
			names = append(names, "“"+w.Workspace.Name+"”")
		}
	}
	if len(names) == 0 {
		return "Files can be added only to your own personal workspaces, and you have none that takes them."
	}
	return "Files can be added to your own personal workspaces: " + strings.Join(names, ", ") + "."
}

// AddFiles checks paths for workspace wsID and queues the files that pass, and this process
// starts sending them; every file gets a result, in the order of paths, a refused one with its
// reason in words. A folder stands for the files directly in it (hidden ones skipped); its
// sub-folders are not taken, each named in the results with why.
func (u *Queue) AddFiles(ctx context.Context, wsID string, paths ...string) ([]EnqueueResult, error) {
	cl, key, err := u.conn.Current()
	if err != nil {
		return nil, err
	}
	files := GatherFiles(paths)
	if why := u.notAddable(ctx, key, wsID); why != "" {
		return u.Enqueue(ctx, key, wsID, refuseAll(files, why))
	}
	q := u.newQuota(ctx, wsID)
	if lim, ok := cl.WorkspaceLimits(wsID); ok {
		q.sendLim = lim
	} else {
		q.sendLim = cl.Limits()
	}
	for i := range files {
		if files[i].reason == "" {
			files[i].reason = q.check(files[i], u.conn.Describe)
		}
	}
	return u.Enqueue(ctx, key, wsID, files)
}

// refuseAll gives every file of files that has no reason yet why.
func refuseAll(files []candidate, why string) []candidate {
	for i := range files {
		if files[i].reason == "" {
			files[i].reason = why
		}
	}
	return files
}

// gatherFiles lists the files paths name, each stat'ed once: a folder gives the files directly in
// it (hidden ones skipped), and each of its sub-folders once, as not taken.
func GatherFiles(paths []string) []candidate {
	var out []candidate
	for _, p := range paths {
		st, err := os.Stat(p)
		switch {
		case err != nil:
			out = append(out, candidate{path: p, reason: "The file cannot be read: " + pathError(err)})
		case st.IsDir():
			out = append(out, folderFiles(p)...)
		default:
			out = append(out, fileCandidate(p, st))
		}
	}
	return out
}

// folderFiles lists the files directly in folder dir; a sub-folder is named, with why it is not
// taken.
func folderFiles(dir string) []candidate {
	entries, err := ReadDir(dir)
	if err != nil { // a folder that cannot be read is said, not skipped in silence
		return []candidate{{path: dir, reason: "The folder cannot be read: " + pathError(err)}}
	}
	var out []candidate
	for _, e := range entries {
		q := filepath.Join(dir, e.Name())
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if e.IsDir() {
			out = append(out, candidate{path: q, name: e.Name() + string(filepath.Separator),
				reason: "Folders are taken one level deep: add this folder itself to add its files."})
			continue
		}
		info, err := e.Info()
		if err != nil {
			out = append(out, candidate{path: q, reason: "The file cannot be read: " + pathError(err)})
			continue
		}
		out = append(out, fileCandidate(q, info))
	}
	return out
}

// quota is the room a workspace has left, from its live limits and the files still to send.
type quota struct {
	lim        client.Limits // the live limits, when known
	known      bool
	sendLim    client.Limits // what the client checks a file against (the defaults when none known)
	uploadsFor int           // uploads still allowed today
	bytesFree  int64         // room left in the workspace
}

func (u *Queue) newQuota(ctx context.Context, wsID string) *quota {
	lim, ok := u.UploadLimits(ctx, wsID)
	q := &quota{lim: lim, known: ok, uploadsFor: lim.DailyUploadsRemaining,
		bytesFree: lim.WorkspaceBytesLimit - lim.WorkspaceBytesUsed}
	open, _ := u.queue.Uploads(ctx, u.conn.CacheKey(), records.UploadQueued, records.UploadSending)
	for _, e := range open {
		if e.WorkspaceID == wsID {
			q.uploadsFor--
			q.bytesFree -= e.Size
		}
	}
	return q
}

// check returns why file f cannot be added ("" when it fits), counting it when it does; describe
// words the client's refusal.
func (q *quota) check(f candidate, describe func(error) string) string {
	name := filepath.Base(f.path)
	if err := client.Preflight(name, f.size, q.sendLim); err != nil {
		return describe(err)
	}
	if !q.known {
		return ""
	}
	if q.lim.DailyUploadsLimit > 0 && q.uploadsFor <= 0 {
		return fmt.Sprintf("Today's upload allowance is used up (%d a day); files can be added again after midnight (India time).", q.lim.DailyUploadsLimit)
	}
	if q.lim.WorkspaceBytesLimit > 0 && f.size > q.bytesFree {
		return fmt.Sprintf("The workspace has no room for this file: %s left of %s, and the file is %s.",
			words.Bytes(max(q.bytesFree, 0)), words.Bytes(q.lim.WorkspaceBytesLimit), words.Bytes(f.size))
	}
	q.uploadsFor--
	q.bytesFree -= f.size
	return ""
}
