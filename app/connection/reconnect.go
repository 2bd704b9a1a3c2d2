package connection

import (
	"context"
	"errors"
	"sync"
	"time"

	"lectern/client"
)

// The pace at which an offline server is checked: first after reconnectFirst, then twice as long
// each time, at most reconnectMax apart (Options.ReconnectFirst and ReconnectMax change them).
const (
	ReconnectFirst = 5 * time.Second
	ReconnectMax   = 2 * time.Minute
)

// reconnectDelay is the wait before check number n (0 the first) of an offline server.
func ReconnectDelay(n int, first, max time.Duration) time.Duration {
	d := first
	for i := 0; i < n && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}

// reconnector checks the current server while the connection is offline, at a modest, growing
// pace, with one small request (the first workspace of the list). When the server answers, the
// connection becomes online again (or key needed, when it refuses the key) and ConnectionChanged
// tells the front-ends, without waiting for the person to ask.
type Reconnector struct {
	conn       *Manager
	first, max time.Duration
	Back       func(ctx context.Context) // called once the server answered again (nil: nothing)

	mu     sync.Mutex
	timer  *time.Timer // the next check; nil while online
	gen    int         // counts the offline spells: a check of an earlier one does nothing
	tries  int
	ctx    context.Context // cancelled by close: a check in flight ends
	cancel context.CancelFunc
}

func NewReconnector(conn *Manager, first, max time.Duration) *Reconnector {
	ctx, cancel := context.WithCancel(context.Background())
	return &Reconnector{conn: conn, first: first, max: max, ctx: ctx, cancel: cancel}
}

// observe starts the checks when the connection goes offline and stops them when it is not.
func (r *Reconnector) Observe(c Connection) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.ctx.Err() != nil:
	case c.State == ConnOffline && r.timer == nil:
		r.gen++
		r.tries = 0
		r.schedule()
	case c.State != ConnOffline && c.State != ConnSyncing && r.timer != nil:
		r.timer.Stop()
		r.timer = nil
	}
}

// schedule sets the next check of the current offline spell (under mu).
func (r *Reconnector) schedule() {
	gen := r.gen
	r.timer = time.AfterFunc(ReconnectDelay(r.tries, r.first, r.max), func() { r.check(gen) })
}

// check asks the server once; when it does not answer, the next check is set further off.
func (r *Reconnector) check(gen int) {
	done := r.conn.Connection().State != ConnOffline || r.answered()
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case gen != r.gen || r.timer == nil:
	case done || r.ctx.Err() != nil:
		r.timer = nil
	default:
		r.tries++
		r.schedule()
	}
}

// answered sends the check and reports whether the server answered, setting the state from it.
func (r *Reconnector) answered() bool {
	cl, key, err := r.conn.Current()
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(r.ctx, 30*time.Second)
	defer cancel()
	_, err = cl.ListWorkspaces(ctx, client.ListOptions{Limit: 1, Include: "none"})
	var ae *client.APIError
	switch {
	case err == nil || errors.As(err, &ae) && !IsKeyNeeded(err):
		r.conn.SetState(key, ConnOnline, time.Time{}, nil)
		if r.Back != nil {
			go r.Back(r.ctx)
		}
	case IsKeyNeeded(err):
		r.conn.SetState(key, ConnKeyNeeded, time.Time{}, err)
	default:
		return false
	}
	return true
}

// close stops the checks for good.
func (r *Reconnector) Close() {
	r.cancel()
	r.mu.Lock()
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	r.mu.Unlock()
}
