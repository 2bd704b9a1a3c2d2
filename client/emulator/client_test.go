package emulator_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"lectern/client"
	"lectern/client/emulator"
)

// demoClient serves the demo with quick delays and returns a client for its demo key.
func demoClient(t *testing.T, cfg emulator.Config) (*emulator.Emulator, emulator.DemoInfo, *client.Client) {
	t.Helper()
	e, info := emulator.StartDemo(cfg)
	t.Cleanup(e.Close)
	c, err := client.NewClient(client.WithBaseURL(e.URL()), client.WithAPIKey(info.Key),
		client.WithRetryPolicy(client.RetryPolicy{MaxRetries: 2, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}),
		client.WithPollInterval(5*time.Millisecond, 10*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	return e, info, c
}

// quick has short delays for client tests.
var quick = emulator.Config{ProcessingDelay: -1, ReadyDelay: 30 * time.Millisecond, ThinkDelay: -1,
	StageDelay: -1, DeltaDelay: -1, ResetEvery: 2}

// The client lists every page of the demo and of a large workspace against the emulator.
func TestClientListing(t *testing.T) {
	e, info, c := demoClient(t, quick)
	ctx := context.Background()
	var ids []string
	for w, err := range c.AllWorkspaces(ctx, client.ListOptions{Limit: 2}) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, w.WorkspaceID)
	}
	if len(ids) != 5 {
		t.Fatalf("workspaces %v", ids)
	}
	e.AddManyDocuments(info.Personal, 450)
	ws, err := c.FetchWorkspace(ctx, info.Personal)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Documents) != ws.Counts.Documents || ws.Counts.Documents < 450 {
		t.Fatalf("fetched %d documents, counts %+v", len(ws.Documents), ws.Counts)
	}
}

// The client asks (JSON and stream with a reset) and reads the final answer.
func TestClientAsk(t *testing.T) {
	_, info, c := demoClient(t, quick)
	ctx := context.Background()
	q := client.AskRequest{WorkspaceID: info.Personal, Question: "How many days of paid annual leave do employees get?"}
	a, err := c.Ask(ctx, q)
	if err != nil || !a.Found {
		t.Fatalf("ask: %v %+v", err, a)
	}
	for range 2 {
		s := c.AskStream(ctx, q)
		for s.Next() {
		}
		if s.Err() != nil || s.Final().Answer == nil || s.Text() != s.Final().Answer.Answer {
			t.Fatalf("stream: %v text %q", s.Err(), s.Text())
		}
		s.Close()
	}
}

// A cut stream reaches the client as an interrupted answer that keeps its text.
func TestClientInterruptedStream(t *testing.T) {
	e, info, c := demoClient(t, quick)
	e.SetFaults(emulator.Faults{CutStreamAfter: 8})
	s := c.AskStream(context.Background(), client.AskRequest{WorkspaceID: info.Personal,
		Question: "How many days of paid annual leave do employees get?"})
	for s.Next() {
	}
	defer s.Close()
	if !errors.Is(s.Err(), client.ErrInterrupted) {
		t.Fatalf("err %v", s.Err())
	}
}

// The client uploads, waits until ready, and sees the emulator's error codes.
func TestClientUpload(t *testing.T) {
	_, info, c := demoClient(t, quick)
	ctx := context.Background()
	data := []byte("The ferry leaves at 07:15 every weekday.")
	up := client.UploadRequest{WorkspaceID: info.Personal, ClientDocumentID: client.NewClientDocumentID(),
		Name: "ferry.txt", Size: int64(len(data)),
		Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }}
	rec, err := c.Upload(ctx, up)
	if err != nil || rec.Status != client.StatusNotReady {
		t.Fatalf("upload: %v %+v", err, rec)
	}
	done, err := c.WaitDocument(ctx, info.Personal, up.ClientDocumentID, nil)
	if err != nil || done.Status != client.StatusReady {
		t.Fatalf("wait: %v %+v", err, done)
	}
	up.WorkspaceID = info.Published
	up.ClientDocumentID = client.NewClientDocumentID()
	if _, err := c.Upload(ctx, up); !client.IsCode(err, "workspace_read_only") {
		t.Fatalf("published: %v", err)
	}
	_, err = c.DocumentStatus(ctx, info.Personal, "Nonexistent1")
	if !client.IsCode(err, "document_not_found") || strings.Contains(err.Error(), info.Key) {
		t.Fatalf("status: %v", err)
	}
}
