package serve

import (
	"testing"
	"time"
)

// newTestCore is a core with rates r (zero fields: the defaults) and a manual clock.
func newTestCore(r Rates) (*Core, *ManualClock) {
	c := NewManualClock(time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC))
	return NewCore(Config{Now: c.Now, Rates: r}), c
}

// The defaults of model-api.md §8: 60 a minute per key; a refused request is not counted, so
// the 61st waits exactly until the first leaves the window.
func TestDefaultKeyRate(t *testing.T) {
	core, clock := newTestCore(Rates{AddressPer10s: -1, AddressPerMinute: -1})
	a := Admission{Address: "10.0.0.1", Key: "k"}
	for i := range 60 {
		release, err := core.Admit(a)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		release()
		if i < 59 {
			clock.Advance(time.Second) // requests at 0 s, 1 s, ... 59 s
		}
	}
	for range 3 {
		if _, err := core.Admit(a); err == nil || err.RetryAfter != time.Second {
			t.Fatalf("61st: %v", err)
		}
	}
	clock.Advance(time.Second)
	if _, err := core.Admit(a); err != nil {
		t.Fatalf("after the first left the window: %v", err)
	}
}

// Slots: releasing twice gives back one slot; the server's stream limit spans keys.
func TestStreamSlots(t *testing.T) {
	core, _ := newTestCore(Rates{StreamsPerKey: 1, StreamsPerServer: 2})
	r1, err := core.Admit(Admission{Address: "a", Key: "k1", Stream: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := core.Admit(Admission{Address: "a", Key: "k1", Stream: true}); err == nil || err.RetryAfter != 5*time.Second {
		t.Fatalf("second stream of k1: %v", err)
	}
	r2, _ := core.Admit(Admission{Address: "b", Key: "k2", Stream: true})
	if _, err := core.Admit(Admission{Address: "c", Key: "k3", Stream: true}); err == nil {
		t.Fatal("third stream on the server")
	}
	r1()
	r1()
	if _, err := core.Admit(Admission{Address: "c", Key: "k3", Stream: true}); err != nil {
		t.Fatalf("after a release: %v", err)
	}
	if _, err := core.Admit(Admission{Address: "d", Key: "k4", Stream: true}); err == nil {
		t.Fatal("a double release gave back two slots")
	}
	r2()
}
