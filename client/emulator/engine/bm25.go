package engine

import (
	"math"
	"path"
	"sort"
	"strings"
)

// BM25 parameters.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// index is a BM25 index over the passages of a set of documents. Document
// frequencies are counted only for the terms of the question.
type index struct {
	passages []passage
	df       map[string]int
	avgLen   float64
	titles   []map[string]bool // per document: words of its name and title line
	starts   []int             // per document: its first passage; one more entry ends the last
}

// titleBoost is the share of a term's weight that a passage gets when the
// term is only in its document's name or title ("the meeting notes").
const titleBoost = 0.3

// newIndex splits every document into passages.
func newIndex(docs []Doc) *index {
	ix := &index{df: map[string]int{}, titles: make([]map[string]bool, len(docs)), starts: make([]int, len(docs)+1)}
	total := 0
	for i, d := range docs {
		ps, title := docPassages(d, i)
		ix.titles[i] = title
		ix.starts[i] = len(ix.passages)
		ix.passages = append(ix.passages, ps...)
		for _, p := range ps {
			total += p.length
		}
	}
	ix.starts[len(docs)] = len(ix.passages)
	if len(ix.passages) > 0 {
		ix.avgLen = float64(total) / float64(len(ix.passages))
	}
	return ix
}

// idf is the BM25 inverse document frequency (over passages) of a term
// group: a term and its synonyms, counted as one.
func (ix *index) idf(group []string) float64 {
	key := strings.Join(group, " ")
	df, ok := ix.df[key]
	if !ok {
		for i := range ix.passages {
			if termFreq(&ix.passages[i], group) > 0 {
				df++
			}
		}
		ix.df[key] = df
	}
	n := float64(len(ix.passages))
	return math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
}

// termFreq counts the occurrences in p of any term of group.
func termFreq(p *passage, group []string) int {
	n := 0
	for _, t := range group {
		n += p.tf[t]
	}
	return n
}

// inTitle reports whether any term of group is in document doc's title.
func (ix *index) inTitle(doc int, group []string) bool {
	for _, t := range group {
		if ix.titles[doc][t] {
			return true
		}
	}
	return false
}

// hit is a scored passage: cover is the share of the question's term weight
// (idf) that the passage holds, score its BM25 score times cover.
type hit struct {
	p     *passage
	score float64
	cover float64
}

// shortQuestion is the most terms a question can have and still need every one of them in a
// passage (or its document's title): with two terms, the rarer one alone can reach minCover, and
// "Who approves leave?" was answered with a passage on approved client dinners.
const shortQuestion = 2

// rank scores the passages that hold at least minCover of the query, and every term of a short
// question, best first; ties keep document and passage order, so results are deterministic.
func (ix *index) rank(query [][]string) []hit {
	weight := 0.0
	idfs := make([]float64, len(query))
	for i, q := range query {
		idfs[i] = ix.idf(q)
		weight += idfs[i]
	}
	var hits []hit
	for i := range ix.passages {
		p := &ix.passages[i]
		score, covered, held := ix.score(p, query, idfs)
		if len(query) <= shortQuestion && held < len(query) {
			continue
		}
		if cover := covered / weight; score > 0 && cover >= minCover {
			hits = append(hits, hit{p: p, score: score * cover, cover: cover})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	return hits
}

// score returns the BM25 score of passage p for query (term weights idfs), the weight of the
// terms it holds, in its text or its document's title, and how many of them it holds.
func (ix *index) score(p *passage, query [][]string, idfs []float64) (score, covered float64, held int) {
	norm := bm25K1 * (1 - bm25B + bm25B*float64(p.length)/ix.avgLen)
	for k, q := range query {
		tf := float64(termFreq(p, q))
		if tf == 0 {
			if ix.inTitle(p.doc, q) {
				score += titleBoost * idfs[k]
				covered += idfs[k]
				held++
			}
			continue
		}
		score += idfs[k] * tf * (bm25K1 + 1) / (tf + norm)
		covered += idfs[k]
		held++
	}
	return score, covered, held
}

// titleTerms returns the terms of a document's name and, for text documents,
// of its first line when that line looks like a title.
func titleTerms(d Doc) map[string]bool {
	name := strings.TrimSuffix(d.Name, path.Ext(d.Name))
	terms := map[string]bool{}
	for _, t := range tokens(name) {
		terms[t] = true
	}
	if isTableDoc(d) {
		return terms
	}
	first, _, _ := strings.Cut(strings.TrimSpace(d.Text), "\n")
	if len(first) < 200 && len(strings.Fields(first)) <= 12 {
		for _, t := range tokens(first) {
			terms[t] = true
		}
	}
	return terms
}
