package sync

import (
	"context"
	"fmt"
	gosync "sync"
	"testing"
)

// Three devices sync through one target at the same moment, twice each: every one ends with
// every conversation and turn, none doubled.
func TestSyncThreeDevicesAtOnce(t *testing.T) {
	target := Folder{Dir: t.TempDir()}
	devs := []*device{newDevice(t, epoch), newDevice(t, epoch), newDevice(t, epoch)}
	for i, d := range devs {
		for j := range 5 {
			d.conversation(fmt.Sprintf("device %d conversation %d", i, j), "q")
		}
	}
	for range 2 {
		var wg gosync.WaitGroup
		errs := make([]error, len(devs))
		for i, d := range devs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = Round(context.Background(), d.options(target))
			}()
		}
		wg.Wait()
		for _, err := range errs {
			must(t, err)
		}
	}
	for _, d := range devs {
		d.sync(target)
	}
	want := devs[0].dump()
	for i, d := range devs {
		if n := d.count("SELECT count(*) FROM conversations"); n != 15 {
			t.Errorf("device %d holds %d conversations, want 15", i, n)
		}
		if n := d.count("SELECT count(*) FROM turns"); n != 15 {
			t.Errorf("device %d holds %d turns, want 15 (none lost, none doubled)", i, n)
		}
		if got := d.dump(); got != want {
			t.Errorf("device %d differs from device 0", i)
		}
	}
}
