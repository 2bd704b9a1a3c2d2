package engine

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Doc is a ready workspace document given to Answer.
type Doc struct {
	// ID is the server's document id; Answer does not use it.
	ID string
	// Name is the file or page name, quoted in answers; its extension
	// (.csv, .xlsx) marks spreadsheets.
	Name string
	// SourceType is "file" for files; Answer does not use it.
	SourceType string
	// URL is set on pages imported from a website; Answer does not use it.
	URL *string
	// Text is the document's text, as Extract returns it.
	Text string
}

// Result is what Answer makes of a question.
type Result struct {
	// Answer is the Markdown answer text; when Found is false it says so and
	// names the documents checked.
	Answer string
	// Found is false when the documents do not cover the question.
	Found bool
	// Mode is how the answer was made: whole, search, compute or mapreduce
	// (a summary of each document chosen).
	Mode string
	// Used holds the indexes (into docs, ascending) of the documents the
	// answer comes from: empty when Found is false, nil in whole mode.
	Used []int
	// Checked is the number of documents considered.
	Checked int
	// UsedKnown is false in whole mode, where every document was given and
	// which ones were used cannot be told.
	UsedKnown bool
}

// WholeModeMaxChars is the largest total text of a workspace (more than one
// document) that is answered in whole mode, as if given entirely to a model.
const WholeModeMaxChars = 4000

// Search tuning: a passage must hold minCover of the question's term
// weight to count, and quoted passages score at least keepRatio of the best
// and hold no less than coverSlack under its cover.
const (
	minCover   = 0.6
	keepRatio  = 0.6
	coverSlack = 0.2
	maxQuotes  = 3
	quoteChars = 600
)

// Answer answers question from docs. One document means a one-document ask.
// Totals and averages of spreadsheet columns are computed (Mode compute),
// summaries are made document by document (Mode mapreduce), and other
// questions are answered by quoting the passages that match best.
// history holds the earlier turns of the conversation, oldest first: a
// follow-up search leans on the last question and answer (see followUp).
// The result depends only on the input.
func Answer(question string, docs []Doc, history ...Turn) Result {
	if r, ok := compute(question, docs); ok {
		return r
	}
	if r, ok := summarize(question, docs); ok {
		return r
	}
	return search(question, history, docs)
}

// search answers from the best BM25 passages.
func search(question string, history []Turn, docs []Doc) Result {
	res := Result{Mode: "search", Checked: len(docs), UsedKnown: true}
	if len(docs) > 1 && totalChars(docs) <= WholeModeMaxChars {
		res.Mode, res.UsedKnown = "whole", false
	}
	terms, context := followUp(question, history)
	var picked []hit
	if len(terms) > 0 {
		ix := newIndex(docs)
		picked = pickHits(ix.favour(ix.rank(withSynonyms(terms)), context))
	}
	if len(picked) == 0 {
		res.Answer = notFound(docs)
		return res
	}
	res.Found = true
	res.Answer, res.Used = quote(picked, docs)
	if !res.UsedKnown {
		res.Used = nil
	}
	return res
}

func totalChars(docs []Doc) int {
	n := 0
	for _, d := range docs {
		n += len(d.Text)
	}
	return n
}

// uniqueTokens returns the distinct tokens of s in first-seen order.
func uniqueTokens(s string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range tokens(s) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// pickHits keeps up to maxQuotes of the ranked hits: those close to the
// best in score and cover, with distinct texts.
func pickHits(hits []hit) []hit {
	var out []hit
	seen := map[string]bool{}
	for _, h := range hits {
		if len(out) == maxQuotes || h.score < keepRatio*hits[0].score {
			break
		}
		if h.cover < hits[0].cover-coverSlack || seen[h.p.text] {
			continue
		}
		seen[h.p.text] = true
		out = append(out, h)
	}
	return out
}

// quote writes the Markdown answer: the passages grouped by document, the
// best document first, and returns the indexes of the documents quoted.
func quote(picked []hit, docs []Doc) (string, []int) {
	var order []int
	byDoc := map[int][]string{}
	for _, h := range picked {
		if _, ok := byDoc[h.p.doc]; !ok {
			order = append(order, h.p.doc)
		}
		byDoc[h.p.doc] = append(byDoc[h.p.doc], trimQuote(h.p.text))
	}
	var b strings.Builder
	for k, i := range order {
		if k == 0 {
			fmt.Fprintf(&b, "According to **%s**:\n\n", mdName(docs[i].Name))
		} else {
			fmt.Fprintf(&b, "\n\n**%s** also says:\n\n", mdName(docs[i].Name))
		}
		for j, q := range byDoc[i] {
			if j > 0 {
				b.WriteString("\n\n")
			}
			b.WriteString(blockquote(q))
		}
	}
	used := append([]int(nil), order...)
	sort.Ints(used)
	return b.String(), used
}

// trimQuote shortens a passage to about quoteChars at a word boundary.
func trimQuote(s string) string {
	if len(s) <= quoteChars {
		return s
	}
	cut := strings.LastIndexByte(s[:quoteChars], ' ')
	if cut < quoteChars/2 {
		cut = quoteChars
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return strings.TrimRight(s[:cut], " ,;:") + " …"
}

// blockquote renders text as a Markdown block quote; a heading line before
// other lines is shown in bold as its own paragraph.
func blockquote(s string) string {
	lines := strings.Split(s, "\n")
	var out []string
	for i, l := range lines {
		if i+1 < len(lines) && isHeading(l) && !strings.Contains(l, ": ") {
			out = append(out, "> **"+strings.ReplaceAll(l, "*", `\*`)+"**", ">")
			continue
		}
		out = append(out, "> "+l)
	}
	return strings.Join(out, "\n")
}

// mdName escapes Markdown emphasis characters in a document name.
func mdName(name string) string {
	return strings.NewReplacer("*", `\*`, "_", `\_`, "`", "\\`").Replace(name)
}

// notFound says that the documents do not cover the question and names them.
func notFound(docs []Doc) string {
	if len(docs) == 0 {
		return "There are no ready documents to answer from, so the question is not covered."
	}
	const maxNamed = 25
	names := make([]string, 0, min(len(docs), maxNamed))
	for i, d := range docs {
		if i == maxNamed {
			break
		}
		names = append(names, "**"+mdName(d.Name)+"**")
	}
	list := strings.Join(names, ", ")
	if extra := len(docs) - len(names); extra > 0 {
		list += fmt.Sprintf(" and %d more", extra)
	}
	if len(docs) == 1 {
		return "The document does not cover this question. Document checked: " + list + "."
	}
	return fmt.Sprintf("The documents do not cover this question. Documents checked (%d): %s.", len(docs), list)
}
