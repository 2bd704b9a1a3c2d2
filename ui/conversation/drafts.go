package conversation

import (
	"context"
	"sync"
	"time"

	"lectern/app"
)

// Drafts keeps what the question box holds for each conversation, across a quit (issue 35);
// *app.Conversations is one.
type Drafts interface {
	Draft(ctx context.Context, place app.DraftPlace) (string, error)
	SaveDraft(ctx context.Context, place app.DraftPlace, text string) error
}

// draftDelay is how long typing rests before the draft is written: not a write a keystroke.
const draftDelay = 400 * time.Millisecond

// draftKeeper writes the question box's drafts to the store, off the UI goroutine: each change
// waits draftDelay for the next, and leaving a conversation or quitting writes at once. Writes
// are made in the order of the changes, so that an older text never lands over a newer one.
type draftKeeper struct {
	store Drafts // nil: drafts are not kept
	ctx   context.Context

	mu      sync.Mutex
	pending map[app.DraftPlace]string // the latest text of each place, not written yet
	timer   *time.Timer

	writing sync.Mutex // one flush at a time, each taking what is pending when it starts
}

// keepsAt says whether a draft at place is kept: the box of a conversation not saved yet that
// has no workspace (a new model chat before its first message) has nowhere to keep one.
func keepsAt(place app.DraftPlace) bool { return place.ConversationID != 0 || place.WorkspaceID != "" }

// changed notes text as the draft at place, written once typing rests.
func (k *draftKeeper) changed(place app.DraftPlace, text string) {
	if k.store == nil || !keepsAt(place) {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.pending == nil {
		k.pending = map[app.DraftPlace]string{}
	}
	k.pending[place] = text
	if k.timer == nil {
		k.timer = time.AfterFunc(draftDelay, k.flush)
	}
}

// flush writes what is pending now, on the caller's goroutine.
func (k *draftKeeper) flush() {
	k.writing.Lock()
	defer k.writing.Unlock()
	k.mu.Lock()
	batch := k.pending
	k.pending = nil
	if k.timer != nil {
		k.timer.Stop()
		k.timer = nil
	}
	k.mu.Unlock()
	for place, text := range batch {
		_ = k.store.SaveDraft(k.ctx, place, text) // a draft not kept costs a retype, not the question
	}
}

// load reads the draft at place off the UI goroutine and hands it to show on it (through do).
func (k *draftKeeper) load(place app.DraftPlace, do func(func()), show func(text string)) {
	if k.store == nil || !keepsAt(place) {
		return
	}
	go func() {
		k.flush() // a change still waiting to be written lands first
		text, err := k.store.Draft(k.ctx, place)
		if err == nil && text != "" {
			do(func() { show(text) })
		}
	}()
}

// draftPlace is where the question box's text belongs now: the conversation shown.
func (c *Pane) draftPlace() app.DraftPlace { return app.DraftOf(c.conv) }

// draftChanged keeps the box's new text as the draft of the conversation shown, unless the box is
// being filled by the pane or holds a question being edited.
func (c *Pane) draftChanged(text string) {
	if !c.filling && c.editing == 0 {
		c.drafts.changed(c.draftPlace(), text)
	}
}

// leaveDraft writes the draft of the conversation shown at once and empties the box, before
// another conversation is shown.
func (c *Pane) leaveDraft() {
	if c.drafts.store == nil {
		return
	}
	go c.drafts.flush()
	c.fill("")
}

// showDraft puts the draft of the conversation shown in the box, once read, unless the person
// began typing meanwhile or another conversation is shown by then.
func (c *Pane) showDraft() {
	place := c.draftPlace()
	c.drafts.load(place, c.lf.Do, func(text string) {
		if c.draftPlace() == place && c.input.Text == "" && c.editing == 0 {
			c.fill(text)
		}
	})
}

// fill puts text in the box, the caret at its end, without keeping it as a draft.
func (c *Pane) fill(text string) {
	c.filling = true
	defer func() { c.filling = false }()
	c.input.Fill(text)
}

// KeepDraft writes the question box's draft now, on the caller's goroutine (the window quits).
func (c *Pane) KeepDraft() {
	if c.drafts.store != nil {
		c.drafts.flush()
	}
}
