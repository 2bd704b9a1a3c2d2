// Package work is the list of what runs in the background, for the tray's menu and the OS
// notifications: answers streaming and OCR jobs followed, each reported by the view that started
// it (uploads are listed from their own panel). A view starts a piece with Set, changes its line
// with Set again, and ends it with End; the shell lists Items in the tray and decides, when a piece
// ends, whether the person is told through the OS. Every method runs on the UI goroutine, and a nil
// Board does nothing (views in tests have none).
package work

import (
	"slices"
	"time"

	"lectern/app"
)

// Kind is what a piece of work is.
type Kind int

// The kinds of work a view reports.
const (
	Answer Kind = iota // an answer streaming
	OCR                // an OCR job followed
)

// Item is one piece of work running.
type Item struct {
	Key     string
	Kind    Kind
	Label   string // its line in the tray, in words
	Started time.Time
}

// Ended is how a piece of work ended, for a notification: Title and Body say it in words, Took is
// how long it ran (End fills it in), Conversation is the conversation an answer was saved in (0:
// none), which a click on the notification opens.
type Ended struct {
	Kind         Kind
	Title, Body  string
	Took         time.Duration
	Conversation int64
}

// Board is the work running now, in the order it started.
type Board struct {
	now   func() time.Time
	items []Item
	// OnChange, when set, is called after an item was set or ended.
	OnChange func()
	// OnEnded, when set, is called with each piece that ended.
	OnEnded func(Ended)
}

// New makes an empty board whose times are told by now.
func New(now func() time.Time) *Board { return &Board{now: now} }

// Set starts the piece key of kind with its line label, or changes its line.
func (b *Board) Set(key string, kind Kind, label string) {
	if b == nil {
		return
	}
	if i := b.index(key); i >= 0 {
		if b.items[i].Label == label {
			return
		}
		b.items[i].Label = label
	} else {
		b.items = append(b.items, Item{Key: key, Kind: kind, Label: label, Started: b.now()})
	}
	b.changed()
}

// End ends the piece key, telling OnEnded how (e.Took is filled in from its start); a key not
// running is ignored.
func (b *Board) End(key string, e Ended) {
	if b == nil {
		return
	}
	i := b.index(key)
	if i < 0 {
		return
	}
	e.Took = b.now().Sub(b.items[i].Started)
	b.items = slices.Delete(b.items, i, i+1)
	b.changed()
	if b.OnEnded != nil {
		b.OnEnded(e)
	}
}

// Items are the pieces running, oldest first.
func (b *Board) Items() []Item {
	if b == nil {
		return nil
	}
	return slices.Clone(b.items)
}

func (b *Board) index(key string) int {
	return slices.IndexFunc(b.items, func(it Item) bool { return it.Key == key })
}

func (b *Board) changed() {
	if b.OnChange != nil {
		b.OnChange()
	}
}

// AnswerEnded is how the answer turn to question ended (err: the asking call's error), for a
// notification: ready, stopped or failed.
func AnswerEnded(turn app.Turn, err error, question string) Ended {
	title := "The answer failed"
	switch {
	case err == nil && turn.Status.Answered():
		title = "Answer ready"
	case turn.Status == app.TurnInterrupted:
		title = "Answer stopped"
	}
	return Ended{Kind: Answer, Title: title, Body: app.OneLine(question), Conversation: turn.ConversationID}
}
