// Package stress holds the answers of issue 24 that a desktop must keep up with, for the
// renderer's benchmarks (ui/markdown) and the real-window checks (ui/internal/realwin): the 64 KB
// answer and the answer holding one 1 MB line, and how they are cut into deltas.
package stress

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Prefixes cuts md into n pieces at rune boundaries and returns the prefix after each piece.
func Prefixes(md string, n int) []string {
	ps := make([]string, 0, n)
	for k := 1; k < n; k++ {
		i := k * len(md) / n
		for i < len(md) && !utf8.RuneStart(md[i]) {
			i++
		}
		ps = append(ps, md[:i])
	}
	return append(ps, md)
}

// IssueAnswer is the 64 KB answer of issue 24, always the same: headings and paragraphs around
// a 200-row table, a 3,000-line code block and a list nested 50 deep.
func IssueAnswer() string {
	var b strings.Builder
	b.WriteString("# Quarterly billing review\n\n")
	section(&b, 1)
	b.WriteString("## Invoices\n\n| # | Customer | Plan | Amount |\n|--:|:---------|:----:|-------:|\n")
	for i := 1; i <= 200; i++ {
		b.WriteString("| " + strconv.Itoa(i) + " | Customer **" + strconv.Itoa(1000+i) + "** | " +
			[]string{"Basic", "Team", "Business"}[i%3] + " | $" + strconv.Itoa(i*37%1000) + ".00 |\n")
	}
	b.WriteString("\n## The script\n\n```go\n")
	code := []string{"func step%d() {", "\tn := %d", "\tn++", "\treturn", "}", ""}
	for i := 0; i < 3000; i++ {
		b.WriteString(strings.Replace(code[i%len(code)], "%d", strconv.Itoa(i), 1) + "\n")
	}
	b.WriteString("```\n\n## Steps\n\n")
	for d := 0; d < 50; d++ {
		b.WriteString(strings.Repeat("  ", d) + "- level " + strconv.Itoa(d+1) + ", see *step " + strconv.Itoa(d) + "*\n")
	}
	for i := 2; b.Len() < 64<<10; i++ {
		b.WriteString("\n")
		section(&b, i)
	}
	return b.String()
}

// section writes a heading and a paragraph with inline styles, numbered i.
func section(b *strings.Builder, i int) {
	b.WriteString("## Part " + strconv.Itoa(i) + "\n\nThe workspace holds **" + strconv.Itoa(10+i) + " invoices** from *2024*; " +
		"`invoice-" + strconv.Itoa(i) + ".pdf` is the newest, and [the guide](https://docs.example.com/" + strconv.Itoa(i) +
		") says how totals are computed. Amounts exclude tax, and ~~old~~ current plans apply.\n")
}

// LongLineAnswer is a paragraph of one 1 MB line without spaces between two short ones.
func LongLineAnswer() string {
	return "Here is the blob:\n\n" + strings.Repeat("QmFzZTY0IGRhdGEgd2l0aG91dCBzcGFjZXM", 1<<20/35) + "\n\nThat is all.\n"
}

// StatesAnswer is the answer of issue 36's real-window checks, always the same: a paragraph of
// ordinary sentences of more than 10,000 characters (shown whole), a code block of 60 short lines
// (the wheel over it scrolls the conversation), one with a line wider than any window (it scrolls
// sideways itself), and a line of Arabic names.
func StatesAnswer() string {
	var b strings.Builder
	b.WriteString("## A long answer\n\n")
	for i := 0; b.Len() < 10_600; i++ {
		b.WriteString("Sentence " + strconv.Itoa(i+1) + " of the answer says something plain about the invoices, as answers do.\n")
	}
	b.WriteString("The paragraph ends here.\n\n```go\n")
	for i := 0; i < 60; i++ {
		b.WriteString("total += item" + strconv.Itoa(i) + ".price * item.seats // cents\n")
	}
	b.WriteString("```\n\nA line too wide for any window:\n\n```\n" + strings.Repeat("wide ", 120) + "\n")
	for i := 0; i < 20; i++ {
		b.WriteString("short line " + strconv.Itoa(i) + "\n")
	}
	b.WriteString("```\n\nArabic names: تقرير 2024 and (المبيعات 12).\n")
	return b.String()
}
