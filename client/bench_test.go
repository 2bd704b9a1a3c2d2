package client

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tmaxmax/go-sse"
)

// recordedStream is a typical answer: created, status, sources, 500 deltas, a reset, completed.
func recordedStream() (string, int) {
	var b strings.Builder
	n := 0
	add := func(name, data string) { b.WriteString("event: " + name + "\ndata: " + data + "\n\n"); n++ }
	add(EventCreated, `{"id":"wsa_1","object":"workspace.answer","workspace_id":"w","model":"fast","created":1,"status":"in_progress","sequence_number":0}`)
	add(EventStatus, `{"id":"wsa_1","stage":"retrieving","sequence_number":1}`)
	add(EventSources, `{"id":"wsa_1","sources":[{"index":1,"document_id":"d1","name":"a.txt","source_type":"file","url":null,"used":false}],"sequence_number":2}`)
	var full strings.Builder
	for i := 0; i < 500; i++ {
		if i == 250 {
			b.WriteString(": ping\n\n")
			add(EventReset, fmt.Sprintf(`{"id":"wsa_1","sequence_number":%d}`, i+3))
			full.Reset()
		}
		piece := fmt.Sprintf("word%d, ", i)
		if i%40 == 0 {
			piece += `\n`
		}
		full.WriteString(piece)
		add(EventDelta, fmt.Sprintf(`{"id":"wsa_1","sequence_number":%d,"delta":"%s"}`, i+4, piece))
	}
	ans, _ := json.Marshal(full.String())
	add(EventCompleted, `{"id":"wsa_1","object":"workspace.answer","status":"completed","found":true,"answer":`+string(ans)+`,"sources":[],"sequence_number":600}`)
	return b.String(), n
}

// The stream benchmarks decode a recorded stream of each format through its typed stream, next
// to go-sse's bare sse.Read over the same bytes, in one run. The goal (issue 13): decoding is
// never the bottleneck, at least 100,000 events a second on one core.

// BenchmarkStreamDecode is the workspace answer stream (answer.* events) through Stream[StreamEvent] (sub-benchmark name kept for the figures).
func BenchmarkStreamDecode(b *testing.B) {
	data, n := recordedStream()
	b.Run("sse.Read", func(b *testing.B) { benchDecode(b, data, n, bareRead) })
	b.Run("AnswerStream", func(b *testing.B) {
		benchDecode(b, data, n, func(data string) int {
			s := answerStreamOf(data)
			got := 0
			for s.Next() {
				got++
			}
			if s.Err() != nil || s.Final().Answer == nil {
				b.Fatal(s.Err())
			}
			return got
		})
	})
}

// benchPieces are 500 small pieces of text, as a model streams them.
func benchPieces() []string {
	pieces := make([]string, 500)
	for i := range pieces {
		pieces[i] = fmt.Sprintf("word%d, ", i)
	}
	return pieces
}

// BenchmarkStreamDecodeResponses is a /v1/responses text answer (response.* events, 500
// deltas) through Stream[ResponseEvent].
func BenchmarkStreamDecodeResponses(b *testing.B) {
	chunks := textAnswer(benchPieces()...)
	data, n := strings.Join(chunks, ""), len(chunks)
	b.Run("sse.Read", func(b *testing.B) { benchDecode(b, data, n, bareRead) })
	b.Run("ResponseStream", func(b *testing.B) {
		benchDecode(b, data, n, func(data string) int {
			s := responseStreamOf(data)
			got := 0
			for s.Next() {
				got++
			}
			if s.Err() != nil || s.Final().Response == nil {
				b.Fatal(s.Err())
			}
			return got
		})
	})
}

// BenchmarkStreamDecodeChat is a chat completion (500 chunks, the last with its finish reason,
// then [DONE]) through Stream[ChatChunk].
func BenchmarkStreamDecodeChat(b *testing.B) {
	var sb strings.Builder
	for i, p := range benchPieces() {
		delta := `{"content":` + quote(p) + `}`
		if i == 0 {
			delta = `{"role":"assistant","content":` + quote(p) + `}`
		}
		sb.WriteString(chatChunk(delta, ""))
	}
	sb.WriteString(chatChunk(`{}`, "stop") + "data: [DONE]\n\n")
	data, n := sb.String(), 502
	b.Run("sse.Read", func(b *testing.B) { benchDecode(b, data, n, bareRead) })
	b.Run("ChatStream", func(b *testing.B) {
		benchDecode(b, data, n, func(data string) int {
			s := chatStreamOf(data)
			got := 1 // [DONE] is read, not handed out
			for s.Next() {
				got++
			}
			if s.Err() != nil || s.Final().Completion == nil {
				b.Fatal(s.Err())
			}
			return got
		})
	})
}

// bareRead reads the events of data with sse.Read alone and counts them.
func bareRead(data string) int {
	got := 0
	for _, err := range sse.Read(strings.NewReader(data), &sse.ReadConfig{MaxEventSize: MaxEventSize}) {
		if err != nil {
			return -1
		}
		got++
	}
	return got
}

// benchDecode runs decode over data, which holds n events, and reports events a second and
// allocations an event.
func benchDecode(b *testing.B, data string, n int, decode func(string) int) {
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if got := decode(data); got != n {
			b.Fatalf("%d events, want %d", got, n)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	events := float64(n) * float64(b.N)
	b.ReportMetric(events/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/events, "allocs/event")
}

// patternFile is a 3 MiB "file" generated on the fly, so the file itself holds no memory.
type patternFile struct{ left int }

func (p *patternFile) Read(q []byte) (int, error) {
	if p.left == 0 {
		return 0, io.EOF
	}
	n := min(len(q), p.left)
	for i := range q[:n] {
		q[i] = byte(i*31 + p.left)
	}
	p.left -= n
	return n, nil
}
func (p *patternFile) Close() error { return nil }

// heapPeak samples live heap objects while f runs and returns the peak above the start.
func heapPeak(f func()) uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	base := s[0].Value.Uint64()
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		ls := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(ls)
			if v := ls[0].Value.Uint64(); v > base && v-base > peak.Load() {
				peak.Store(v - base)
			}
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Microsecond):
			}
		}
	}()
	f()
	close(stop)
	wg.Wait()
	return peak.Load()
}

// BenchmarkUploadPeakHeap measures the heap an upload of a 3 MiB file needs: the streamed body
// against building the whole JSON in memory, both sent to a server that discards it.
func BenchmarkUploadPeakHeap(b *testing.B) {
	const size = 3 << 20
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.WriteHeader(202)
		_, _ = w.Write([]byte(`{"object":"workspace.document","status":"not_ready"}`))
	}))
	defer srv.Close()
	c, _ := NewClient(WithBaseURL(srv.URL), WithAPIKey(testKey))
	req := UploadRequest{WorkspaceID: "w", ClientDocumentID: "abcdefABCDEF", Name: "big.txt", Size: size,
		Open: func() (io.ReadCloser, error) { return &patternFile{left: size}, nil }}
	b.Run("streamed", func(b *testing.B) {
		var peak uint64
		for i := 0; i < b.N; i++ {
			peak = max(peak, heapPeak(func() {
				if _, err := c.Upload(b.Context(), req); err != nil {
					b.Fatal(err)
				}
			}))
		}
		b.ReportMetric(float64(peak), "peak-heap-bytes")
	})
	b.Run("in-memory", func(b *testing.B) {
		var peak uint64
		for i := 0; i < b.N; i++ {
			peak = max(peak, heapPeak(func() {
				f, _ := req.Open()
				data, _ := io.ReadAll(f)
				body, _ := json.Marshal(map[string]string{"workspace_id": "w", "client_document_id": req.ClientDocumentID,
					"name": req.Name, "data": base64.StdEncoding.EncodeToString(data)})
				resp, err := http.Post(srv.URL+"/workspace/documents", "application/json", bytes.NewReader(body))
				if err != nil {
					b.Fatal(err)
				}
				_ = resp.Body.Close()
			}))
		}
		b.ReportMetric(float64(peak), "peak-heap-bytes")
	})
}
