package toolsapi

import (
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"lectern/client/emulator/internal/serve"
)

// searchRequest is the body of POST /websearch.
type searchRequest struct {
	Query           string   `json:"query"`
	Queries         []string `json:"queries"`
	MaxResults      *int     `json:"max_results"`
	Depth           *int     `json:"depth"`
	MaxWords        *int     `json:"max_words"`
	RelevanceFilter bool     `json:"relevance_filter"`
}

// searchHit is one result of POST /websearch.
type searchHit struct {
	Rank    int    `json:"rank"`
	Title   string `json:"title"`
	URL     string `json:"url"`
	Domain  string `json:"domain"`
	Snippet string `json:"snippet"`
	Content string `json:"content,omitempty"`
}

// searchWarning is one warning of POST /websearch.
type searchWarning struct {
	Code    string `json:"code"`
	Count   int    `json:"count"`
	Message string `json:"message"`
}

// BlockInternet turns web search off (on with false) for a person: a key's owner, or "key:"
// and the key for a key without owner. Their /websearch then answers 403 internet_access_blocked.
func (s *Service) BlockInternet(person string, blocked bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.blocked[person] = blocked
}

// handleSearch answers POST /websearch from the offline corpus.
func (s *Service) handleSearch(w http.ResponseWriter, r *http.Request, reqID, person string) {
	start := time.Now()
	s.mu.Lock()
	blocked := s.blocked[person]
	s.mu.Unlock()
	if blocked {
		writeErr(w, reqID, &serve.Error{Status: http.StatusForbidden, Code: "internet_access_blocked",
			Message: "internet access is off for this key's owner; ask an administrator to turn it on"})
		return
	}
	var q searchRequest
	if err := decodeBody(r, &q); err != nil {
		writeErr(w, reqID, err)
		return
	}
	queries, maxResults, depth, maxWords, err := q.check()
	if err != nil {
		writeErr(w, reqID, err)
		return
	}
	hits, missing := search(queries, q.RelevanceFilter)
	results := render(hits, maxResults, depth, maxWords)
	degraded := slices.ContainsFunc(queries, func(q string) bool { return strings.Contains(strings.ToLower(q), "degraded") })
	serve.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "depth": depth, "queries": queries,
		"provider_degraded": degraded, "results": results, "count": len(results),
		"warnings": searchWarnings(missing, len(hits), degraded),
		"status":   searchStatus(len(results), missing > 0 || degraded), "ms": time.Since(start).Milliseconds()})
}

// searchWarnings says which queries found nothing (when others found something) and that the
// provider was degraded.
func searchWarnings(missing, found int, degraded bool) []searchWarning {
	out := []searchWarning{}
	if missing > 0 && found > 0 {
		out = append(out, searchWarning{Code: "query_no_results", Count: missing, Message: "some queries found nothing"})
	}
	if degraded {
		out = append(out, searchWarning{Code: "provider_degraded", Count: 1, Message: "the search provider answered in part"})
	}
	return out
}

// searchStatus is no_results, partial or ok.
func searchStatus(n int, partial bool) string {
	switch {
	case n == 0:
		return "no_results"
	case partial:
		return "partial"
	}
	return "ok"
}

// check validates the request and fills the defaults (model-api.md §4, §8).
func (q searchRequest) check() (queries []string, maxResults, depth, maxWords int, _ *serve.Error) {
	if strings.TrimSpace(q.Query) != "" {
		queries = append(queries, q.Query)
	}
	queries = append(queries, nonEmpty(q.Queries)...)
	maxResults, depth, maxWords = orDefault(q.MaxResults, 5), orDefault(q.Depth, 2), orDefault(q.MaxWords, 500)
	switch {
	case len(queries) == 0:
		return nil, 0, 0, 0, invalid("query", "send query or queries")
	case len(queries) > 5:
		return nil, 0, 0, 0, invalid("queries", "at most 5 queries")
	case maxResults < 1 || maxResults > 10:
		return nil, 0, 0, 0, invalid("max_results", "max_results must be 1 to 10")
	case depth < 0 || depth > 10:
		return nil, 0, 0, 0, invalid("depth", "depth must be 0 to 10")
	case maxWords < 1 || maxWords > 2000:
		return nil, 0, 0, 0, invalid("max_words", "max_words must be 1 to 2000")
	}
	return queries, maxResults, depth, maxWords, nil
}

// orDefault is *p, or def when p is nil.
func orDefault(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// scored is a corpus page and how many query words it has.
type scored struct {
	page  page
	score int
}

// search scores the corpus against each query and merges the pages found; missing counts the
// queries that found nothing. With relevance filter, pages matching fewer than half of a
// query's words go to the end.
func search(queries []string, relevance bool) (hits []scored, missing int) {
	best := map[string]int{}
	for _, q := range queries {
		words := terms(q)
		found := false
		for _, p := range corpus {
			n := matches(words, p)
			if n == 0 {
				continue
			}
			found = true
			if relevance && 2*n < len(words) {
				n -= len(words) // kept, but after every page that matches
			}
			if old, ok := best[p.URL]; !ok || n > old {
				best[p.URL] = n
			}
		}
		if !found {
			missing++
		}
	}
	for _, p := range corpus {
		if n, ok := best[p.URL]; ok {
			hits = append(hits, scored{p, n})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	return hits, missing
}

// matches counts the words of a query found in a page's title or text.
func matches(words []string, p page) int {
	have := map[string]bool{}
	for _, w := range terms(p.Title + " " + p.Text) {
		have[w] = true
	}
	n := 0
	for _, w := range words {
		if have[w] {
			n++
		}
	}
	return n
}

// terms splits text into lower-case words of three letters or more.
func terms(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(w) >= 3 {
			out = append(out, w)
		}
	}
	return out
}

// render turns the hits into results: the first depth get their page text, cut to maxWords.
func render(hits []scored, maxResults, depth, maxWords int) []searchHit {
	out := []searchHit{}
	for i, h := range hits {
		if i == maxResults {
			break
		}
		r := searchHit{Rank: i + 1, Title: h.page.Title, URL: h.page.URL, Domain: h.page.Domain,
			Snippet: firstWords(h.page.Text, 20)}
		if i < depth {
			r.Content = firstWords(h.page.Text, maxWords)
		}
		out = append(out, r)
	}
	return out
}

// firstWords returns the first n words of text.
func firstWords(text string, n int) string {
	words := strings.Fields(text)
	if len(words) > n {
		words = words[:n]
	}
	return strings.Join(words, " ")
}
