package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Summaries: "summarize the handbook", "give me an overview" and, in a
// one-document ask, "what is this document about". Each document chosen is
// summarised on its own (Mode mapreduce, the documents used known).
const (
	maxSummaryDocs     = 12
	maxSummarySections = 8
	leadChars          = 220
)

// summaryWords mark a request for a summary.
var summaryWords = []string{"summary", "summarize", "summarise", "summarization", "overview", "outline", "gist", "tldr", "recap"}

// isSummaryAsk reports whether the question asks for a summary or overview.
func isSummaryAsk(question string) bool {
	ws := words(question)
	if containsAny(ws, summaryWords...) {
		return true
	}
	return slices.Contains(ws, "about") && containsAny(ws, "document", "file", "this", "workspace")
}

// summarize answers a summary request, or reports false when it is none.
func summarize(question string, docs []Doc) (Result, bool) {
	if !isSummaryAsk(question) || len(docs) == 0 {
		return Result{}, false
	}
	chosen := summaryTargets(question, docs)
	var b strings.Builder
	if len(chosen) > 1 {
		fmt.Fprintf(&b, "Here is an overview of %s:\n\n", plural(len(chosen), "document"))
	}
	for k, i := range chosen {
		if k == maxSummaryDocs {
			fmt.Fprintf(&b, "- … and %d more.\n", len(chosen)-k)
			break
		}
		b.WriteString(docSummary(docs[i], len(chosen) == 1))
	}
	used := chosen[:min(len(chosen), maxSummaryDocs)]
	return Result{Answer: strings.TrimSpace(b.String()), Found: true, Mode: "mapreduce",
		Used: used, Checked: len(docs), UsedKnown: true}, true
}

// summaryTargets picks the documents whose names or titles the question
// uses ("the handbook"); without any, all of them.
func summaryTargets(question string, docs []Doc) []int {
	var terms []string
	for _, t := range uniqueTokens(question) {
		if !slices.Contains(summaryWords, t) && !slices.Contains([]string{"document", "file", "workspace"}, t) {
			terms = append(terms, t)
		}
	}
	var chosen, all []int
	for i, d := range docs {
		all = append(all, i)
		title := titleTerms(d)
		if slices.ContainsFunc(terms, func(t string) bool { return title[t] }) {
			chosen = append(chosen, i)
		}
	}
	if len(chosen) == 0 || len(chosen) == len(docs) {
		return all
	}
	return chosen
}

// docSummary writes one document's summary: a bullet, or for a single
// document a short paragraph and a list of its sections.
func docSummary(d Doc, alone bool) string {
	var lead string
	var sections []string
	if isTableDoc(d) {
		lead = tableSummary(d.Text)
	} else {
		lead, sections = textSummary(d.Text)
	}
	name := "**" + mdName(d.Name) + "**"
	if alone {
		out := name + ": " + lead
		if len(sections) > 0 {
			out += "\n\nIt covers:\n\n- " + strings.Join(sections, "\n- ")
		}
		return out + "\n"
	}
	if len(sections) > 0 {
		lead += " Covers: " + strings.Join(sections, "; ")
		if !strings.HasSuffix(lead, "?") {
			lead += "."
		}
	}
	return "- " + name + ": " + lead + "\n"
}

// textSummary returns the opening of a text's first body paragraph and the
// titles of its sections (short lines followed by body text).
func textSummary(text string) (lead string, sections []string) {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	for i, l := range lines {
		next := i+1 < len(lines) && !isSectionLine(lines[i+1])
		switch {
		case isSectionLine(l) && next && i > 0:
			sections = append(sections, strings.TrimRight(l, ":"))
		case !isSectionLine(l) && lead == "":
			lead = trimLead(l)
		}
	}
	if lead == "" && len(lines) > 0 {
		lead = trimLead(lines[0])
	}
	if len(sections) > maxSummarySections {
		sections = append(sections[:maxSummarySections], fmt.Sprintf("and %d more", len(sections)-maxSummarySections))
	}
	return lead, sections
}

// isSectionLine: a heading, or a short question as in a FAQ.
func isSectionLine(l string) bool {
	return isHeading(l) || strings.HasSuffix(l, "?") && len(strings.Fields(l)) <= 12
}

// trimLead keeps whole sentences of s up to about leadChars.
func trimLead(s string) string {
	if len(s) <= leadChars {
		return s
	}
	cut := strings.LastIndex(s[:leadChars], ". ")
	if cut < 0 {
		return trimQuote(s[:min(len(s), quoteChars)])
	}
	return s[:cut+1]
}

// tableSummary describes a spreadsheet: rows, columns and column totals.
func tableSummary(text string) string {
	tabs := parseTables(text)
	if len(tabs) == 0 {
		return "a spreadsheet without data rows."
	}
	t := tabs[0]
	out := fmt.Sprintf("a table of %s with the columns %s.", plural(len(t.rows), "row"), strings.Join(t.header, ", "))
	var totals []string
	for j, h := range t.header {
		if numericColumn(t, j) && !strings.Contains(strings.ToLower(h), "price") {
			sum, _ := columnSum(t, j, nil)
			totals = append(totals, strings.TrimSpace(h)+" "+formatNumber(sum))
		}
	}
	if len(totals) > 0 {
		out += " Totals: " + strings.Join(totals, ", ") + "."
	}
	if len(tabs) > 1 {
		out += fmt.Sprintf(" It has %d tables (sheets).", len(tabs))
	}
	return out
}
