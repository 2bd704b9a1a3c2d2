package client

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// Limits of POST /websearch (model-api.md §4, §8).
const (
	MaxSearchQueries = 5
	MaxSearchResults = 10
	MaxSearchWords   = 2000
)

// Search statuses of POST /websearch.
const (
	SearchOK        = "ok"
	SearchPartial   = "partial"
	SearchNoResults = "no_results"
)

// CodeInternetBlocked is the 403 of POST /websearch when web search is off for the key's owner.
const CodeInternetBlocked = "internet_access_blocked"

// SearchRequest is a web search: one query, or up to five merged. No answer is written.
type SearchRequest struct {
	Queries    []string // one or up to MaxSearchQueries; one is sent as query
	MaxResults int      // 1 to 10; 0: the server's default (5)
	// Depth is how many top results get their page text; nil: the server's default (2); 0: links only.
	Depth           *int
	MaxWords        int  // page text per result, 1 to 2,000; 0: the server's default (500)
	RelevanceFilter bool // moves results that do not match to the end
}

// SearchResult is the answer of POST /websearch.
type SearchResult struct {
	OK               bool                       `json:"ok"`
	Count            int                        `json:"count"`
	Depth            int                        `json:"depth"`
	MS               float64                    `json:"ms"`
	ProviderDegraded bool                       `json:"provider_degraded"`
	Queries          json.RawMessage            `json:"queries"` // shape not shown
	Results          []SearchHit                `json:"results"`
	Status           string                     `json:"status"` // ok, partial or no_results; others kept as sent
	Warnings         []Warning                  `json:"warnings"`
	Extra            map[string]json.RawMessage `json:"-"`
	Raw              json.RawMessage            `json:"-"`
}

// SearchHit is one result; Content is set for the pages that were read (see Depth).
type SearchHit struct {
	Rank    int                        `json:"rank"`
	Title   string                     `json:"title"`
	URL     string                     `json:"url"`
	Domain  string                     `json:"domain"`
	Snippet string                     `json:"snippet"`
	Content string                     `json:"content"`
	Extra   map[string]json.RawMessage `json:"-"`
}

// UnmarshalJSON reads the result leniently and keeps the fields the spec does not show.
func (r *SearchResult) UnmarshalJSON(b []byte) error {
	type plain SearchResult
	return decodeLenient(b, (*plain)(r))
}

// UnmarshalJSON reads a hit leniently and keeps the fields the spec does not show.
func (h *SearchHit) UnmarshalJSON(b []byte) error {
	type plain SearchHit
	return decodeLenient(b, (*plain)(h))
}

// Validate checks the request against the limits before anything is sent.
func (r SearchRequest) Validate() error {
	n := 0
	for _, q := range r.Queries {
		if strings.TrimSpace(q) != "" {
			n++
		}
	}
	switch {
	case n == 0:
		return missing("query")
	case n > MaxSearchQueries:
		return tooMany("queries", "query", n, MaxSearchQueries)
	case r.MaxResults < 0 || r.MaxResults > MaxSearchResults:
		return outOfRange("max_results", strconv.Itoa(r.MaxResults), "1", strconv.Itoa(MaxSearchResults))
	case r.Depth != nil && (*r.Depth < 0 || *r.Depth > MaxSearchResults):
		return outOfRange("depth", strconv.Itoa(*r.Depth), "0", strconv.Itoa(MaxSearchResults))
	case r.MaxWords < 0 || r.MaxWords > MaxSearchWords:
		return outOfRange("max_words", strconv.Itoa(r.MaxWords), "1", strconv.Itoa(MaxSearchWords))
	}
	return nil
}

// searchBody is the JSON of a search request: query for one, queries for more.
type searchBody struct {
	Query           string   `json:"query,omitempty"`
	Queries         []string `json:"queries,omitempty"`
	MaxResults      int      `json:"max_results,omitempty"`
	Depth           *int     `json:"depth,omitempty"`
	MaxWords        int      `json:"max_words,omitempty"`
	RelevanceFilter bool     `json:"relevance_filter,omitempty"`
}

// body renders the request; empty queries are left out.
func (r SearchRequest) body() searchBody {
	var qs []string
	for _, q := range r.Queries {
		if q = strings.TrimSpace(q); q != "" {
			qs = append(qs, q)
		}
	}
	b := searchBody{MaxResults: r.MaxResults, Depth: r.Depth, MaxWords: r.MaxWords, RelevanceFilter: r.RelevanceFilter}
	if len(qs) == 1 {
		b.Query = qs[0]
	} else {
		b.Queries = qs
	}
	return b
}

// WebSearch searches the web and returns the results; it writes no answer. POST /websearch (200 s).
// When web search is off for the key's owner the error is 403 internet_access_blocked
// (CodeInternetBlocked).
func (c *Client) WebSearch(ctx context.Context, r SearchRequest) (*SearchResult, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	body, err := json.Marshal(r.body())
	if err != nil {
		return nil, err
	}
	req := &request{method: http.MethodPost, path: "/websearch", body: body, timeout: c.timeouts.Ask, retry: retryByStatus}
	var out SearchResult
	if err := c.call(ctx, req, decodeTool(&out, MaxToolBody)); err != nil {
		return nil, err
	}
	return &out, nil
}
