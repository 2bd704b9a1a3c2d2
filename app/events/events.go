// Package events is the one typed bus of the core: the events the rooms emit (settings, connection,
// workspaces, documents, uploads, conversations, notices) delivered in order on a goroutine of its
// own, and TurnChanged, the progress of one answer handed to the OnUpdate of the call that asked.
package events

import (
	"sync"
	"time"

	"lectern/app/connection"
	"lectern/app/records"
)

// Event is a change the front-ends may react to. Its concrete types are the structs below.
type Event interface{ isEvent() }

// SettingsChanged says the saved settings changed.
type SettingsChanged struct{}

// ConnectionChanged says the connection state changed; it carries the new state.
type ConnectionChanged struct{ Connection connection.Connection }

// WorkspacesChanged says the cached workspace list of the current server changed.
type WorkspacesChanged struct{}

// DocumentsChanged says the cached documents or website imports of one workspace changed.
type DocumentsChanged struct{ WorkspaceID string }

// UploadChanged says an upload-queue entry changed: its state, or bytes sent while sending.
// State is empty when the entry was removed.
type UploadChanged struct {
	ID    int64
	State records.UploadState
	Sent  int64 // bytes sent so far while sending
	Size  int64 // file size
}

// UploadFinished says an upload reached a final state: Status is "ready" or "failed".
type UploadFinished struct {
	ID     int64
	Name   string
	Status string
	Reason string // why it failed, in words; empty when ready
}

// TurnChanged is the progress of one answer, handed to the OnUpdate of the call that asked (the
// one channel of progress; it is not sent on the bus): the pending turn, then once per batch of
// stream events the preview text so far, then how it ended. The saved turn is read with
// Conversations.Turn.
type TurnChanged struct {
	ConversationID int64
	TurnID         int64
	Status         records.TurnStatus
	// Stage is, while the answer is pending, StageWaiting until the server answers, then
	// StageStarted, then the server's stage (retrieving, computing, reading, writing), and
	// StageWriting whenever text arrives without one; empty once the answer ended.
	Stage string
	Text  string    // the answer text so far (resets applied)
	Sent  time.Time // when the question was sent, while pending: the wait is shown from it
	// RetryAt is, while Stage is StageRetryWait, when the question is sent again: the wait the
	// server asked for (Retry-After), which a desktop counts down.
	RetryAt time.Time
	// Parts, when not nil, are the turn's parts so far, sent at each change of a tool run (see
	// ToolRun): a card is drawn from them while the turn is pending.
	Parts []records.TurnPart
}

// ConversationsChanged says a conversation of a workspace was created, renamed, deleted or updated.
type ConversationsChanged struct{ WorkspaceID string }

// SyncEnded says a sync round ended (app/sync's Service.Last says what it did); the conversations
// it brought are ConversationsChanged too.
type SyncEnded struct{}

// Notice is a message for the user that is not an error, for example that the API key is kept
// for this session only because no keychain is available.
type Notice struct{ Message string }

func (SettingsChanged) isEvent()      {}
func (ConnectionChanged) isEvent()    {}
func (WorkspacesChanged) isEvent()    {}
func (DocumentsChanged) isEvent()     {}
func (UploadChanged) isEvent()        {}
func (UploadFinished) isEvent()       {}
func (ConversationsChanged) isEvent() {}
func (Notice) isEvent()               {}
func (SyncEnded) isEvent()            {}

// Bus delivers events to subscribers, in order, on one goroutine of its own: a slow subscriber
// delays later events but never the code that emitted them. It is safe to use from any goroutine.
type Bus struct {
	mu      sync.Mutex
	cond    *sync.Cond
	subs    map[int]func(Event)
	next    int
	queue   []Event
	closed  bool
	done    chan struct{}
	pending int
	idle    *sync.Cond
}

// NewBus starts a bus; Close stops it.
func NewBus() *Bus {
	b := &Bus{subs: map[int]func(Event){}, done: make(chan struct{})}
	b.cond = sync.NewCond(&b.mu)
	b.idle = sync.NewCond(&b.mu)
	go b.run()
	return b
}

// Subscribe registers fn for every later event and returns a function that unregisters it.
// fn runs on the bus goroutine; it must not block for long. An event already being delivered
// when unsubscribe is called may still reach fn.
func (b *Bus) Subscribe(fn func(Event)) (unsubscribe func()) {
	b.mu.Lock()
	id := b.next
	b.next++
	b.subs[id] = fn
	b.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			b.mu.Lock()
			delete(b.subs, id)
			b.mu.Unlock()
		})
	}
}

// Emit queues ev for delivery and returns at once.
func (b *Bus) Emit(ev Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.queue = append(b.queue, ev)
	b.pending++
	b.cond.Signal()
}

// Flush waits until every event emitted so far has been delivered (tests and shutdown use it).
// It must not be called from a subscriber.
func (b *Bus) Flush() {
	b.mu.Lock()
	for b.pending > 0 && !b.closed {
		b.idle.Wait()
	}
	b.mu.Unlock()
}

// Close delivers what is queued, then stops the bus. Later events are dropped. It must not be
// called from a subscriber.
func (b *Bus) Close() {
	b.Flush()
	b.mu.Lock()
	b.closed = true
	b.cond.Broadcast()
	b.idle.Broadcast()
	b.mu.Unlock()
	<-b.done
}

func (b *Bus) run() {
	defer close(b.done)
	for {
		b.mu.Lock()
		for len(b.queue) == 0 && !b.closed {
			b.cond.Wait()
		}
		if b.closed {
			b.mu.Unlock()
			return
		}
		ev := b.queue[0]
		b.queue[0] = nil
		b.queue = b.queue[1:]
		subs := make([]func(Event), 0, len(b.subs))
		for _, fn := range b.subs {
			subs = append(subs, fn)
		}
		b.mu.Unlock()
		for _, fn := range subs {
			deliver(fn, ev)
		}
		b.mu.Lock()
		b.pending--
		if b.pending == 0 {
			b.idle.Broadcast()
		}
		b.mu.Unlock()
	}
}

// deliver calls fn and survives a panicking subscriber, so one bad view cannot stop the others.
func deliver(fn func(Event), ev Event) {
	defer func() { _ = recover() }()
	fn(ev)
}
