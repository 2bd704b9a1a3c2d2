package cli

import (
	"fmt"
	"io"
	"sync"

	"lectern/app/records"
	"lectern/app/uploads"
	"lectern/client"
	"lectern/internal/safetext"
)

var cmdUpload = &command{
	name:    "upload",
	args:    "WORKSPACE FILE... [--wait] [--json]",
	summary: "add files to one of your own personal workspaces",
	help: `
Each file is checked first (type .txt .pdf .docx .xlsx .csv, name, size against the workspace's
limits); a file that fails the check is not sent and its reason is printed. A folder adds the
files directly in it, one level deep as a drop on the desktop app does: its sub-folders are not
taken, and each is named as left out. The files go through the same upload queue as the desktop app's: the queue keeps
each one until the server has it, a file already queued or sent to the workspace (same name and
content) is not sent again, and an upload cut short is resumed by the next "lectern upload" of
the same file, or by the desktop app, without sending it twice.

  --wait   follow each file until it is ready to be asked, or failed
  --json   print the upload records as a JSON array (progress goes to stderr)

Exit code 1 when the service refused a file or a file failed, 2 when a file failed the check.`,
	run: runUpload,
}

// runUpload is `lectern upload WORKSPACE FILE...`.
func runUpload(e *env, args []string) error {
	fs := newFlagSet(e, "upload")
	wait := fs.Bool("wait", false, "wait until ready or failed")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseArgs(fs, args, 2, -1, "WORKSPACE and at least one FILE")
	if err != nil {
		return err
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	r := newUploadReport(e, a.Workspaces(), *asJSON)
	done := records.UploadState.Sent
	if *wait {
		done = records.UploadState.Final
	}
	batch, err := a.Uploads().Upload(e.ctx, pos[0], pos[1:], func(u records.Upload) bool { return done(u.State) }, r.change)
	r.out.clearProgress()
	if err != nil {
		return err
	}
	return r.finish(batch)
}

// uploadReport prints what happens to the files of one upload command: a line when the server has
// a file and at each change of its status, the reason of each file refused, and on a terminal a
// progress line while a file is sent. Lines go to stdout, or to stderr with --json.
type uploadReport struct {
	e      *env
	cache  workspaceCache // names the workspaces
	out    *lockedWriter
	live   bool
	asJSON bool
	status map[int64]string // the last status printed per entry
}

func newUploadReport(e *env, cache workspaceCache, asJSON bool) *uploadReport {
	out := &lockedWriter{w: e.stdout, term: e.raw()}
	if asJSON {
		out.w = e.stderr
	}
	return &uploadReport{e: e, cache: cache, out: out, live: e.isTerminal() && !asJSON, asJSON: asJSON,
		status: map[int64]string{}}
}

// workspaceName names workspace id as the cache knows it, else by its id.
func (r *uploadReport) workspaceName(id string) string {
	list, _ := r.cache.CachedWorkspaces(r.e.ctx)
	for _, w := range list {
		if w.WorkspaceID == id {
			return safetext.OneLine(w.Name)
		}
	}
	return id
}

// change reports one change of a queue entry.
func (r *uploadReport) change(u records.Upload) {
	_, known := r.status[u.ID]
	switch {
	case u.State == records.UploadSending && r.live:
		r.out.progressf("Sending %s  %s", quoted(u.Name), percent(u.Sent, u.Size))
	case u.State == records.UploadFailed && u.Record == nil && !known:
		r.status[u.ID] = "refused"
		r.out.clearProgress()
		fmt.Fprintf(r.e.stderr, "lectern: %s not added: %s\n", quoted(u.Name), refusal(u))
	case u.Record != nil && !known:
		r.out.line("Added %s to %s (%s).", quoted(u.Name), r.workspaceName(u.WorkspaceID), recordIDs(u.Record))
		fallthrough
	case u.Record != nil && r.status[u.ID] != u.Status:
		r.status[u.ID] = u.Status
		r.out.line("%s: %s", quoted(u.Name), statusWords(u.Status, u.Record.FailedReason))
	}
}

// refusal says why the server refused an upload: its code, what to do and the request id.
func refusal(u records.Upload) string {
	if u.ErrorCode == "" {
		return u.Error
	}
	return u.ErrorCode + ": " + u.Error
}

// finish prints the files refused before sending and the records (--json), and sets the exit code.
func (r *uploadReport) finish(batch uploads.UploadBatch) error {
	rejected, failed := 0, 0
	for _, res := range batch.Results {
		if res.ID == 0 {
			fmt.Fprintf(r.e.stderr, "lectern: %s not sent: %s\n", quoted(res.Path), res.Reason)
			rejected++
		}
	}
	recs := []*client.UploadRecord{}
	for _, u := range batch.Entries {
		if u.State == records.UploadFailed {
			failed++
		}
		if u.Record != nil {
			recs = append(recs, u.Record)
		}
	}
	if r.asJSON && len(batch.Entries) > 0 {
		if err := r.e.printJSON(recs); err != nil {
			return err
		}
	}
	switch {
	case failed > 0:
		return exitStatus(exitService)
	case rejected > 0:
		return exitStatus(exitUsage)
	}
	return nil
}

// recordIDs names the ids of an upload record that "lectern status" takes.
func recordIDs(r *client.UploadRecord) string {
	if r.DocumentID != nil && *r.DocumentID != "" {
		return "document id " + *r.DocumentID + ", client id " + r.ClientDocumentID
	}
	return "client id " + r.ClientDocumentID
}

// percent shows sent of total as a percentage.
func percent(sent, total int64) string {
	if total <= 0 {
		return ""
	}
	return fmt.Sprintf("%3d%%", sent*100/total)
}

// lockedWriter serialises the lines and the progress line of an upload's report.
type lockedWriter struct {
	mu       sync.Mutex
	w        io.Writer // sanitised
	term     io.Writer // the same stream without the sanitiser, for the progress line's codes
	onScreen bool      // a progress line is on screen
}

// line prints a whole line, above the progress line if there is one.
func (l *lockedWriter) line(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clearLocked()
	fmt.Fprintf(l.w, format+"\n", args...)
}

// progressf replaces the progress line (terminals only).
func (l *lockedWriter) progressf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprint(l.term, "\r\033[K")
	fmt.Fprintf(l.w, format, args...)
	l.onScreen = true
}

// clearProgress removes the progress line.
func (l *lockedWriter) clearProgress() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clearLocked()
}

// clearLocked removes the progress line; l.mu is held.
func (l *lockedWriter) clearLocked() {
	if l.onScreen {
		fmt.Fprint(l.term, "\r\033[K")
		l.onScreen = false
	}
}
