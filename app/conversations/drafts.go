package conversations

import (
	"context"

	"lectern/app/connection"
	"lectern/app/records"
)

// Draft returns what was left typed in the question box at place on the current server ("" when
// nothing), kept across a quit.
func (c *Conversations) Draft(ctx context.Context, place records.DraftPlace) (string, error) {
	key := c.conn.CacheKey()
	if key == "" {
		return "", nil
	}
	return c.store.Draft(ctx, key, place)
}

// SaveDraft keeps text as the draft at place on the current server; "" (a question sent, a box
// emptied) removes it.
func (c *Conversations) SaveDraft(ctx context.Context, place records.DraftPlace, text string) error {
	key := c.conn.CacheKey()
	if key == "" {
		return connection.ErrNotConnected
	}
	return c.store.SaveDraft(ctx, key, place, text)
}
