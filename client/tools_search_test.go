package client_test

import (
	"errors"
	"testing"

	"lectern/client"
	"lectern/client/emulator"
	"lectern/client/emulator/toolsapi"
)

func depth(n int) *int { return &n }

func TestWebSearchStatuses(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	ctx := t.Context()
	res, err := w.plain.WebSearch(ctx, client.SearchRequest{Queries: []string{"sourdough starter"}, MaxResults: 1, Depth: depth(1), MaxWords: 5})
	if err != nil {
		t.Fatal(err)
	}
	h := res.Results
	if res.Status != client.SearchOK || res.Count != 1 || len(h) != 1 || h[0].Rank != 1 || h[0].Domain != "kitchen.example.net" ||
		h[0].URL == "" || h[0].Title == "" || h[0].Snippet == "" || h[0].Content != "Sourdough bread rises with a" {
		t.Fatalf("%+v", res)
	}
	res, _ = w.plain.WebSearch(ctx, client.SearchRequest{Queries: []string{"lighthouse", "zzzz qqqq"}, Depth: depth(0)})
	if res.Status != client.SearchPartial || len(res.Warnings) != 1 || res.Warnings[0].Code != "query_no_results" || res.Results[0].Content != "" {
		t.Fatalf("%+v", res)
	}
	res, _ = w.plain.WebSearch(ctx, client.SearchRequest{Queries: []string{"tides degraded"}})
	if res.Status != client.SearchPartial || !res.ProviderDegraded {
		t.Fatalf("%+v", res)
	}
	res, _ = w.plain.WebSearch(ctx, client.SearchRequest{Queries: []string{"zzzz"}})
	if res.Status != client.SearchNoResults || len(res.Results) != 0 {
		t.Fatalf("%+v", res)
	}
}

func TestWebSearchRelevanceFilter(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	q := client.SearchRequest{Queries: []string{"lighthouse lamp night clockwork weather"}, RelevanceFilter: true, MaxResults: 10}
	res, err := w.plain.WebSearch(t.Context(), q)
	if err != nil || len(res.Results) < 2 || res.Results[0].URL != "https://history.example.org/lighthouses" {
		t.Fatal(res, err)
	}
}

func TestWebSearchBlockedAndChecks(t *testing.T) {
	w := newToolWorld(t, emulator.ToolsConfig{})
	w.emu.Tools.BlockInternet("ana", true)
	_, err := w.plain.WebSearch(t.Context(), client.SearchRequest{Queries: []string{"tides"}})
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.StatusCode != 403 || ae.Code != client.CodeInternetBlocked {
		t.Fatal(err)
	}
	sent := w.emu.Requests(toolsapi.RouteSearch)
	for _, r := range []client.SearchRequest{
		{}, {Queries: []string{" "}}, {Queries: []string{"a", "b", "c", "d", "e", "f"}},
		{Queries: []string{"a"}, MaxResults: 11}, {Queries: []string{"a"}, MaxWords: 2001}, {Queries: []string{"a"}, Depth: depth(-1)},
	} {
		var ve *client.ValidationError
		if _, err := w.plain.WebSearch(t.Context(), r); !errors.As(err, &ve) {
			t.Fatalf("%+v: %v", r, err)
		}
	}
	if w.emu.Requests(toolsapi.RouteSearch) != sent {
		t.Fatal("a refused request was sent")
	}
}
