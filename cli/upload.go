package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"lectern/client"
)

var cmdUpload = &command{
	name:    "upload",
	args:    "WORKSPACE FILE... [--wait] [--json]",
	summary: "add files to one of your own personal workspaces",
	help: `
Each file is checked first (type .txt .pdf .docx .xlsx .csv, name, size); a file that fails the
check is not sent and its reason is printed. The others are sent one after the other.

  --wait   follow each file until it is ready to be asked, or failed
  --json   print the upload records as a JSON array (progress goes to stderr)

Exit code 1 when the service refused a file or a file failed, 2 when a file failed the check.`,
	run: runUpload,
}

// uploadOptions are the parsed arguments of upload.
type uploadOptions struct {
	workspace string
	files     []string
	wait      bool
	asJSON    bool
}

// runUpload is `lectern upload WORKSPACE FILE...`.
func runUpload(e *env, args []string) error {
	fs := newFlagSet(e, "upload")
	o := &uploadOptions{}
	fs.BoolVar(&o.wait, "wait", false, "wait until ready or failed")
	fs.BoolVar(&o.asJSON, "json", false, "print JSON")
	pos, err := parseArgs(fs, args, 2, -1, "WORKSPACE and at least one FILE")
	if err != nil {
		return err
	}
	o.workspace, o.files = pos[0], pos[1:]
	return e.upload(o)
}

// upload checks, sends and (with --wait) follows the files of o.
func (e *env) upload(o *uploadOptions) error {
	reqs, rejected := e.preflight(o.files, client.DefaultLimits)
	if len(reqs) == 0 {
		return exitStatus(exitUsage)
	}
	c, ws, err := e.connectWorkspace(o.workspace)
	if err != nil {
		return err
	}
	recs, failed, err := e.sendAndWait(c, ws, reqs, o)
	if err != nil {
		return err
	}
	if o.asJSON {
		if err := e.printJSON(recs); err != nil {
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

// sendAndWait sends the files and, with --wait, follows them. It returns the latest records
// and how many files the service refused or failed. Lines go to stdout, or to stderr with --json.
func (e *env) sendAndWait(c *client.Client, ws client.Workspace, reqs []client.UploadRequest, o *uploadOptions) ([]*client.UploadRecord, int, error) {
	out := &lockedWriter{w: e.stdout}
	if o.asJSON {
		out.w = e.stderr
	}
	live := e.isTerminal() && !o.asJSON
	recs, failed := e.sendAll(c, ws, reqs, out, live)
	if e.ctx.Err() != nil {
		return nil, 0, e.ctx.Err()
	}
	if !o.wait || len(recs) == 0 {
		return recs, failed, nil
	}
	recs, n, err := e.waitAll(c, ws.WorkspaceID, recs, out, live)
	return recs, failed + n, err
}

// preflight checks each file locally and returns the requests for those that pass. The reason
// of each rejected file is printed.
func (e *env) preflight(files []string, lim client.Limits) ([]client.UploadRequest, int) {
	var reqs []client.UploadRequest
	rejected := 0
	for _, path := range files {
		req, err := checkFile(path, lim)
		if err != nil {
			fmt.Fprintf(e.stderr, "lectern: %s not sent: %s\n", path, err)
			rejected++
			continue
		}
		reqs = append(reqs, req)
	}
	return reqs, rejected
}

// checkFile checks one file and prepares its request (the workspace is filled in later).
func checkFile(path string, lim client.Limits) (client.UploadRequest, error) {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return client.UploadRequest{}, errors.New("there is no such file")
	case err != nil:
		return client.UploadRequest{}, fmt.Errorf("cannot read it: %v", err)
	case fi.IsDir():
		return client.UploadRequest{}, errors.New("it is a folder; give the files in it one by one")
	}
	if err := client.Preflight(filepath.Base(path), fi.Size(), lim); err != nil {
		return client.UploadRequest{}, errors.New(client.Describe(err))
	}
	req, err := client.UploadRequestForFile("", path)
	if err != nil {
		return client.UploadRequest{}, errors.New(client.Describe(err))
	}
	return req, nil
}

// sendAll sends the requests one after the other to ws and returns the records of those the
// service accepted, and how many it refused (their errors are printed).
func (e *env) sendAll(c *client.Client, ws client.Workspace, reqs []client.UploadRequest, out *lockedWriter, live bool) ([]*client.UploadRecord, int) {
	recs := []*client.UploadRecord{}
	failed := 0
	for _, req := range reqs {
		if e.ctx.Err() != nil {
			break
		}
		req.WorkspaceID = ws.WorkspaceID
		if live {
			req.Progress = func(sent, total int64) { out.progressf("Sending %s  %s", req.Name, percent(sent, total)) }
		}
		rec, err := c.Upload(e.ctx, req)
		out.clearProgress()
		if err != nil {
			fmt.Fprintf(e.stderr, "lectern: %s not added: %s\n", req.Name, describe(err))
			failed++
			continue
		}
		out.line("Added %s to %s (%s).", rec.Name, ws.Name, recordIDs(rec))
		out.line("%s: %s", rec.Name, statusWords(rec.Status, rec.FailedReason))
		recs = append(recs, rec)
	}
	return recs, failed
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

// lockedWriter serialises the lines and the progress line of concurrent uploads and waits.
type lockedWriter struct {
	mu       sync.Mutex
	w        io.Writer
	onScreen bool // a progress line is on screen
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
	fmt.Fprintf(l.w, "\r\033[K"+format, args...)
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
		fmt.Fprint(l.w, "\r\033[K")
		l.onScreen = false
	}
}
