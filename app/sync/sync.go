// Package sync keeps conversations the same on several computers (issue 32): each round sends
// the records this data folder changed since the last (store.ChangedSince) as one append-only
// batch (JSON lines, gzip, sealed with age under the passphrase) to a target, a folder or a
// WebDAV server, lists it in this device's manifest, and applies the batches of the other
// devices it has not applied yet (store.ApplySync: the later version of a record wins; a
// question answered or edited on two computers is two turns with one parent, two branches).
// A snapshot of the database is taken before a round applies anything. A batch that cannot be
// read applies nothing, says why, and is tried again next round.
package sync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"lectern/app/store"
	"lectern/app/store/syncrec"
)

// Options are what a round needs.
type Options struct {
	Store      *store.DB
	Target     Target
	Passphrase string
	// WorkFactor is the scrypt cost of the files written (log2 N); 0 means DefaultWorkFactor.
	WorkFactor int
}

// Result says what a round did.
type Result struct {
	In       syncrec.SyncApplied
	Out      int      // records sent
	Batches  int      // batches applied
	Problems []string // the batches that could not be applied, each in a sentence
}

// String says it in words: "3 conversations and 12 turns in, 1 out".
func (r Result) String() string {
	var in []string
	for _, c := range []struct {
		n    int
		word string
	}{{r.In.Projects, "project"}, {r.In.Conversations, "conversation"}, {r.In.Turns, "turn"}, {r.In.Settings, "setting"}} {
		if c.n == 1 {
			in = append(in, "1 "+c.word)
		} else if c.n > 1 {
			in = append(in, fmt.Sprintf("%d %ss", c.n, c.word))
		}
	}
	s := "nothing"
	if n := len(in); n > 0 {
		s = strings.Join(in[:n-1], ", ")
		if n > 1 {
			s += " and "
		}
		s += in[n-1]
	}
	return fmt.Sprintf("%s in, %d out", s, r.Out)
}

// The keys of a target's state kept in the store.
const (
	stateManifest = "manifest" // this device's manifest's name
	stateSent     = "sent"     // the newest version sent
	stateBatches  = "batches"  // this device's batches (JSON list)
	statePending  = "pending"  // the batch being written, until the manifest names it
	stateSeen     = "seen:"    // + a manifest's name: its stamp when last applied whole
)

// Round does one round: first what is new from the other devices, then what changed here.
// It returns an error when the target cannot be reached or written, or the passphrase is
// wrong; a batch that cannot be read is a Problem and the round goes on.
func Round(ctx context.Context, o Options) (Result, error) {
	if o.Passphrase == "" {
		return Result{}, ErrNoPassphrase
	}
	r := &round{Options: o, seal: sealer{passphrase: o.Passphrase, workFactor: o.WorkFactor}, key: o.Target.String(), rec: syncrec.Of(o.Store)}
	if r.seal.workFactor == 0 {
		r.seal.workFactor = DefaultWorkFactor
	}
	if err := r.receive(ctx); err != nil {
		return r.res, err
	}
	return r.res, r.send(ctx)
}

// round is one round's work.
type round struct {
	Options
	seal sealer
	key  string // the target's name, under which its state is kept
	rec  syncrec.Records
	res  Result
	snap bool // the snapshot was taken
}

// receive applies the batches of the other devices not applied yet.
func (r *round) receive(ctx context.Context) error {
	own, err := r.rec.SyncState(ctx, r.key, stateManifest)
	if err != nil {
		return err
	}
	entries, err := r.Target.List(ctx, manifestsDir)
	if err != nil {
		return err
	}
	applied, err := r.rec.SyncAppliedBatches(ctx, r.key)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name == own {
			continue
		}
		if err := r.receiveDevice(ctx, e, applied); err != nil {
			return err
		}
	}
	return nil
}

// receiveDevice applies the new batches of one device's manifest; the manifest is marked seen
// only when every one of them was applied.
func (r *round) receiveDevice(ctx context.Context, e Entry, applied map[string]bool) error {
	seen, err := r.rec.SyncState(ctx, r.key, stateSeen+e.Name)
	if err != nil || seen == e.Stamp {
		return err
	}
	m, err := r.readManifest(ctx, e.Name)
	if err != nil {
		return err
	}
	whole := true
	for _, b := range m.Batches {
		if applied[b] {
			continue
		}
		if err := r.applyBatch(ctx, b); err != nil {
			if isTargetOrPassphrase(err) {
				return err
			}
			whole = false
			r.res.Problems = append(r.res.Problems, fmt.Sprintf("A batch from another computer (%s) was not applied: %v. Nothing of it was applied; the next sync tries it again.", b[:8], err))
			continue
		}
		applied[b] = true
	}
	if !whole {
		return nil
	}
	return r.rec.SetSyncState(ctx, r.key, nil, stateSeen+e.Name, e.Stamp)
}

// readManifest reads and opens a device's manifest.
func (r *round) readManifest(ctx context.Context, name string) (manifest, error) {
	sealed, err := r.Target.Read(ctx, manifestsDir+"/"+name)
	if err != nil {
		return manifest{}, err
	}
	plain, err := r.seal.open(sealed, maxBatch)
	if err == nil {
		var m manifest
		if m, err = readManifest(plain); err == nil {
			return m, nil
		}
	}
	if errors.Is(err, ErrWrongPassphrase) {
		return manifest{}, err
	}
	return manifest{}, fmt.Errorf("the list of another computer's batches in %s (%s) cannot be read: %w; nothing was applied", r.Target, name[:8], err)
}

// applyBatch reads, opens, decodes and applies one batch, after the round's snapshot.
func (r *round) applyBatch(ctx context.Context, name string) error {
	sealed, err := r.Target.Read(ctx, batchesDir+"/"+name)
	if err != nil {
		var te *TargetError
		if errors.As(err, &te) && errors.Is(err, errTargetNotFound) {
			return errors.New("it is listed but not in the target yet (still being copied?)")
		}
		return err
	}
	plain, err := r.seal.open(sealed, maxBatch)
	if err != nil {
		return err
	}
	recs, err := readBatch(plain)
	if err != nil {
		return err
	}
	if !r.snap {
		if err := r.Store.SnapshotForSync(ctx); err != nil {
			return &TargetError{Sentence: fmt.Sprintf("Lectern could not copy its database before applying what came from other computers (%v); nothing was applied.", err), Err: err}
		}
		r.snap = true
	}
	res, err := r.rec.ApplySync(ctx, r.key, name, recs)
	if err != nil {
		return err
	}
	r.res.In.Add(res)
	r.res.Batches++
	return nil
}

// isTargetOrPassphrase tells the errors that end a round from those of one batch.
func isTargetOrPassphrase(err error) bool {
	var te *TargetError
	return errors.As(err, &te) && !errors.Is(err, errTargetNotFound) || errors.Is(err, ErrWrongPassphrase) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// send writes what changed here since the last round as a new batch, then this device's
// manifest naming it; the store remembers what was sent only once both are written. The batch's
// name is kept (pending) before it is written: when Lectern is stopped before the manifest
// names it, the next round sends its records again in a new batch and removes it.
func (r *round) send(ctx context.Context) error {
	sent, err := r.rec.SyncState(ctx, r.key, stateSent)
	if err != nil {
		return err
	}
	device, err := r.rec.SyncDevice(ctx)
	if err != nil {
		return err
	}
	w := newBatchWriter(device)
	newest, err := r.rec.ChangedSince(ctx, sent, w.add)
	if err != nil || w.n == 0 {
		return err
	}
	data, err := w.bytes()
	if err != nil {
		return err
	}
	if data, err = r.seal.seal(data); err != nil {
		return err
	}
	own, batches, err := r.ownManifest(ctx)
	if err != nil {
		return err
	}
	unlisted, err := r.rec.SyncState(ctx, r.key, statePending)
	if err != nil {
		return err
	}
	name := newName()
	if err := r.rec.SetSyncState(ctx, r.key, nil, statePending, name); err != nil {
		return err
	}
	if err := r.Target.Write(ctx, batchesDir+"/"+name, data); err != nil {
		return err
	}
	batches = append(batches, name)
	m, _ := json.Marshal(manifest{Format: FormatVersion, Device: device, Batches: batches})
	if m, err = r.seal.seal(m); err != nil {
		return err
	}
	if err := r.Target.Write(ctx, manifestsDir+"/"+own, m); err != nil {
		return err
	}
	list, _ := json.Marshal(batches)
	r.res.Out = w.n
	if err := r.rec.SetSyncState(ctx, r.key, []string{name}, stateManifest, own, stateSent, newest, stateBatches, string(list), statePending, ""); err != nil {
		return err
	}
	if unlisted != "" && !slices.Contains(batches, unlisted) {
		_ = r.Target.Remove(ctx, batchesDir+"/"+unlisted) // unlisted, so never read: failing to remove it harms nothing
	}
	return nil
}

// ownManifest is this device's manifest's name (a new one on the first round to a target) and
// the batches it lists.
func (r *round) ownManifest(ctx context.Context) (string, []string, error) {
	own, err := r.rec.SyncState(ctx, r.key, stateManifest)
	if err != nil {
		return "", nil, err
	}
	if own == "" { // kept before it is written: a crash then does not leave two manifests of one device
		own = newName()
		return own, nil, r.rec.SetSyncState(ctx, r.key, nil, stateManifest, own)
	}
	list, err := r.rec.SyncState(ctx, r.key, stateBatches)
	var batches []string
	if err == nil && list != "" {
		err = json.Unmarshal([]byte(list), &batches)
	}
	return own, slices.Clip(batches), err
}
