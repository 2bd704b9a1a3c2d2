package sync

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"filippo.io/age"
)

// batchFiles lists the batch files of a folder target.
func batchFiles(t *testing.T, dir string) []string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "batches", "*"))
	return names
}

// A wrong passphrase ends the round with a sentence before anything is applied or written.
func TestSyncWrongPassphraseAppliesAndWritesNothing(t *testing.T) {
	dir := t.TempDir()
	a, b := newDevice(t, epoch), newDevice(t, epoch)
	a.conversation("mine", "q")
	a.sync(Folder{Dir: dir})
	b.conversation("b's", "q")
	o := b.options(Folder{Dir: dir})
	o.Passphrase = "another passphrase"
	_, err := Round(context.Background(), o)
	if !errors.Is(err, ErrWrongPassphrase) || !strings.Contains(err.Error(), "passphrase") {
		t.Fatalf("round with a wrong passphrase: %v", err)
	}
	if n := b.count("SELECT count(*) FROM conversations"); n != 1 {
		t.Errorf("B holds %d conversations, want its own only", n)
	}
	if n := len(batchFiles(t, dir)); n != 1 {
		t.Errorf("%d batches in the target, want A's alone (B wrote nothing under another passphrase)", n)
	}
	if res := b.sync(Folder{Dir: dir}); res.In.Conversations != 1 {
		t.Errorf("the right passphrase then: %s", res)
	}
}

// A batch cut short or changed in the target applies nothing, says why in a sentence, and is
// applied by the round after it is whole again.
func TestSyncDamagedBatchAppliesNothingAndIsTriedAgain(t *testing.T) {
	for name, spoil := range map[string]func([]byte) []byte{
		"truncated": func(b []byte) []byte { return b[:len(b)-20] },
		"tampered":  func(b []byte) []byte { c := bytes.Clone(b); c[len(c)-30] ^= 1; return c },
	} {
		dir := t.TempDir()
		a, b := newDevice(t, epoch), newDevice(t, epoch)
		for i := range 30 {
			a.conversation("conversation "+string(rune('a'+i%26)), strings.Repeat("words ", 100))
		}
		a.sync(Folder{Dir: dir})
		file := batchFiles(t, dir)[0]
		whole, _ := os.ReadFile(file)
		must(t, os.WriteFile(file, spoil(whole), 0o600))
		res := b.sync(Folder{Dir: dir})
		if len(res.Problems) != 1 || !strings.Contains(res.Problems[0], "damaged or was changed") || !strings.Contains(res.Problems[0], "next sync tries it again") {
			t.Fatalf("%s: problems %q", name, res.Problems)
		}
		if n := b.count("SELECT count(*) FROM conversations"); n != 0 {
			t.Fatalf("%s: %d conversations applied from a damaged batch", name, n)
		}
		must(t, os.WriteFile(file, whole, 0o600))
		if res := b.sync(Folder{Dir: dir}); res.In.Conversations != 30 || len(res.Problems) != 0 {
			t.Errorf("%s: once whole: %s %q", name, res, res.Problems)
		}
	}
}

// A batch written by a newer Lectern is refused with a sentence, and nothing of it applied.
func TestSyncBatchFromNewerLecternIsRefused(t *testing.T) {
	dir := t.TempDir()
	seal := func(plain []byte) []byte {
		r, _ := age.NewScryptRecipient(testPassphrase)
		r.SetWorkFactor(testWorkFactor)
		var out bytes.Buffer
		w, _ := age.Encrypt(&out, r)
		_, _ = w.Write(plain)
		_ = w.Close()
		return out.Bytes()
	}
	var batch bytes.Buffer
	gz := gzip.NewWriter(&batch)
	_, _ = gz.Write([]byte(`{"lectern_sync":2,"device":"ffff"}` + "\n" + `{"t":"conversation","uid":"u1","v":"000000000001000000ffff","f":{"title":"from the future","server":"srv"}}` + "\n"))
	_ = gz.Close()
	name := strings.Repeat("ab", 16)
	must(t, os.MkdirAll(filepath.Join(dir, "batches"), 0o700))
	must(t, os.MkdirAll(filepath.Join(dir, "manifests"), 0o700))
	must(t, os.WriteFile(filepath.Join(dir, "batches", name), seal(batch.Bytes()), 0o600))
	m, _ := json.Marshal(map[string]any{"lectern_sync": 1, "device": "ffff", "batches": []string{name}})
	must(t, os.WriteFile(filepath.Join(dir, "manifests", strings.Repeat("cd", 16)), seal(m), 0o600))
	b := newDevice(t, epoch)
	res := b.sync(Folder{Dir: dir})
	if len(res.Problems) != 1 || !strings.Contains(res.Problems[0], "newer Lectern") || !strings.Contains(res.Problems[0], "update Lectern") {
		t.Fatalf("problems %q, want one saying a newer Lectern wrote it", res.Problems)
	}
	if n := b.count("SELECT count(*) FROM conversations"); n != 0 {
		t.Errorf("%d conversations applied from a newer batch", n)
	}
}

// failingTarget is a target whose writes fail as a full disk does.
type failingTarget struct {
	Target
	err error
}

func (f failingTarget) Write(ctx context.Context, path string, data []byte) error {
	return &TargetError{Sentence: "The sync folder is full: free some space there, then sync again. Nothing was changed.", Err: f.err}
}

// A target that cannot be written ends the round with its sentence; nothing is marked sent, so
// the next round sends it all.
func TestSyncFullTargetChangesNothingAndNextRoundSends(t *testing.T) {
	dir := t.TempDir()
	a := newDevice(t, epoch)
	a.conversation("mine", "q")
	_, err := Round(context.Background(), a.options(failingTarget{Folder{Dir: dir}, syscall.ENOSPC}))
	if err == nil || !strings.Contains(err.Error(), "full") {
		t.Fatalf("round to a full target: %v", err)
	}
	if res := a.sync(Folder{Dir: dir}); res.Out != 2 {
		t.Errorf("the next round sent %d records, want the conversation and its turn", res.Out)
	}
}
