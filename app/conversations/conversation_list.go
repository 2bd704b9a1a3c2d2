package conversations

import (
	"context"
	"time"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/records"
)

// ListAll returns the current server's conversations of every kind that pass f: pinned ones
// first (most recently used first among them), then the others, most recently used first.
func (c *Conversations) ListAll(ctx context.Context, f records.ListFilter) ([]records.Conversation, error) {
	key := c.conn.CacheKey()
	if key == "" {
		return nil, connection.ErrNotConnected
	}
	return c.store.ListConversations(ctx, key, f, "pinned_at <> 0 DESC")
}

// Pin puts a conversation at the top of ListAll; the pin is saved, so it survives restarts.
func (c *Conversations) Pin(ctx context.Context, id int64) error {
	return c.pin(ctx, id, c.store.Now())
}

// Unpin takes a conversation's pin away.
func (c *Conversations) Unpin(ctx context.Context, id int64) error {
	return c.pin(ctx, id, time.Time{})
}

func (c *Conversations) pin(ctx context.Context, id int64, at time.Time) error {
	conv, err := c.Get(ctx, id)
	if err != nil {
		return err
	}
	var ms int64
	if !at.IsZero() {
		ms = at.UnixMilli()
	}
	if err := c.store.PinConversation(ctx, c.conn.CacheKey(), id, ms); err != nil {
		return err
	}
	c.bus.Emit(events.ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return nil
}

// Trash returns the current server's deleted conversations that can still be restored, most
// recently deleted first, each with Deleted set.
func (c *Conversations) Trash(ctx context.Context) ([]records.Conversation, error) {
	return c.store.Trashed(ctx, c.conn.CacheKey())
}

// Restore takes a conversation out of the trash, with its turns, as it was.
func (c *Conversations) Restore(ctx context.Context, id int64) error {
	conv, err := c.store.RestoreConversation(ctx, c.conn.CacheKey(), id)
	if err != nil {
		return err
	}
	c.bus.Emit(events.ConversationsChanged{WorkspaceID: conv.WorkspaceID})
	return nil
}

// Backup writes a consistent copy of the database (conversations with their turns and images,
// the trash, the cache and the upload queue; not the settings, not the keys) to path, while the
// desktop app and other commands go on using it; an existing path is never replaced. It returns
// the copy's size and how long it took.
func (c *Conversations) Backup(ctx context.Context, path string) (size int64, took time.Duration, err error) {
	return c.store.Backup(ctx, path)
}

// Import adds the conversations of a backup (a file Backup wrote, or another computer's
// lectern.db) that this data folder does not have, with their turns, images and tool cards; it
// never changes or deletes what is here, and an import that fails adds nothing.
func (c *Conversations) Import(ctx context.Context, path string) (records.ImportResult, error) {
	res, err := c.store.ImportBackup(ctx, path)
	if err == nil && res.Added > 0 {
		c.bus.Emit(events.ConversationsChanged{})
	}
	return res, err
}
