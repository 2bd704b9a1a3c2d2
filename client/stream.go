package client

import (
	"bufio"
	"errors"
	"io"
	"iter"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/tmaxmax/go-sse"
)

// MaxEventSize is the largest stream event accepted; answer.completed carries the whole answer.
const MaxEventSize = 8 << 20

// AnswerStream is a streamed answer: call Next until it returns false, then Err. Deltas are a
// preview (Text); answer.completed is the result (Answer). Unknown events are skipped. Its
// methods are for one goroutine, except Close, which may be called from any goroutine.
type AnswerStream struct {
	mu        sync.Mutex
	next      func() (struct{}, bool)
	queue     []pending // known events read but not yet handed out
	qpos      int
	eof       bool
	readErr   error
	stop      func()
	body      io.Closer
	cancel    func()
	watch     *idleWatch
	redact    func(string) string
	jsonBody  bool
	closing   atomic.Bool
	cur       StreamEvent // the current event, unless isDelta
	isDelta   bool        // the current event is the answer.delta in curData/delta
	curData   string
	delta     deltaData
	err       error
	done      bool
	final     bool
	finalErr  error
	badEvent  error
	tooLarge  bool        // the preview went over MaxAnswerBody: the stream stops
	text      []byte      // the preview text; Text views it without copying
	textSeen  atomic.Bool // Text has handed out a view of text: a reset must not overwrite it
	stage     string
	answerID  string
	requestID string
	sources   []AnswerSource
	answer    *Answer
}

// failedStream is a stream that ends at once with err.
func failedStream(err error) *AnswerStream { return &AnswerStream{err: err, done: true} }

// newAnswerStream reads events from r; closer, cancel and w may be nil.
func newAnswerStream(r io.Reader, closer io.Closer, cancel func(), w *idleWatch, redact func(string) string) *AnswerStream {
	s := &AnswerStream{body: closer, cancel: cancel, watch: w, redact: redact, queue: make([]pending, 0, 64)}
	s.next, s.stop = iter.Pull(func(yield func(struct{}) bool) { s.produce(r, yield) })
	return s
}

// pending is a known event read but not yet handed out.
type pending struct {
	data string
	kind eventKind
}

// produce runs sse.Read in the stream's coroutine and queues its known events (unknown names
// are dropped here). It hands the queue to Next only when the parser needs more bytes
// (batchReader) or at the end, so that the coroutine switches once per network read instead
// of once per event, and an event is never held back while the stream waits for the network.
func (s *AnswerStream) produce(r io.Reader, yield func(struct{}) bool) {
	br := &batchReader{r: r, s: s, yield: yield}
	if s.jsonBody {
		b, err := readCapped(r, MaxAnswerBody)
		if s.readErr = err; err == nil {
			s.queue = append(s.queue, pending{data: string(b), kind: kindCompleted})
		}
	} else {
		for ev, err := range sse.Read(br, &sse.ReadConfig{MaxEventSize: MaxEventSize}) {
			if err != nil {
				if !br.stopped {
					s.readErr = err
				}
				break
			}
			k := kindDelta // most events are deltas: one comparison instead of kindOf's search
			if ev.Type != EventDelta {
				if k = kindOf(ev.Type); k == kindUnknown {
					continue
				}
			}
			s.queue = append(s.queue, pending{data: ev.Data, kind: k})
		}
	}
	if !br.stopped {
		s.eof = true
		yield(struct{}{})
	}
}

// errConsumerGone stops sse.Read once the stream was closed.
var errConsumerGone = errors.New("client: stream consumer gone")

// batchReader hands queued events to the consumer before each read of the body.
type batchReader struct {
	r       io.Reader
	s       *AnswerStream
	yield   func(struct{}) bool
	stopped bool
}

func (b *batchReader) Read(p []byte) (int, error) {
	if b.s.qpos < len(b.s.queue) {
		if !b.yield(struct{}{}) {
			b.stopped = true
			return 0, errConsumerGone
		}
	}
	clear(b.s.queue)
	b.s.queue, b.s.qpos = b.s.queue[:0], 0
	return b.r.Read(p)
}

// Next advances to the next known event; false at the end of the stream or on error.
func (s *AnswerStream) Next() bool {
	s.mu.Lock()
	ok := s.advance()
	s.mu.Unlock()
	return ok
}

// advance moves to the next known event; the caller holds mu.
func (s *AnswerStream) advance() bool {
	if s.done {
		return false
	}
	if s.final {
		s.finish(s.finalErr)
		return false
	}
	for {
		if s.qpos == len(s.queue) {
			if s.eof || !s.pull() {
				s.finish(s.endError(s.readErr))
				return false
			}
			continue
		}
		ev := &s.queue[s.qpos]
		s.qpos++
		if ev.kind == kindDelta {
			if d, ok := scanDelta(ev.data); ok {
				s.applyDelta(ev.data, d)
				return s.withinCap()
			}
		}
		s.isDelta = false
		if err := decodeEventInto(&s.cur, ev.kind, ev.data, s.redact); err != nil {
			s.badEvent = &DecodeError{Event: eventNames[ev.kind], RequestID: s.requestID, err: err}
			continue
		}
		s.apply(ev.kind, &s.cur)
		return s.withinCap()
	}
}

// applyDelta makes an answer.delta read by scanDelta the current event. It stores the data
// and the decoded fields rather than a whole StreamEvent (Current builds that), and writes
// the answer id only when it changes: fewer pointer writes per event.
func (s *AnswerStream) applyDelta(data string, d deltaData) {
	s.isDelta, s.curData, s.delta = true, data, d
	if d.answerID != "" && d.answerID != s.answerID {
		s.answerID = d.answerID
	}
	s.addText(d.delta)
}

// pull resumes the producer for the next batch of events.
func (s *AnswerStream) pull() bool {
	_, ok := s.next()
	return ok
}

// textStartSize is the preview buffer's first size: most answers fit without regrowing.
const textStartSize = 8 << 10

// withinCap ends the stream when the preview went over its cap; the caller holds mu.
func (s *AnswerStream) withinCap() bool {
	if !s.tooLarge {
		return true
	}
	s.finish(s.endError(nil))
	return false
}

// addText appends a delta to the preview. Appending never changes the bytes a view from Text
// already covers. A preview that would grow past MaxAnswerBody (the largest answer.completed)
// stops growing, and the stream ends.
func (s *AnswerStream) addText(t string) {
	if len(s.text)+len(t) > MaxAnswerBody {
		s.tooLarge = true
		return
	}
	if s.text == nil {
		s.text = make([]byte, 0, max(textStartSize, len(t)))
	}
	s.text = append(s.text, t...)
}

// resetText empties the preview (answer.reset). The buffer is kept for the new text unless Text
// has handed out a view of it, which must not change.
func (s *AnswerStream) resetText() {
	if s.textSeen.Swap(false) {
		s.text = nil
		return
	}
	s.text = s.text[:0]
}

// apply updates the stream's state with one event.
func (s *AnswerStream) apply(k eventKind, e *StreamEvent) {
	if e.AnswerID != "" {
		s.answerID = e.AnswerID
	}
	switch k {
	case kindDelta:
		s.addText(e.Delta)
	case kindReset:
		s.resetText()
	case kindStatus:
		s.stage = e.Stage
	case kindSources:
		s.sources = e.Sources
	case kindCompleted:
		s.answer, s.final, s.sources = e.Answer, true, e.Answer.Sources
	case kindFailed:
		s.final, s.finalErr = true, e.Error
	}
}

// endError is the error of a stream that ended before its final event.
func (s *AnswerStream) endError(err error) error {
	cause := s.badEvent
	switch {
	case s.tooLarge:
		cause = &TooLargeError{What: "answer", Limit: MaxAnswerBody, RequestID: s.requestID, route: "POST /workspace"}
	case s.watch != nil && s.watch.fired.Load():
		cause = ErrIdleTimeout
	case s.closing.Load():
		cause = ErrStreamClosed
	case errors.Is(err, bufio.ErrTooLong):
		cause = &TooLargeError{What: "event", Limit: MaxEventSize, RequestID: s.requestID, route: "POST /workspace"}
	case errors.Is(err, errOverCap):
		cause = &TooLargeError{What: "answer", Limit: MaxAnswerBody, RequestID: s.requestID, route: "POST /workspace"}
	case err != nil:
		cause = &NetError{Method: "POST", Route: "/workspace", Err: err, msg: s.redactText(err.Error())}
	}
	return &InterruptedError{Text: string(s.text), Cause: cause, RequestID: s.requestID}
}

func (s *AnswerStream) redactText(t string) string {
	if s.redact == nil {
		return t
	}
	return s.redact(t)
}

// finish ends the stream with err and releases the connection.
func (s *AnswerStream) finish(err error) {
	s.err, s.done = err, true
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

// Current returns the event Next moved to.
func (s *AnswerStream) Current() StreamEvent {
	if s.isDelta {
		return StreamEvent{Type: EventDelta, AnswerID: s.delta.answerID, SequenceNumber: s.delta.seq,
			Delta: s.delta.delta, Raw: readOnlyBytes(s.curData)}
	}
	return s.cur
}

// Err returns nil after answer.completed; *APIError after answer.failed or a refused request;
// *InterruptedError (errors.Is ErrInterrupted) when the stream ended early; *ValidationError
// when the request failed its checks.
func (s *AnswerStream) Err() error { return s.err }

// Close stops the stream and releases the connection. It is safe to call more than once and
// from another goroutine; Err is then *InterruptedError with cause ErrStreamClosed unless the
// answer was already complete.
func (s *AnswerStream) Close() error {
	s.closing.Store(true)
	if s.cancel != nil {
		s.cancel()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return nil
	}
	if s.final {
		s.finish(s.finalErr)
	} else {
		s.finish(&InterruptedError{Text: string(s.text), Cause: ErrStreamClosed})
	}
	return nil
}

// Text returns the preview text received so far, resets applied; after answer.completed, the
// final answer text.
func (s *AnswerStream) Text() string {
	if s.answer != nil {
		return s.answer.Answer
	}
	s.textSeen.Store(true)
	return unsafe.String(unsafe.SliceData(s.text), len(s.text))
}

// Answer returns the final answer after answer.completed, else nil.
func (s *AnswerStream) Answer() *Answer { return s.answer }

// Stage returns the last stage of answer.status (retrieving, computing, reading, writing).
func (s *AnswerStream) Stage() string { return s.stage }

// Sources returns the provisional sources, replaced by the final list after answer.completed.
func (s *AnswerStream) Sources() []AnswerSource { return s.sources }

// AnswerID returns the answer id carried by the events (prefix wsa_).
func (s *AnswerStream) AnswerID() string { return s.answerID }

// RequestID returns the X-Request-ID of the stream's response, when given.
func (s *AnswerStream) RequestID() string { return s.requestID }

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

// idleReader marks the watch alive whenever bytes arrive, pings included.
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
