package client

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"
)

// fiftyMB is the file size of the tool benchmarks: the spec's largest chat attachment.
const fiftyMB = 50 << 20

// BenchmarkPDFUpload50MB measures the peak heap (live heap objects above the start, sampled with
// runtime/metrics by heapPeak) while PDFText sends a 50 MB PDF to a server that reads and discards
// the body, next to the file's size. Goal: under a tenth of the file.
func BenchmarkPDFUpload50MB(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := io.Copy(io.Discard, r.Body)
		if n != r.ContentLength {
			http.Error(w, "short body", http.StatusBadRequest)
			return
		}
		_, _ = w.Write([]byte(`{"ok":true,"mode":"text","ms":1,"files":[{"name":"big.pdf","chars":0,"pages":1,"pages_processed":1,"text":"","page_texts":[""],"truncated":false,"warnings":[]}]}`))
	}))
	defer srv.Close()
	c, _ := NewClient(WithBaseURL(srv.URL), WithAPIKey(testKey))
	r := PDFRequest{Files: []Attachment{{Name: "big.pdf", Size: fiftyMB,
		Open: func() (io.ReadCloser, error) { return &patternFile{left: fiftyMB}, nil }}}}
	var peak uint64
	for i := 0; i < b.N; i++ {
		peak = max(peak, heapPeak(func() {
			if _, err := c.PDFText(b.Context(), r); err != nil {
				b.Fatal(err)
			}
		}))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(fiftyMB/(1<<20), "file-MB")
}

// BenchmarkArtifactDownload50MB measures the peak heap (as BenchmarkPDFUpload50MB) while
// DownloadArtifact copies a 50 MB file from the server into a file on disk, next to the file's
// size. Goal: under a tenth of the file.
func BenchmarkArtifactDownload50MB(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(fiftyMB))
		_, _ = io.Copy(w, &patternFile{left: fiftyMB})
	}))
	defer srv.Close()
	c, _ := NewClient(WithBaseURL(srv.URL), WithAPIKey(testKey))
	dir := b.TempDir()
	var peak uint64
	for i := 0; i < b.N; i++ {
		f, err := os.CreateTemp(dir, "artifact-*.xlsx")
		if err != nil {
			b.Fatal(err)
		}
		peak = max(peak, heapPeak(func() {
			if n, err := c.DownloadArtifact(b.Context(), "art_1", f, nil); err != nil || n != fiftyMB {
				b.Fatal(n, err)
			}
		}))
		_ = f.Close()
		_ = os.Remove(f.Name())
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(fiftyMB/(1<<20), "file-MB")
}
