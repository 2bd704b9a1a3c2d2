package sync

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"regexp"
)

// Target is where the batches go: a folder, or a WebDAV server. Paths are "dir/name" with dir
// manifestsDir or batchesDir. Its errors say in words what is wrong with the target.
type Target interface {
	// List lists the files of dir; a dir that does not exist yet has none.
	List(ctx context.Context, dir string) ([]Entry, error)
	// Read returns a file's bytes.
	Read(ctx context.Context, path string) ([]byte, error)
	// Write writes a file whole, making its dir when needed: a failure leaves no file at path
	// that a reader would take for whole (a batch is named in a manifest only once written).
	Write(ctx context.Context, path string, data []byte) error
	// Remove removes a file (one that is not there is no error): a batch a round wrote but
	// never listed, because Lectern stopped before it wrote the manifest.
	Remove(ctx context.Context, path string) error
	// String names the target for a person.
	String() string
}

// Entry is a file of a target: its name, and a stamp that changes when the file does.
type Entry struct {
	Name, Stamp string
}

// The target's two folders: one manifest per device, and the batches.
const (
	manifestsDir = "manifests"
	batchesDir   = "batches"
)

// namePattern is the name of every file Lectern writes to a target: 32 random hex digits, so
// that names tell nothing of what the files hold.
var namePattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// newName makes a random file name.
func newName() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// TargetError says what went wrong with the target, in words; nothing was changed here.
type TargetError struct {
	Sentence string
	Err      error
}

// Error is the sentence.
func (e *TargetError) Error() string { return e.Sentence }

// Unwrap returns the cause.
func (e *TargetError) Unwrap() error { return e.Err }

// errTargetNotFound is a file missing from the target.
var errTargetNotFound = errors.New("not found")
