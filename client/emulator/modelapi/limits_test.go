package modelapi

import (
	"context"
	"testing"
	"time"

	"lectern/client/emulator/internal/serve"
)

// limited serves with the given rates (the others off).
func limited(t *testing.T, r serve.Rates) *env {
	return newEnv(t, func(_ *Config, s *serve.Config) { s.Rates = r })
}

// wantLimited checks a 429 rate_limit_exceeded with Retry-After.
func wantLimited(t *testing.T, name string, r result, retryAfter string) {
	t.Helper()
	if r.status != 429 || r.errorOf(t).Code != "rate_limit_exceeded" || r.header.Get("Retry-After") != retryAfter {
		t.Errorf("%s: %d Retry-After %q: %s", name, r.status, r.header.Get("Retry-After"), r.body)
	}
}

// Requests per key a minute, across both endpoints; the window slides with the clock.
func TestKeyRateLimit(t *testing.T) {
	ev := limited(t, serve.Rates{KeyPerMinute: 2, AddressPerMinute: -1, AddressPer10s: -1})
	if r := ev.respond(with(nil)); r.status != 200 {
		t.Fatal(r.status)
	}
	ev.clock.Advance(20 * time.Second)
	if r := ev.do("POST", "/v1/chat/completions", keyA, chatBody("hi")); r.status != 200 {
		t.Fatal(r.status)
	}
	wantLimited(t, "third", ev.respond(with(nil)), "40")
	if r := ev.do("POST", "/v1/responses", keyB, with(nil)); r.status != 200 {
		t.Errorf("another key: %d", r.status)
	}
	if r := ev.do("GET", "/v1/models", keyA, nil); r.status != 200 {
		t.Errorf("models count only per address: %d", r.status)
	}
	ev.clock.Advance(40 * time.Second)
	if r := ev.respond(with(nil)); r.status != 200 {
		t.Errorf("after the window: %d", r.status)
	}
}

// A request refused by a limit counts against nothing: here the refused request of key A does
// not use up the address's budget that key B then needs.
func TestRefusedCountsNothing(t *testing.T) {
	ev := limited(t, serve.Rates{KeyPerMinute: 1, AddressPerMinute: 2, AddressPer10s: -1})
	if r := ev.respond(with(nil)); r.status != 200 {
		t.Fatal(r.status)
	}
	wantLimited(t, "key A again", ev.respond(with(nil)), "60")
	if r := ev.do("POST", "/v1/responses", keyB, with(nil)); r.status != 200 {
		t.Fatalf("key B: %d (the refused request was counted)", r.status)
	}
	wantLimited(t, "address full", ev.do("POST", "/v1/responses", keyB, with(nil)), "60")
}

// Per address: 40 in any 10 seconds and 120 a minute by default; Retry-After gives the longest
// wait when several limits apply.
func TestAddressLimits(t *testing.T) {
	ev := limited(t, serve.Rates{KeyPerMinute: -1})
	for i := range 40 {
		if r := ev.do("GET", "/v1/models", keyA, nil); r.status != 200 {
			t.Fatalf("request %d: %d", i, r.status)
		}
	}
	wantLimited(t, "41st in 10 s", ev.do("GET", "/v1/models", keyA, nil), "10")
	for range 2 {
		ev.clock.Advance(10 * time.Second)
		for range 40 {
			ev.do("GET", "/v1/models", keyA, nil)
		}
	}
	ev.clock.Advance(10 * time.Second)
	wantLimited(t, "121st in a minute", ev.do("GET", "/v1/models", keyA, nil), "30")

	both := limited(t, serve.Rates{KeyPerMinute: 1, AddressPer10s: 1, AddressPerMinute: -1})
	both.respond(with(nil))
	wantLimited(t, "key and address", both.respond(with(nil)), "60")
}

// Wrong or missing keys: 20 from one address in 10 minutes, then 429 until the window passes;
// valid keys still pass, and wrong keys count toward nothing else.
func TestWrongKeyLimit(t *testing.T) {
	ev := newEnv(t, func(_ *Config, s *serve.Config) { s.WrongKeyLimit = 3 })
	for range 3 {
		if r := ev.do("GET", "/v1/models", "wrong", nil); r.status != 401 {
			t.Fatal(r.status)
		}
	}
	wantLimited(t, "fourth wrong key", ev.do("POST", "/v1/responses", "", with(nil)), "600")
	if r := ev.respond(with(nil)); r.status != 200 {
		t.Errorf("valid key: %d", r.status)
	}
	ev.clock.Advance(10 * time.Minute)
	if r := ev.do("GET", "/v1/models", "wrong", nil); r.status != 401 {
		t.Errorf("after the window: %d", r.status)
	}
}

// openStream starts a stream that stalls before its first event, holding its slot until ctx ends.
func openStream(t *testing.T, ev *env, ctx context.Context, key string) {
	t.Helper()
	body := with(map[string]any{"stream": true})
	res := ev.open(ctx, "POST", "/v1/responses", key, body)
	if res.StatusCode != 200 {
		t.Fatalf("stream: %d", res.StatusCode)
	}
	t.Cleanup(func() { res.Body.Close() })
}

// Open streams: per key and per server, refused with Retry-After 5; concurrent requests per
// address too. Slots come back when a stream ends.
func TestOpenStreamLimits(t *testing.T) {
	ev := limited(t, serve.Rates{KeyPerMinute: -1, AddressPerMinute: -1, AddressPer10s: -1,
		StreamsPerKey: 1, StreamsPerServer: 2, AddressConcurrent: 2})
	ev.core.SetFaults(serve.Faults{StallFor: time.Hour}) // every stream stalls before its first event
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	openStream(t, ev, ctx, keyA)
	wantLimited(t, "second stream of key A", ev.do("POST", "/v1/responses", keyA, with(map[string]any{"stream": true})), "5")
	if r := ev.respond(with(nil)); r.status != 200 {
		t.Errorf("a request without stream: %d", r.status)
	}
	openStream(t, ev, ctx, keyB)
	wantLimited(t, "third stream on the server", ev.do("POST", "/v1/chat/completions", keyC,
		map[string]any{"model": "Fast", "stream": true, "messages": []any{map[string]any{"role": "user", "content": "x"}}}), "5")
	wantLimited(t, "third request at once from the address", ev.do("GET", "/v1/models", keyA, nil), "1")
	cancel()
	waitFor(t, func() bool {
		ev.core.SetFaults(serve.Faults{})
		return ev.do("POST", "/v1/responses", keyA, with(map[string]any{"stream": true})).status == 200
	})
}

// waitFor polls cond until it holds: a stream's slot comes back when its handler returns, which
// follows the client's cancel asynchronously.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for range 500 {
		if cond() {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatal("condition never held")
}
