package client

import (
	"bufio"
	"errors"
	"io"
	"iter"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tmaxmax/go-sse"
)

// The one stream layer of both API families (workspace answer.* events, /v1 response.* events,
// chat completion chunks), in three parts as in openai-go's ssestream: the transport (eventSource:
// go-sse's sse.Read over our own response, a raised event size limit, the idle limit, the reasons
// a stream ends early), a decoder per format (raw event to typed event) and an accumulator per
// format (the text so far, the final result). Stream[E] joins them into the Next/Current/Err/Close
// loop every stream exposes.

// MaxEventSize is the largest stream event accepted; a final event carries the whole answer.
const MaxEventSize = 8 << 20

// eventSource is the transport of a stream: raw events from the response body, and why they
// stopped.
type eventSource struct {
	next      func() (sse.Event, error, bool)
	stop      func()
	body      io.Closer
	cancel    func()
	watch     *idleWatch
	redact    func(string) string
	route     string // for errors, for example POST /workspace
	requestID string
	closing   atomic.Bool
}

// newEventSource reads SSE events from r. When wholeBody is not "", r is not an event stream but
// one JSON document (the server answered without streaming): it comes out as one event of that
// name. closer, cancel and w may be nil.
func newEventSource(r io.Reader, wholeBody string, closer io.Closer, cancel func(), w *idleWatch) *eventSource {
	events := sse.Read(r, &sse.ReadConfig{MaxEventSize: MaxEventSize})
	if wholeBody != "" {
		events = bodyAsEvent(r, wholeBody)
	}
	src := &eventSource{body: closer, cancel: cancel, watch: w}
	src.next, src.stop = iter.Pull2(iter.Seq2[sse.Event, error](events))
	return src
}

// bodyAsEvent yields the whole body, up to MaxEventSize bytes, as one event named name.
func bodyAsEvent(r io.Reader, name string) func(func(sse.Event, error) bool) {
	return func(yield func(sse.Event, error) bool) {
		b, err := readCapped(r, MaxEventSize)
		if err != nil {
			yield(sse.Event{}, err)
			return
		}
		yield(sse.Event{Type: name, Data: string(b)}, nil)
	}
}

// read returns the next event; ok is false at the end of the body, with the error that ended it
// (nil for a clean end).
func (s *eventSource) read() (ev sse.Event, err error, ok bool) {
	ev, err, ok = s.next()
	if !ok || err != nil {
		return sse.Event{}, err, false
	}
	return ev, nil, true
}

// endCause says why the events stopped before the format's final event; fallback (a bad event
// seen earlier, or nil) when nothing better is known.
func (s *eventSource) endCause(err, fallback error) error {
	switch {
	case s.watch != nil && s.watch.fired.Load():
		return ErrIdleTimeout
	case s.closing.Load():
		return ErrStreamClosed
	case errors.Is(err, bufio.ErrTooLong):
		return s.tooLarge("event")
	case errors.Is(err, errOverCap):
		return s.tooLarge("answer")
	case err != nil:
		return &NetError{Method: s.method(), Route: s.path(), Err: err, msg: s.redactText(err.Error())}
	}
	return fallback
}

// tooLarge is the *TooLargeError of an event or an answer over MaxEventSize.
func (s *eventSource) tooLarge(what string) *TooLargeError {
	return &TooLargeError{What: what, Limit: MaxEventSize, RequestID: s.requestID, route: s.route}
}

func (s *eventSource) method() string { m, _, _ := strings.Cut(s.route, " "); return m }
func (s *eventSource) path() string   { _, p, _ := strings.Cut(s.route, " "); return p }

func (s *eventSource) redactText(t string) string {
	if s.redact == nil {
		return t
	}
	return s.redact(t)
}

// release stops reading and frees the connection.
func (s *eventSource) release() {
	if s.stop != nil {
		s.stop()
	}
	if s.cancel != nil {
		s.cancel()
	}
	if s.body != nil {
		_ = s.body.Close()
	}
	if s.watch != nil {
		s.watch.stop()
	}
}

// format is the decoder and accumulator of one stream format.
type format[E any] interface {
	// decode turns a raw event into a typed one. show false means the event is not handed out
	// (a name the format skips, or an end marker such as [DONE]); an error skips it too, and
	// becomes the cause of the stream's end if no final event comes.
	decode(ev sse.Event) (e E, show bool, err error)
	// apply adds a decoded event to the accumulated state. final reports the format's last event,
	// with the stream's result (nil on success).
	apply(e *E, text *textBuffer) (final bool, result error)
}

// Stream is a streamed answer of either API family: the workspace answer (Stream[StreamEvent],
// from AskStream), a /v1/responses answer (Stream[ResponseEvent], from StreamResponse) or a chat
// completion (Stream[ChatChunk], from StreamChatCompletion). Call Next until it returns false,
// then Err; Current is the event Next moved to, Text the answer's text so far, Final the format's
// last event. Its methods are for one goroutine, except Close, which may be called from any
// goroutine. A stream is never nil: a request that failed before any event is a stream that ends
// at once with its error.
type Stream[E any] struct {
	mu       sync.Mutex
	src      *eventSource
	format   format[E]
	text     textBuffer
	cur      E
	last     E     // the final event, once it was read
	done     bool  // Next returns false from now on
	final    bool  // the final event was handed out: the next Next ends with result
	result   error // the final event's result
	err      error
	badEvent error // the last event that could not be decoded
}

// newStream reads the events of src in format f.
func newStream[E any](src *eventSource, f format[E]) *Stream[E] {
	return &Stream[E]{src: src, format: f}
}

// failedStream is a stream that ends at once with err.
func failedStream[E any](err error) *Stream[E] {
	return &Stream[E]{err: err, done: true}
}

// StreamFunc returns a stream whose events come from next, without a server: for fakes in tests
// of code that reads streams. Each call of next gives an event and the text it adds. When last is
// true, the event is the final one (Final returns it) and err the stream's result; otherwise a
// non-nil err ends the stream with err as it is (an *InterruptedError, for example). RequestID
// returns requestID.
func StreamFunc[E any](requestID string, next func() (ev E, text string, last bool, err error)) *Stream[E] {
	src := &eventSource{next: func() (sse.Event, error, bool) { return sse.Event{}, nil, true }, requestID: requestID}
	return newStream[E](src, &funcFormat[E]{next: next})
}

// funcFormat is the format of StreamFunc: every raw event is one call of next.
type funcFormat[E any] struct {
	next func() (E, string, bool, error)
	text string
	last bool
	err  error
}

func (f *funcFormat[E]) decode(sse.Event) (E, bool, error) {
	var ev E
	ev, f.text, f.last, f.err = f.next()
	return ev, !f.last && f.err == nil, nil
}

func (f *funcFormat[E]) apply(_ *E, text *textBuffer) (bool, error) {
	text.add(f.text)
	return f.last || f.err != nil, f.err
}

// Next advances to the next event handed out; false at the end of the stream or on error.
func (s *Stream[E]) Next() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return false
	}
	if s.final {
		s.finish(s.result)
		return false
	}
	for {
		raw, err, ok := s.src.read()
		if !ok {
			s.finish(s.interrupted(s.src.endCause(err, s.badEvent)))
			return false
		}
		if show, stop := s.step(raw); stop || show {
			return show
		}
	}
}

// step decodes and applies one raw event; show reports an event to hand out, stop the end.
func (s *Stream[E]) step(raw sse.Event) (show, stop bool) {
	// Decoded in place: a local event would escape to the heap through apply.
	var err error
	s.cur, show, err = s.format.decode(raw)
	if err != nil {
		s.badEvent = &DecodeError{Event: raw.Type, RequestID: s.src.requestID, route: s.src.route, err: err}
		return false, false
	}
	final, result := s.format.apply(&s.cur, &s.text)
	if s.text.over {
		s.finish(s.interrupted(s.src.tooLarge("answer")))
		return false, true
	}
	if final {
		s.last = s.cur
	}
	if final && !show {
		s.finish(result)
		return false, true
	}
	s.final, s.result = final, result
	return show, false
}

// Current returns the event Next moved to. Its Raw is the event's data: read-only.
func (s *Stream[E]) Current() E { return s.cur }

// Final returns the format's last event once it was read, else the zero event: answer.completed
// or answer.failed (its Answer the result); response.completed, .incomplete or .failed (its
// Response the final response); the [DONE] of a chat completion (its Completion assembled from
// the chunks).
func (s *Stream[E]) Final() E { return s.last }

// Text returns the answer's text received so far (a workspace answer's resets applied; after
// answer.completed, the final answer text). An interrupted or failed stream keeps it.
func (s *Stream[E]) Text() string { return s.text.String() }

// Err returns nil when the answer came (answer.completed; response.completed or .incomplete, see
// the response's Status; [DONE]); *APIError for a refused request or a failure reported in the
// stream (StatusCode 0); *InterruptedError (errors.Is ErrInterrupted) when the stream ended
// early, its Text the text so far; *ValidationError when the request failed its checks.
func (s *Stream[E]) Err() error { return s.err }

// interrupted is the error of a stream that stopped before its final event.
func (s *Stream[E]) interrupted(cause error) error {
	return &InterruptedError{Text: s.text.String(), Cause: cause, RequestID: s.src.requestID}
}

// finish ends the stream with err and releases the connection; the caller holds mu.
func (s *Stream[E]) finish(err error) {
	s.err, s.done = err, true
	if s.src != nil {
		s.src.release()
	}
}

// Close stops the stream and releases the connection. It is safe to call more than once and from
// another goroutine; Err is then *InterruptedError with cause ErrStreamClosed unless the answer
// was already complete. Cancelling first unblocks a Next waiting for the network.
func (s *Stream[E]) Close() error {
	if s.src == nil {
		return nil
	}
	s.src.closing.Store(true)
	if s.src.cancel != nil {
		s.src.cancel()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.done:
	case s.final:
		s.finish(s.result)
	default:
		s.finish(s.interrupted(ErrStreamClosed))
	}
	return nil
}

// RequestID returns the X-Request-ID of the stream's response, when given.
func (s *Stream[E]) RequestID() string {
	if s.src == nil {
		return ""
	}
	return s.src.requestID
}

// textBuffer is the text of a stream so far. It stops growing at MaxEventSize (the largest final
// event, hence the largest answer), and over then ends the stream. A strings.Builder never
// changes the bytes of a string it already returned, so String may be called after every event.
type textBuffer struct {
	b    strings.Builder
	over bool
}

// add appends s unless the text would grow past its cap. The buffer doubles when full: append
// alone grows large buffers by a quarter, copying a long answer many times over.
func (t *textBuffer) add(s string) {
	if t.b.Len()+len(s) > MaxEventSize {
		t.over = true
		return
	}
	if t.b.Cap()-t.b.Len() < len(s) {
		t.b.Grow(max(len(s), t.b.Cap()))
	}
	t.b.WriteString(s)
}

func (t *textBuffer) reset()         { t.b.Reset() }
func (t *textBuffer) String() string { return t.b.String() }

// idleWatch cancels a stream that receives no byte for limit.
type idleWatch struct {
	limit   time.Duration
	last    atomic.Int64
	fired   atomic.Bool
	stopped atomic.Bool
	cancel  func()
	timer   *time.Timer
}

func newIdleWatch(limit time.Duration, cancel func()) *idleWatch {
	w := &idleWatch{limit: limit, cancel: cancel}
	w.touch()
	w.timer = time.AfterFunc(limit, w.check)
	return w
}

func (w *idleWatch) touch() { w.last.Store(time.Now().UnixNano()) }

// check fires when the stream has been silent for the limit, else re-arms.
func (w *idleWatch) check() {
	if w.stopped.Load() {
		return
	}
	idle := time.Duration(time.Now().UnixNano() - w.last.Load())
	if idle >= w.limit {
		w.fired.Store(true)
		w.cancel()
		return
	}
	w.timer.Reset(w.limit - idle)
}

func (w *idleWatch) stop() {
	w.stopped.Store(true)
	w.timer.Stop()
}

// idleReader marks the watch alive whenever bytes arrive, pings and ':' comment lines included.
type idleReader struct {
	r io.Reader
	w *idleWatch
}

func (r *idleReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if n > 0 {
		r.w.touch()
	}
	return n, err
}
