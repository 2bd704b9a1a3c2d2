// Package tools holds the tools: the auxiliary tool calls of the service (model-api.md §4: PDF
// text, OCR, web search, generate, downloads of generated files, the assistant's workspaces; the
// files they send read from disk as they go) and the words of their errors; and the tool loop of
// model chats (definitions, argument checks, consent, runs, caps), which takes its tools from
// sources (Source): the app's own tools (Builtin) are one. Nothing is kept locally but the turns'
// parts the loop saves.
package tools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"lectern/app/connection"
	"lectern/app/conversations"
	"lectern/app/explain"
	"lectern/app/store"
	"lectern/app/uploads"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

// The auxiliary tools (model-api.md §4): thin calls over the current connection, files read from
// disk as they are sent. Nothing is kept locally (/chat is the assistant, a kind of conversation:
// app/assistant.go).

// withClient runs fn with the client of the current connection.
func withClient[T any](t *Tools, fn func(*client.Client) (T, error)) (T, error) {
	cl, _, err := t.conn.Current()
	if err != nil {
		var zero T
		return zero, err
	}
	return fn(cl)
}

// Attachment is the file at path, sent by name and reopened for a resend (refused if it changed).
// A file that cannot be found here is a *client.ValidationError; one that cannot be opened or has
// changed by the time it is sent is a *client.FileError. Either way nothing was stored.
func Attachment(path string) (client.Attachment, error) {
	st, err := os.Stat(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return client.Attachment{}, &client.ValidationError{Field: "file", Code: client.InvalidUnreadable, File: path, Value: err.Error()}
	}
	if st.IsDir() {
		return client.Attachment{}, &client.ValidationError{Field: "file", Code: client.InvalidNotAFile, File: path}
	}
	size := st.Size()
	return client.Attachment{Name: filepath.Base(path), Size: size, Open: func() (io.ReadCloser, error) {
		return uploads.OpenSameSize(path, size)
	}}, nil
}

// attachments is Attachment for each path.
func attachments(paths []string) ([]client.Attachment, error) {
	out := make([]client.Attachment, 0, len(paths))
	for _, p := range paths {
		a, err := Attachment(p)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// PDFText returns the text (tables: the table lines) of each PDF file at paths. POST /pdf; it
// shares a limit of 10 requests a minute with Generate and the assistant (Assist).
func (t *Tools) PDFText(ctx context.Context, paths []string, tables bool, progress func(sent, total int64)) (*client.PDFResult, error) {
	files, err := attachments(paths)
	if err != nil {
		return nil, err
	}
	r := client.PDFRequest{Files: files, Progress: progress}
	if tables {
		r.Mode = client.PDFModeTables
	}
	return withClient(t, func(cl *client.Client) (*client.PDFResult, error) { return cl.PDFText(ctx, r) })
}

// StartOCR sends the PDF at path to be read by OCR and returns the queued job.
func (t *Tools) StartOCR(ctx context.Context, path string, progress func(sent, total int64)) (*client.OCRJob, error) {
	f, err := Attachment(path)
	if err != nil {
		return nil, err
	}
	r := client.OCRRequest{File: f, Progress: progress}
	return withClient(t, func(cl *client.Client) (*client.OCRJob, error) { return cl.StartOCR(ctx, r) })
}

// OCRStatus returns a job's state once.
func (t *Tools) OCRStatus(ctx context.Context, jobID string) (*client.OCRJob, error) {
	return withClient(t, func(cl *client.Client) (*client.OCRJob, error) { return cl.OCRStatus(ctx, jobID) })
}

// WaitOCR follows a job every few seconds until it ends or deadline passes; onUpdate gets every
// state (progress included).
func (t *Tools) WaitOCR(ctx context.Context, jobID string, deadline time.Duration, onUpdate func(*client.OCRJob)) (*client.OCRJob, error) {
	return withClient(t, func(cl *client.Client) (*client.OCRJob, error) { return cl.WaitOCR(ctx, jobID, deadline, onUpdate) })
}

// WebSearch searches the web; no answer is written.
func (t *Tools) WebSearch(ctx context.Context, r client.SearchRequest) (*client.SearchResult, error) {
	return withClient(t, func(cl *client.Client) (*client.SearchResult, error) { return cl.WebSearch(ctx, r) })
}

// Generate writes a text, and an Office file when the prompt asks for one.
func (t *Tools) Generate(ctx context.Context, prompt string) (*client.GenerateResult, error) {
	r := client.GenerateRequest{Prompt: prompt}
	return withClient(t, func(cl *client.Client) (*client.GenerateResult, error) { return cl.Generate(ctx, r) })
}

// ErrArtifactExpired is a generated file that can no longer be downloaded.
var ErrArtifactExpired = errors.New("the generated file has expired")

// DownloadArtifact saves a generated file at path as it arrives (never whole in memory): it is
// written beside path and renamed into place once complete, so a failed download leaves nothing.
func (t *Tools) DownloadArtifact(ctx context.Context, art *client.OfficeArtifact, path string, progress func(got, total int64)) (int64, error) {
	if art.Expired(time.Now()) {
		return 0, ErrArtifactExpired
	}
	cl, _, err := t.conn.Current()
	if err != nil {
		return 0, err
	}
	tmp, err := createBeside(path)
	if err != nil {
		return 0, fmt.Errorf("the file %s cannot be written: %w", strconv.Quote(path), err)
	}
	defer os.Remove(tmp.Name()) // after the rename there is nothing left to remove
	n, err := cl.DownloadArtifact(ctx, art.ArtifactID, tmp, progress)
	if cerr := tmp.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if client.ArtifactExpired(err) {
		err = ErrArtifactExpired
	}
	return n, err
}

// createBeside creates a new file of a unique name beside path (".name.random.part"), to be renamed
// to path once written. It is a document like any other, not a private temporary file: created
// with mode 0666 less the user's umask, as any file the user makes (os.CreateTemp's 0600 would
// hide it from others whatever the umask, and a chmod to 0644 would show it whatever the umask).
func createBeside(path string) (*os.File, error) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	for range 10000 {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36)+".part")
		f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("no unused temporary name beside %s", strconv.Quote(path))
}

// ToolWorkspaces lists the workspaces the assistant may use (GET /workspaces; Assist pins one).
func (t *Tools) ToolWorkspaces(ctx context.Context) ([]client.ToolWorkspace, error) {
	return withClient(t, func(cl *client.Client) ([]client.ToolWorkspace, error) { return cl.ToolWorkspaces(ctx) })
}

// Tools are the auxiliary tools over the current connection (PDF text, OCR, web search, generate,
// the assistant's workspaces) and the words of their errors, and the tool loop of model chats
// (Answer) with the app's own tools (Builtin).
type Tools struct {
	conn      *connection.Manager
	store     *store.DB
	conv      *conversations.Conversations
	questions WorkspaceRequests
}

// New returns the tools over conn's current connection; the loop saves turns in st and ends a
// stopped one as conv does, and the consult_workspace tool asks with questions' requests.
func New(conn *connection.Manager, st *store.DB, conv *conversations.Conversations, questions WorkspaceRequests) *Tools {
	return &Tools{conn: conn, store: st, conv: conv, questions: questions}
}

// ToolWorkspace finds the workspace of GET /workspaces that ref names: its id, or its name in any
// case. One that is not listed is refused, naming those that are.
func (t *Tools) ToolWorkspace(ctx context.Context, ref string) (client.ToolWorkspace, error) {
	list, err := t.ToolWorkspaces(ctx)
	if err != nil {
		return client.ToolWorkspace{}, err
	}
	ref = strings.TrimSpace(ref)
	for _, w := range list {
		if w.ID == ref {
			return w, nil
		}
	}
	var names []string
	for _, w := range list {
		if strings.EqualFold(w.Name, ref) {
			return w, nil
		}
		names = append(names, workspaceLabel(w.Name, w.ID))
	}
	if len(names) == 0 {
		return client.ToolWorkspace{}, explain.Checkf("The server offers no workspace to the assistant; send the message without one.")
	}
	return client.ToolWorkspace{}, explain.Checkf("The assistant cannot use a workspace %s; it can use %s.", workspaceLabel(ref, ""), explain.OrList(names))
}

// workspaceLabel is a workspace's name in quotes (its id when it has no name), on one line and cut.
func workspaceLabel(name, id string) string {
	if strings.TrimSpace(name) == "" {
		name = id
	}
	return explain.QuoteName(words.Cut(safetext.OneLine(name), 60))
}
