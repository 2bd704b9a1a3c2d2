//go:build linux

package ui_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"lectern/app"
	appsettings "lectern/app/settings"
)

// idleFor is how long each process is watched while nothing happens.
const idleFor = time.Minute

// BenchmarkIdle runs the real binary under Xvfb, opened on its last conversation (20 answers) with
// the documents panel open (1,000 cached documents, offline: its server is gone, so the offline
// check runs), next to a bare Fyne window, and measures the CPU time each uses in a minute in
// which nothing happens, from 10 s after it is ready (the start's own work done). Goal: at most
// 50 ms a minute (issue 34). wakeups-per-second counts the process's threads' context switches: a
// timer that fires, a frame that is painted. Skipped without Xvfb or with -short.
//
//	go test -tags ci,migrated_fynedo -run '^$' -bench Idle -benchtime 1x ./ui/
func BenchmarkIdle(b *testing.B) {
	dir, lectern, bare, display, home, key := startPair(b, 1000)
	openDocumentsPanel(b, home)
	base := append(os.Environ(), "DISPLAY="+display, "XDG_RUNTIME_DIR="+dir, "LECTERN_TRACE=1",
		"DBUS_SESSION_BUS_ADDRESS=disabled:")
	env := append(slices.Clone(base), "LECTERN_HOME="+home, "LECTERN_API_KEY="+key)
	var bareUse, lecternUse []use
	for b.Loop() {
		bareUse = append(bareUse, idle(b, bare, base, "first-frame"))
		lecternUse = append(lecternUse, idle(b, lectern, env, "documents-shown 1000 ", "conversation-shown 20"))
	}
	b.ReportMetric(mean(lecternUse, func(u use) float64 { return u.cpu }), "cpu-ms-per-minute")
	b.ReportMetric(mean(bareUse, func(u use) float64 { return u.cpu }), "bare-cpu-ms-per-minute")
	b.ReportMetric(mean(lecternUse, func(u use) float64 { return u.wakeups }), "wakeups-per-second")
	b.ReportMetric(mean(bareUse, func(u use) float64 { return u.wakeups }), "bare-wakeups-per-second")
}

// use is what a process used in idleFor: CPU milliseconds a minute, and context switches a second.
type use struct{ cpu, wakeups float64 }

func mean(us []use, f func(use) float64) float64 {
	sum := 0.0
	for _, u := range us {
		sum += f(u)
	}
	return sum / float64(len(us))
}

// openDocumentsPanel saves, in the data folder home, that the documents panel is open.
func openDocumentsPanel(b *testing.B, home string) {
	a, err := app.Open(context.Background(), app.Options{Home: home, HTTPClient: &http.Client{}})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	if err := a.UpdateSettings(func(s *appsettings.Settings) { s.DocumentsOpen = true }); err != nil {
		b.Fatal(err)
	}
}

// idle starts bin, waits until it printed a line starting with each of ready, then 10 s more,
// and measures what it uses in the next idleFor.
func idle(b *testing.B, bin string, env []string, ready ...string) use {
	cmd, _ := startReady(b, bin, env, ready)
	defer stop(cmd)
	time.Sleep(10 * time.Second)
	pid := cmd.Process.Pid
	cpu0, sw0 := cpuTime(b, pid), switches(b, pid)
	time.Sleep(idleFor)
	cpu1, sw1 := cpuTime(b, pid), switches(b, pid)
	return use{cpu: float64((cpu1 - cpu0).Microseconds()) / 1000 * float64(time.Minute) / float64(idleFor),
		wakeups: float64(sw1-sw0) / idleFor.Seconds()}
}

// cpuTime is the CPU time all of a process's threads have used so far, to the nanosecond
// (/proc/<pid>/task/<tid>/schedstat: time on the CPU, time waiting for it, slices).
func cpuTime(b *testing.B, pid int) time.Duration {
	var sum time.Duration
	for _, f := range taskFiles(b, pid, "schedstat") {
		if ns, err := strconv.ParseInt(strings.Fields(f)[0], 10, 64); err == nil {
			sum += time.Duration(ns)
		}
	}
	return sum
}

// taskFiles reads the file name of each of a process's threads.
func taskFiles(b *testing.B, pid int, name string) []string {
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		b.Fatal(err)
	}
	var out []string
	for _, t := range tasks {
		if data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/%s", pid, t.Name(), name)); err == nil {
			out = append(out, string(data)) // a thread may end meanwhile
		}
	}
	return out
}

// switches is the number of context switches of all of a process's threads so far.
func switches(b *testing.B, pid int) int64 {
	var n int64
	for _, f := range taskFiles(b, pid, "status") {
		for _, line := range strings.Split(f, "\n") {
			name, value, _ := strings.Cut(line, ":")
			if name == "voluntary_ctxt_switches" || name == "nonvoluntary_ctxt_switches" {
				v, _ := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
				n += v
			}
		}
	}
	return n
}
