package app

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"lectern/app/records"
	"lectern/client"
	"lectern/client/emulator"
)

// benchEmulatorEnv makes the re-executed test binary serve an emulator for BenchmarkUploadMemory:
// in a process of its own, so that the memory measured is the app's, not the server's.
const benchEmulatorEnv = "LECTERN_BENCH_EMULATOR"

// TestUploadMemoryEmulatorChild is the benchmark's emulator process; skipped in a normal run.
func TestUploadMemoryEmulatorChild(t *testing.T) {
	if os.Getenv(benchEmulatorEnv) == "" {
		t.Skip("the emulator process of BenchmarkUploadMemory")
	}
	cfg := fastEmulatorConfig()
	cfg.Limits = emulator.Limits{WorkspaceBytesLimit: 1 << 40, DailyUploadsLimit: 1 << 20}
	emu := emulator.New(cfg)
	emu.AddKey(emulator.Key{Secret: testKey, Owner: "ann", CanAdd: true})
	emu.AddWorkspace(emulator.WorkspaceSpec{ID: "ws_bench", Name: "Bench", Owner: "ann"})
	url, err := emu.ListenAndServe(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("URL", url)
	_, _ = io.Copy(io.Discard, os.Stdin) // until the benchmark closes our stdin
}

// startBenchEmulator runs the emulator process and returns its URL.
func startBenchEmulator(b *testing.B) string {
	cmd := exec.Command(os.Args[0], "-test.run=^TestUploadMemoryEmulatorChild$", "-test.v")
	cmd.Env = append(os.Environ(), benchEmulatorEnv+"=1")
	stdin, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = stdin.Close(); _ = cmd.Wait() })
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if url, ok := strings.CutPrefix(sc.Text(), "URL "); ok {
			go func() { _, _ = io.Copy(io.Discard, out) }()
			return url
		}
	}
	b.Fatal("the emulator process did not start")
	return ""
}

// heapPeak samples the heap's object bytes every 5 ms until stop is closed, and returns the peak.
func heapPeak(stop <-chan struct{}) <-chan uint64 {
	res := make(chan uint64, 1)
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var peak uint64
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-stop:
				res <- peak
				return
			case <-t.C:
			}
		}
	}()
	return res
}

// measure returns the heap peak while fn runs, after a garbage collection.
func measure(fn func()) uint64 {
	runtime.GC()
	stop := make(chan struct{})
	res := heapPeak(stop)
	fn()
	close(stop)
	return <-res
}

// BenchmarkUploadMemory measures the peak heap of the app while it uploads ten 3 MiB files to an
// emulator (in a process of its own), next to the same app idle for as long, in one run, and
// reports the difference as peak-extra-MiB (goal: under 20).
func BenchmarkUploadMemory(b *testing.B) {
	url := startBenchEmulator(b)
	dir := b.TempDir()
	data := make([]byte, 3<<20)
	for i := range data {
		data[i] = 'a' + byte(i%26)
	}
	a, err := Open(context.Background(), Options{Home: b.TempDir(), HTTPClient: &http.Client{}, KeychainTimeout: time.Second,
		ClientOptions: []client.Option{client.WithPollInterval(50*time.Millisecond, 50*time.Millisecond)}})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	if err := a.SignIn().Connect(context.Background(), url, testKey); err != nil {
		b.Fatal(err)
	}
	a.Uploads().Start()
	var worst float64
	var round atomic.Int64
	for b.Loop() {
		var paths []string
		r := round.Add(1)
		for i := range 10 {
			p := filepath.Join(dir, fmt.Sprintf("file-%d-%d.txt", r, i))
			if err := os.WriteFile(p, data, 0o644); err != nil {
				b.Fatal(err)
			}
			paths = append(paths, p)
		}
		var took time.Duration
		busy := measure(func() { took = uploadAll(b, a, paths) })
		idle := measure(func() { time.Sleep(took) })
		worst = max(worst, (float64(busy)-float64(idle))/(1<<20))
	}
	b.ReportMetric(worst, "peak-extra-MiB")
}

// uploadAll queues paths and waits until every one is ready; it returns how long that took.
func uploadAll(b *testing.B, a *App, paths []string) time.Duration {
	start := time.Now()
	res, err := a.Uploads().AddFiles(context.Background(), "ws_bench", paths...)
	if err != nil {
		b.Fatal(err)
	}
	var ids []int64
	for _, r := range res {
		if r.ID == 0 {
			b.Fatalf("%s refused: %s", r.Name, r.Reason)
		}
		ids = append(ids, r.ID)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ended, err := a.Uploads().Follow(ctx, ids, func(e records.Upload) bool { return e.State.Final() }, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range ended {
		if e.State != records.UploadReady {
			b.Fatalf("%s: %s %s", e.Name, e.State, e.Error)
		}
	}
	return time.Since(start)
}
