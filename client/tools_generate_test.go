package client_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"lectern/client"
	"lectern/client/emulator"
	"lectern/client/emulator/engine"
)

func TestGenerateWithArtifactAndDownload(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{ArtifactTTL: time.Hour})
	ctx := t.Context()
	res, err := w.plain.Generate(ctx, client.GenerateRequest{Prompt: "a spreadsheet of the quarterly budget"})
	if err != nil {
		t.Fatal(err)
	}
	a := res.Artifact
	if res.Response == "" || a == nil || !a.Available || a.Filename != "generated.xlsx" || a.Size == 0 || a.Mime == "" {
		t.Fatalf("%+v %+v", res, a)
	}
	if exp, ok := a.Expires(); !ok || !exp.Equal(w.clock.Now().Add(time.Hour)) || a.Expired(w.clock.Now()) {
		t.Fatal(exp, ok)
	}
	var buf bytes.Buffer
	var got, total int64
	n, err := w.plain.DownloadArtifact(ctx, a.ArtifactID, &buf, func(g, tt int64) { got, total = g, tt })
	if err != nil || n != a.Size || int64(buf.Len()) != a.Size || got != n || total != n {
		t.Fatal(n, err, got, total)
	}
	text, err := engine.Extract("x.xlsx", buf.Bytes())
	if err != nil || !strings.Contains(text, "Total") {
		t.Fatal(text, err)
	}
	w.clock.Advance(time.Hour)
	if !a.Expired(w.clock.Now()) {
		t.Fatal("not expired")
	}
	buf.Reset()
	if _, err := w.plain.DownloadArtifact(ctx, a.ArtifactID, &buf, nil); !client.ArtifactExpired(err) || buf.Len() != 0 {
		t.Fatal(err)
	}
}

func TestGenerateWithoutFile(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	res, err := w.plain.Generate(t.Context(), client.GenerateRequest{Prompt: "a haiku about tides"})
	if err != nil || res.Artifact != nil || res.Response == "" {
		t.Fatal(res, err)
	}
	res, err = w.plain.Generate(t.Context(), client.GenerateRequest{Prompt: "a word document about tides"})
	if err != nil || res.Artifact == nil || res.Artifact.Filename != "generated.docx" {
		t.Fatal(res, err)
	}
	var ve *client.ValidationError
	if _, err := w.plain.Generate(t.Context(), client.GenerateRequest{Prompt: " "}); !errors.As(err, &ve) {
		t.Fatal(err)
	}
	if _, err := w.plain.DownloadArtifact(t.Context(), "art_nope", &bytes.Buffer{}, nil); !client.IsCode(err, "artifact_not_found") {
		t.Fatal(err)
	}
}

// failingWriter fails after its first write, as a full disk would.
type failingWriter struct{ writes int }

func (f *failingWriter) Write(b []byte) (int, error) {
	f.writes++
	return 0, errors.New("disk full")
}

// A download that broke after writing is not sent again: the file would be written twice.
func TestDownloadNotRepeatedAfterWriting(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	res, _ := w.retrying.Generate(t.Context(), client.GenerateRequest{Prompt: "a report"})
	fw := &failingWriter{}
	before := w.emu.Requests("")
	if _, err := w.retrying.DownloadArtifact(t.Context(), res.Artifact.ArtifactID, fw, nil); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatal(err)
	}
	if w.emu.Requests("")-before != 1 {
		t.Fatal("the download was repeated")
	}
}
