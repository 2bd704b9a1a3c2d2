package client_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"lectern/client"
	"lectern/client/emulator"
	"lectern/client/emulator/toolsapi"
)

func TestPDFTextAndPages(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	var sent, total int64
	res, err := w.plain.PDFText(t.Context(), client.PDFRequest{
		Files:    []client.Attachment{memFile("log.pdf", textPDF()), memFile("scan.pdf", scanPDF())},
		Progress: func(s, tt int64) { sent, total = s, tt },
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK || res.Mode != "text" || len(res.Files) != 2 || sent != total || total == 0 {
		t.Fatalf("%+v sent %d/%d", res, sent, total)
	}
	f := res.Files[0]
	if f.Name != "log.pdf" || f.Pages != 2 || f.PagesProcessed != 2 || len(f.PageTexts) != 2 ||
		!strings.Contains(f.Text, "lighthouse keeper") || f.Chars == 0 || f.ScannedOrEmpty() {
		t.Fatalf("%+v", f)
	}
	if !res.Files[1].ScannedOrEmpty() || res.Files[1].Chars != 0 {
		t.Fatalf("a scan is not offered OCR: %+v", res.Files[1])
	}
	if len(res.Raw) == 0 || res.Files[1].Warnings[0].Code != client.WarnScannedOrEmpty {
		t.Fatalf("raw %d, warnings %+v", len(res.Raw), res.Files[1].Warnings)
	}
}

func TestPDFTables(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	res, err := w.plain.PDFText(t.Context(), client.PDFRequest{Files: []client.Attachment{memFile("t.pdf", textPDF())}, Mode: client.PDFModeTables})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Files[0]
	if res.Mode != "tables" || f.PageTexts[1] != "Item | Qty | Price\nLamp | 2 | 40" || f.PageTexts[0] != "" {
		t.Fatalf("%q", f.PageTexts)
	}
}

func TestPDFChecksBeforeSending(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	for _, r := range []client.PDFRequest{
		{},
		{Files: []client.Attachment{memFile("notes.txt", []byte("x"))}},
		{Files: []client.Attachment{memFile("empty.pdf", nil)}},
		{Files: []client.Attachment{memFile("a.pdf", []byte("x"))}, Mode: "images"},
	} {
		var ve *client.ValidationError
		if _, err := w.plain.PDFText(t.Context(), r); !errors.As(err, &ve) {
			t.Fatalf("%+v: %v", r, err)
		}
	}
	if n := w.emu.Requests(toolsapi.RoutePDF); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
}

// model-api.md §8: /chat, /generate and /pdf share 10 requests a minute per person; a refused
// request counts against nothing; the wait is in Retry-After.
func TestSharedToolLimit(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	ctx := t.Context()
	pdf := client.PDFRequest{Files: []client.Attachment{memFile("a.pdf", textPDF())}}
	for i := range 10 {
		var err error
		switch i % 3 {
		case 0:
			_, err = w.plain.PDFText(ctx, pdf)
		case 1:
			_, err = w.plain.Generate(ctx, client.GenerateRequest{Prompt: "a haiku"})
		case 2:
			_, err = w.plain.ToolChat(ctx, client.ToolChatRequest{Message: "hello"})
		}
		if err != nil {
			t.Fatal(i, err)
		}
		w.clock.Advance(time.Second)
	}
	_, err := w.plain.PDFText(ctx, pdf)
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.StatusCode != 429 || ae.Code != "rate_limit_exceeded" || ae.RetryAfter != 50*time.Second {
		t.Fatalf("%v", err)
	}
	if _, err := w.plain.WebSearch(ctx, client.SearchRequest{Queries: []string{"tides"}}); err != nil {
		t.Fatal("web search is not under the shared limit:", err)
	}
	w.clock.Advance(50 * time.Second) // the first request leaves the window; the refused one never counted
	if _, err := w.plain.PDFText(ctx, pdf); err != nil {
		t.Fatal(err)
	}
}

// A 429 with Retry-After is waited out and the request sent again, its files streamed anew.
func TestToolRetryAfter(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	w.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 429, RetryAfter: time.Second, Count: 1, Route: toolsapi.RoutePDF}})
	res, err := w.retrying.PDFText(t.Context(), client.PDFRequest{Files: []client.Attachment{memFile("a.pdf", textPDF())}})
	if err != nil || len(res.Files) != 1 || res.Files[0].Pages != 2 {
		t.Fatal(res, err)
	}
	if n := w.emu.Requests(toolsapi.RoutePDF); n != 2 {
		t.Fatalf("%d requests", n)
	}
}

func TestToolWrongKeyAndFault(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	bad := newClient(t, w.emu.URL(), "sk-wrong-key-000000000000")
	if _, err := bad.WebSearch(t.Context(), client.SearchRequest{Queries: []string{"x"}}); !client.IsCode(err, "invalid_api_key") {
		t.Fatal(err)
	}
	w.emu.SetFaults(emulator.Faults{Fail: emulator.Failure{Status: 503, Code: "model_unavailable", Route: toolsapi.RouteSearch}})
	_, err := w.plain.WebSearch(t.Context(), client.SearchRequest{Queries: []string{"x"}})
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.StatusCode != 503 || ae.RequestID == "" || !ae.Retryable {
		t.Fatal(err)
	}
}
