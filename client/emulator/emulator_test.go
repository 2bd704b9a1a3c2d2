package emulator_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"lectern/client/emulator"
)

// ListenAndServe serves on a real address until its context ends (lectern demo --addr).
func TestListenAndServe(t *testing.T) {
	e, info := emulator.NewDemo(emulator.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	url, err := e.ListenAndServe(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if url != e.URL() || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("url %q", url)
	}
	hr, _ := http.NewRequest("GET", url+"/workspace?include=none", nil)
	hr.Header.Set("Authorization", "Bearer "+info.Key)
	res, err := http.DefaultClient.Do(hr)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("get: %v", err)
	}
	res.Body.Close()
	cancel()
	waitDown(t, url, "after its context ended")
}

// ListenAndServe reports an address it cannot listen on, and gives a dialable URL for ":0".
func TestListenAndServeAddresses(t *testing.T) {
	e := emulator.New(emulator.Config{})
	if _, err := e.ListenAndServe(context.Background(), "bad address"); err == nil {
		t.Error("bad address accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	url, err := e.ListenAndServe(ctx, ":0")
	if err != nil || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("url %q err %v", url, err)
	}
	e.Close() // Close also ends a ListenAndServe server
	e.Close()
	waitDown(t, url, "after Close")
}

// waitDown polls url until the server no longer answers (shutdown is asynchronous).
func waitDown(t *testing.T, url, when string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := http.Get(url + "/workspace"); err != nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("server still up " + when)
}

// The families share one core: the demo key works on both, a revoked key on neither, and wrong
// keys on /workspace and on /v1 count toward one limit.
func TestFamiliesShareKeysAndLimits(t *testing.T) {
	e, info := emulator.StartDemo(emulator.Config{WrongKeyLimit: 2})
	t.Cleanup(e.Close)
	get := func(path, key string) int {
		req, _ := http.NewRequest("GET", e.URL()+path, nil)
		req.Header.Set("Authorization", "Bearer "+key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if get("/workspace", info.Key) != 200 || get("/v1/models", info.Key) != 200 {
		t.Fatal("the demo key does not work on both families")
	}
	e.RevokeKey(info.ReadOnlyKey)
	if a, b := get("/workspace", "wrong"), get("/v1/models", info.ReadOnlyKey); a != 401 || b != 401 {
		t.Fatalf("a wrong key, a revoked key: %d %d", a, b)
	}
	if s := get("/v1/models", "wrong"); s != 429 {
		t.Errorf("third wrong key, across families: %d", s)
	}
	if e.Requests(emulator.RouteModels) != 3 || e.Requests(emulator.RouteList) != 2 {
		t.Errorf("requests: %d models, %d lists", e.Requests(emulator.RouteModels), e.Requests(emulator.RouteList))
	}
}

// A /v1 answer leaves the workspace answers' access-lost fault for the next workspace answer.
func TestModelAnswerLeavesTheAccessLostFault(t *testing.T) {
	e, info := emulator.NewDemo(emulator.Config{ThinkDelay: -1, StageDelay: -1, DeltaDelay: -1})
	e.Serve()
	defer e.Close()
	e.SetFaults(emulator.Faults{AccessLostAfter: 1})
	post := func(path, body string) string {
		t.Helper()
		req, _ := http.NewRequest("POST", e.URL()+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+info.Key)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	if out := post("/v1/responses", `{"model":"Fast","input":"Hi"}`); !strings.Contains(out, `"status":"completed"`) {
		t.Fatalf("/v1/responses: %s", out)
	}
	out := post("/workspace", `{"workspace_id":"`+info.Personal+`","question":"What is the leave policy?","stream":true}`)
	if !strings.Contains(out, "workspace_access_lost") {
		t.Fatalf("the workspace answer did not lose access:\n%s", out)
	}
}
