package uploads

import (
	"context"
	"errors"
	"time"

	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/workspaces"
	"lectern/client"
)

// followEvery is how often Follow reads the entries it watches when no event wakes it: an entry
// worked by another process changes only in the database.
const followEvery = 250 * time.Millisecond

// Follow watches the queue entries ids until done reports each of them finished, calling onChange
// (when set) with an entry whenever its state, status, error or bytes sent change. This process
// works them unless another process already does; Follow reads them from the database either way.
// It returns the entries as they ended; an entry removed meanwhile is returned with its last state
// seen and ErrNotFound.
func (u *Queue) Follow(ctx context.Context, ids []int64, done func(records.Upload) bool, onChange func(records.Upload)) ([]records.Upload, error) {
	wake := make(chan struct{}, 1)
	unsubscribe := u.bus.Subscribe(func(ev events.Event) {
		if _, ok := ev.(events.UploadChanged); ok {
			select {
			case wake <- struct{}{}:
			default:
			}
		}
	})
	defer unsubscribe()
	for _, id := range ids {
		u.adopt(id)
	}
	u.run()
	u.Kick()
	seen := make([]records.Upload, len(ids))
	t := time.NewTicker(followEvery)
	defer t.Stop()
	for {
		finished, err := u.look(ctx, ids, seen, done, onChange)
		if finished || err != nil {
			return seen, err
		}
		select {
		case <-ctx.Done():
			return seen, ctx.Err()
		case <-wake:
		case <-t.C:
		}
	}
}

// look reads the entries ids into seen, reports those that changed, and says whether all are done.
func (u *Queue) look(ctx context.Context, ids []int64, seen []records.Upload, done func(records.Upload) bool, onChange func(records.Upload)) (bool, error) {
	finished := true
	for i, id := range ids {
		e, err := u.Get(ctx, id)
		if errors.Is(err, records.ErrNotFound) {
			return true, err
		}
		if err != nil {
			return false, err
		}
		if e.State != seen[i].State || e.Status != seen[i].Status || e.Error != seen[i].Error || e.Sent != seen[i].Sent {
			seen[i] = e
			if onChange != nil {
				onChange(e)
			}
		}
		finished = finished && done(e)
	}
	return finished, nil
}

// UploadBatch is what App.Upload did with a front-end's files.
type UploadBatch struct {
	Workspace workspaces.WorkspaceRef
	Results   []EnqueueResult  // one per file (a folder gives one per file in it), refused ones with their reason
	Entries   []records.Upload // the queue entries of the accepted files, as Follow left them
}

// Upload checks paths and queues them for the workspace arg names (an id, or a name in any case),
// then follows the accepted files until done reports each finished (UploadState.Sent: the server
// has them; UploadState.Final: ready or failed). A workspace the cache does not know is tried as an
// id; when the server answers workspace_not_found, the entries this call queued are removed (the
// server stored nothing), the name is resolved from the workspace list and the files are queued
// again.
func (u *Queue) Upload(ctx context.Context, arg string, paths []string, done func(records.Upload) bool, onChange func(records.Upload)) (UploadBatch, error) {
	var batch UploadBatch
	ref, err := u.sync.WithWorkspace(ctx, arg, func(ref workspaces.WorkspaceRef) error {
		guess := ref.Name == ""
		var err error
		batch, err = u.uploadTo(ctx, ref, paths, done, func(e records.Upload) {
			if onChange != nil && !(guess && e.ErrorCode == "workspace_not_found") {
				onChange(e)
			}
		})
		if err != nil || !guess {
			return err
		}
		return u.undoIfNoWorkspace(ctx, batch)
	})
	batch.Workspace = ref
	return batch, err
}

// uploadTo queues paths for ref and follows them.
func (u *Queue) uploadTo(ctx context.Context, ref workspaces.WorkspaceRef, paths []string, done func(records.Upload) bool, onChange func(records.Upload)) (UploadBatch, error) {
	batch := UploadBatch{Workspace: ref}
	results, err := u.AddFiles(ctx, ref.ID, paths...)
	batch.Results = results
	if err != nil {
		return batch, err
	}
	var ids []int64
	for _, r := range results {
		if r.ID != 0 {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) == 0 {
		return batch, nil
	}
	batch.Entries, err = u.Follow(ctx, ids, done, onChange)
	return batch, err
}

// undoIfNoWorkspace removes the entries of batch and returns the server's workspace_not_found when
// it refused them for that reason: the workspace was guessed to be an id, and it is not one.
func (u *Queue) undoIfNoWorkspace(ctx context.Context, batch UploadBatch) error {
	for _, e := range batch.Entries {
		if e.ErrorCode != "workspace_not_found" {
			continue
		}
		for _, e := range batch.Entries {
			_ = u.Remove(context.WithoutCancel(ctx), e.ID)
		}
		return &client.APIError{StatusCode: 404, Code: e.ErrorCode}
	}
	return nil
}
