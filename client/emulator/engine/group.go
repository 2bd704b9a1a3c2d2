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

// groups holds per-value sums and counts, values in order of first appearance.
type groups struct {
	keys   []string
	sums   map[string]float64
	counts map[string]int
}

// groupAnswer writes a Markdown table of the sum or average of column col
// for each value of column g, then overall.
func groupAnswer(agg aggregate, t table, col, g int, filters []filter, name string) (string, bool) {
	gs := groups{sums: map[string]float64{}, counts: map[string]int{}}
	for _, row := range t.rows {
		if !keep(row, filters) || col >= len(row) || g >= len(row) {
			continue
		}
		v, ok := parseNumber(row[col])
		if !ok {
			continue
		}
		k := strings.TrimSpace(row[g])
		if _, seen := gs.counts[k]; !seen {
			gs.keys = append(gs.keys, k)
		}
		gs.sums[k] += v
		gs.counts[k]++
	}
	if len(gs.keys) == 0 {
		return "", false
	}
	what := "total"
	if agg == averageOf {
		what = "average"
	}
	head := fmt.Sprintf("The %s **%s** in **%s**%s by **%s**:\n\n", what, strings.TrimSpace(t.header[col]), mdName(name),
		describeFilters(t, filters), strings.TrimSpace(t.header[g]))
	return head + gs.table(agg, t.header[g], what+" "+cellText(t.header[col])), true
}

// table renders the grouped figures with an overall last row.
func (gs groups) table(agg aggregate, keyHead, valueHead string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| %s | %s | rows |\n|---|---:|---:|\n", cellText(keyHead), valueHead)
	total, n := 0.0, 0
	for i, k := range gs.keys {
		total, n = total+gs.sums[k], n+gs.counts[k]
		if i < maxGroups {
			fmt.Fprintf(&b, "| %s | %s | %d |\n", cellText(k), formatNumber(figure(agg, gs.sums[k], gs.counts[k])), gs.counts[k])
		}
	}
	if len(gs.keys) > maxGroups {
		fmt.Fprintf(&b, "| … %d more | | |\n", len(gs.keys)-maxGroups)
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
