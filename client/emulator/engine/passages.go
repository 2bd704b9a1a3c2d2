package engine

import (
	"path"
	"strings"
)

// passage is a searchable piece of one document.
type passage struct {
	doc    int
	text   string
	tf     map[string]int
	length int
}

// Passage sizes, in words.
const (
	chunkWords = 45
	maxWords   = 90
)

// isTableDoc reports whether a document is a spreadsheet (CSV or XLSX).
func isTableDoc(d Doc) bool {
	ext := strings.ToLower(path.Ext(d.Name))
	return ext == ".csv" || ext == ".xlsx"
}

// splitPassages cuts a document into passages: spreadsheet rows (with their
// headers), or runs of lines of about chunkWords words that start at headings.
func splitPassages(d Doc, idx int) []passage {
	var texts []string
	if isTableDoc(d) {
		texts = tableRowTexts(d.Text)
	} else {
		texts = textChunks(d.Text)
	}
	out := make([]passage, 0, len(texts))
	for _, t := range texts {
		toks := tokens(t)
		if len(toks) == 0 {
			continue
		}
		tf := make(map[string]int, len(toks))
		for _, w := range toks {
			tf[w]++
		}
		out = append(out, passage{doc: idx, text: t, tf: tf, length: len(toks)})
	}
	return out
}

// tableRowTexts renders each data row as "header: value; header: value".
func tableRowTexts(text string) []string {
	var out []string
	for _, tab := range parseTables(text) {
		for _, row := range tab.rows {
			var parts []string
			for j, v := range row {
				if v = strings.TrimSpace(v); v == "" {
					continue
				}
				if j < len(tab.header) && strings.TrimSpace(tab.header[j]) != "" {
					v = strings.TrimSpace(tab.header[j]) + ": " + v
				}
				parts = append(parts, v)
			}
			if len(parts) > 0 {
				out = append(out, strings.Join(parts, "; "))
			}
		}
	}
	return out
}

// textChunks groups lines into chunks: a chunk ends at a blank line, before
// a heading, or once it holds chunkWords words; long lines are split first.
func textChunks(text string) []string {
	var out, cur []string
	n := 0
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, "\n"))
		}
		cur, n = nil, 0
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			flush()
			continue
		}
		if isHeading(line) && n > 0 && !allHeadings(cur) {
			flush()
		}
		for _, piece := range splitLong(line) {
			cur = append(cur, piece)
			n += len(strings.Fields(piece))
			if n >= chunkWords {
				flush()
			}
		}
	}
	flush()
	return out
}

// isHeading guesses whether a line is a heading: short, without final stop.
func isHeading(line string) bool {
	w := len(strings.Fields(line))
	return w > 0 && w <= 8 && !strings.ContainsAny(line[len(line)-1:], ".!?;,")
}

func allHeadings(lines []string) bool {
	for _, l := range lines {
		if !isHeading(l) {
			return false
		}
	}
	return true
}

// splitLong cuts a line of more than maxWords words at sentence ends into
// pieces of about chunkWords words.
func splitLong(line string) []string {
	fields := strings.Fields(line)
	if len(fields) <= maxWords {
		return []string{line}
	}
	var out []string
	start := 0
	for i, f := range fields {
		end := strings.HasSuffix(f, ".") || strings.HasSuffix(f, "?") || strings.HasSuffix(f, "!")
		if (end && i+1-start >= chunkWords/2) || i+1-start >= maxWords {
			out = append(out, strings.Join(fields[start:i+1], " "))
			start = i + 1
		}
	}
	if start < len(fields) {
		out = append(out, strings.Join(fields[start:], " "))
	}
	return out
}
