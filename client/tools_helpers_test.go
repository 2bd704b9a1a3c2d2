package client_test

import (
	"bytes"
	"io"
	"testing"
	"time"

	"lectern/client"
	"lectern/client/emulator"
	"lectern/client/emulator/engine"
)

// toolWorld is an emulator on a test clock with a key owned by ana, a client that does not retry
// (plain) and one that does (retrying).
type toolWorld struct {
	emu             *emulator.Emulator
	clock           *emulator.ManualClock
	plain, retrying *client.Client
}

func newToolWorld(t testing.TB, tc emulator.ToolsConfig) *toolWorld {
	t.Helper()
	clk := emulator.NewManualClock(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC))
	emu := emulator.Start(emulator.Config{Now: clk.Now, WrongKeyLimit: -1, Tools: tc})
	t.Cleanup(emu.Close)
	emu.AddKey(emulator.Key{Secret: ownerKey, Owner: "ana", CanAdd: true})
	plain, err := client.NewClient(client.WithBaseURL(emu.URL()), client.WithAPIKey(ownerKey),
		client.WithPollInterval(time.Millisecond, time.Millisecond), client.WithRetryPolicy(client.RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	return &toolWorld{emu: emu, clock: clk, plain: plain, retrying: newClient(t, emu.URL(), ownerKey)}
}

// memFile is an attachment read from memory.
func memFile(name string, data []byte) client.Attachment {
	return client.Attachment{Name: name, Size: int64(len(data)),
		Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }}
}

// textPDF is a PDF of two pages with text, the second holding a small table.
func textPDF() []byte {
	return engine.MakePDF([][]string{
		{"The lighthouse keeper logs every ship that passes the point."},
		{"Item  Qty  Price", "Lamp  2  40", "A line without columns"},
	})
}

// scanPDF is a PDF whose pages carry no text, as a scan has.
func scanPDF() []byte { return engine.MakePDF([][]string{{}, {}}) }
