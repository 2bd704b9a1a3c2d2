package engine

import (
	"fmt"
	"slices"
	"strings"
)

// maxGroups bounds the rows of a grouped answer's table.
const maxGroups = 50

// groupColumn finds the text column a question groups by ("revenue by
// region", "per quarter", "for each department"), or -1.
func groupColumn(t table, question string, target int) int {
	ws := words(question)
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] != "by" && ws[i] != "per" && ws[i] != "each" {
			continue
		}
		want := stem(ws[i+1])
		for j, h := range t.header {
			if j != target && !numericColumn(t, j) && slices.Contains(tokens(h), want) {
				return j
			}
		}
	}
	return -1
}

// groupAnswer writes a Markdown table of the sum or average of column col
// for each value of column g (in order of first appearance), then overall.
func groupAnswer(agg aggregate, t table, col, g int, filters []filter, name string) (string, bool) {
	var keys []string
	sums := map[string]float64{}
	counts := map[string]int{}
	for _, row := range t.rows {
		if !keep(row, filters) || col >= len(row) || g >= len(row) {
			continue
		}
		v, ok := parseNumber(row[col])
		if !ok {
			continue
		}
		k := strings.TrimSpace(row[g])
		if _, seen := counts[k]; !seen {
			keys = append(keys, k)
		}
		sums[k] += v
		counts[k]++
	}
	if len(keys) == 0 {
		return "", false
	}
	return groupTable(agg, t, col, g, keys, sums, counts, name, filters), true
}

// groupTable renders the grouped figures with an overall last row.
func groupTable(agg aggregate, t table, col, g int, keys []string, sums map[string]float64, counts map[string]int,
	name string, filters []filter) string {
	what, head := "total", strings.TrimSpace(t.header[col])
	if agg == averageOf {
		what = "average"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The %s **%s** in **%s**%s by **%s**:\n\n", what, head, mdName(name),
		describeFilters(t, filters), strings.TrimSpace(t.header[g]))
	fmt.Fprintf(&b, "| %s | %s %s | rows |\n|---|---:|---:|\n", cellText(t.header[g]), what, cellText(head))
	total, n := 0.0, 0
	for i, k := range keys {
		total, n = total+sums[k], n+counts[k]
		if i < maxGroups {
			fmt.Fprintf(&b, "| %s | %s | %d |\n", cellText(k), formatNumber(figure(agg, sums[k], counts[k])), counts[k])
		}
	}
	if len(keys) > maxGroups {
		fmt.Fprintf(&b, "| … %d more | | |\n", len(keys)-maxGroups)
	}
	fmt.Fprintf(&b, "| **All** | **%s** | %d |", formatNumber(figure(agg, total, n)), n)
	return b.String()
}

// figure is a sum, or the average of n values adding up to sum.
func figure(agg aggregate, sum float64, n int) float64 {
	if agg == averageOf {
		return sum / float64(n)
	}
	return sum
}

// cellText makes text safe inside a Markdown table cell.
func cellText(s string) string {
	s = strings.NewReplacer("|", `\|`, "\n", " ").Replace(strings.TrimSpace(s))
	if s == "" {
		return "(blank)"
	}
	return s
}
