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

// BenchmarkStreamDecode compares decoding a recorded stream through AnswerStream (typed events,
// preview text, final answer) with go-sse's bare sse.Read on the same bytes.
func BenchmarkStreamDecode(b *testing.B) {
	data, n := recordedStream()
	b.Run("sse.Read", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			got := 0
			for _, err := range sse.Read(strings.NewReader(data), &sse.ReadConfig{MaxEventSize: MaxEventSize}) {
				if err != nil {
					b.Fatal(err)
				}
				got++
			}
			if got != n {
				b.Fatal(got, n)
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "events/s")
	})
	b.Run("sse.Read+encoding/json", func(b *testing.B) { // a plain typed consumer, for reference
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			for ev, err := range sse.Read(strings.NewReader(data), &sse.ReadConfig{MaxEventSize: MaxEventSize}) {
				if err != nil {
					b.Fatal(err)
				}
				var d eventData
				var a Answer
				if json.Unmarshal([]byte(ev.Data), &d) != nil || ev.Type == EventCompleted && json.Unmarshal([]byte(ev.Data), &a) != nil {
					b.Fatal("bad event")
				}
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "events/s")
	})
	b.Run("AnswerStream", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			s := answerStreamOf(data)
			got := 0
			for s.Next() {
				got++
			}
			if s.Err() != nil || got != n || s.Answer() == nil {
				b.Fatal(s.Err(), got)
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "events/s")
	})
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

// BenchmarkStreamDecodeRatio runs both decoders on the same stream in alternation and reports
// AnswerStream's cost over sse.Read's in wall time and in CPU time of the benchmark's thread
// (Linux), which a shared, busy machine disturbs far less than wall time.
func BenchmarkStreamDecodeRatio(b *testing.B) {
	runtime.LockOSThread() // the stream's coroutine runs on this thread too
	defer runtime.UnlockOSThread()
	data, n := recordedStream()
	var bare, ours, bareCPU, oursCPU time.Duration
	for i := 0; i < b.N; i++ {
		t0, c0 := time.Now(), threadCPU()
		for _, err := range sse.Read(strings.NewReader(data), &sse.ReadConfig{MaxEventSize: MaxEventSize}) {
			if err != nil {
				b.Fatal(err)
			}
		}
		t1, c1 := time.Now(), threadCPU()
		s := answerStreamOf(data)
		for s.Next() {
		}
		if s.Err() != nil {
			b.Fatal(s.Err())
		}
		ours, oursCPU = ours+time.Since(t1), oursCPU+threadCPU()-c1
		bare, bareCPU = bare+t1.Sub(t0), bareCPU+c1-c0
	}
	b.ReportMetric(float64(ours)/float64(bare), "x-sse.Read-wall")
	if bareCPU > 0 {
		b.ReportMetric(float64(oursCPU)/float64(bareCPU), "x-sse.Read-cpu")
	}
	b.ReportMetric(float64(n*b.N)/ours.Seconds(), "events/s")
}
