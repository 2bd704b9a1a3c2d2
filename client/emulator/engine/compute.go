package engine

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// aggregate is what a compute question asks for.
type aggregate int

const (
	noAggregate aggregate = iota
	sumOf
	averageOf
)

// aggregateOf detects "total"/"sum"/"how many" and "average"/"mean" asks.
func aggregateOf(question string) aggregate {
	ws := words(question)
	for i, w := range ws {
		switch w {
		case "average", "avg", "mean":
			return averageOf
		case "total", "totals", "sum", "altogether":
			return sumOf
		case "many", "much":
			if i > 0 && ws[i-1] == "how" {
				return sumOf
			}
		}
	}
	return noAggregate
}

// column names one numeric column of one table of one document.
type column struct {
	doc, tab, col int
	score         int
}

// compute answers a total or average of a spreadsheet column, when the
// question asks for one and a numeric column's header matches it.
func compute(question string, docs []Doc) (Result, bool) {
	agg := aggregateOf(question)
	if agg == noAggregate {
		return Result{}, false
	}
	q := map[string]bool{}
	for _, t := range tokens(question) {
		q[t] = true
	}
	tables := make([][]table, len(docs))
	best := column{score: 0}
	for i, d := range docs {
		if !isTableDoc(d) {
			continue
		}
		tables[i] = parseTables(d.Text)
		for c := range bestColumns(tables[i], q, docNameBonus(d.Name, question)) {
			if c.score > best.score {
				best, best.doc = c, i
			}
		}
	}
	if best.score == 0 {
		return Result{}, false
	}
	t := tables[best.doc][best.tab]
	filters := rowFilters(t, best.col, q)
	return Result{
		Answer:    computeAnswer(agg, t, best.col, filters, docs[best.doc].Name),
		Found:     true,
		Mode:      "compute",
		Used:      []int{best.doc},
		Checked:   len(docs),
		UsedKnown: true,
	}, true
}

// docNameBonus favours a document the question names ("in sales.csv") or
// whose name shares words with it.
func docNameBonus(name, question string) int {
	base := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
	if base != "" && strings.Contains(strings.ToLower(question), base) {
		return 5
	}
	q := uniqueTokens(question)
	bonus := 0
	for _, t := range uniqueTokens(base) {
		if slices.Contains(q, t) {
			bonus += 2
		}
	}
	return bonus
}

// bestColumns yields the numeric columns whose header tokens meet the
// question, scored by how many match (table and column order kept).
func bestColumns(tabs []table, q map[string]bool, bonus int) func(func(column) bool) {
	return func(yield func(column) bool) {
		for ti, t := range tabs {
			for j, h := range t.header {
				ht := tokens(h)
				match := 0
				for _, w := range ht {
					if q[w] {
						match++
					}
				}
				score := 0
				switch {
				case match > 0:
					score = 10*match - (len(ht) - match) + bonus
				case bonus > 0 && genericHeaders[strings.ToLower(strings.TrimSpace(h))]:
					score = bonus // "total budget" over a budget file's amount column
				}
				if score <= 0 || !numericColumn(t, j) {
					continue
				}
				c := column{tab: ti, col: j, score: score}
				if !yield(c) {
					return
				}
			}
		}
	}
}

// genericHeaders name value columns that a file's name can stand for.
var genericHeaders = map[string]bool{"amount": true, "total": true, "value": true, "cost": true, "sum": true}

// filter keeps rows whose column col holds one of values.
type filter struct {
	col    int
	values []string
}

// rowFilters finds text cells the question names ("for the North region",
// "in Q2"): each such column keeps only rows holding one of those values.
func rowFilters(t table, target int, q map[string]bool) []filter {
	var out []filter
	for j := range t.header {
		if j == target || numericColumn(t, j) {
			continue
		}
		var values []string
		for _, row := range t.rows {
			if j >= len(row) || slices.Contains(values, row[j]) {
				continue
			}
			if vt := tokens(row[j]); len(vt) > 0 && allIn(vt, q) {
				values = append(values, row[j])
			}
		}
		if len(values) > 0 && len(values) < len(t.rows) {
			out = append(out, filter{col: j, values: values})
		}
	}
	return out
}

func allIn(ts []string, q map[string]bool) bool {
	for _, t := range ts {
		if !q[t] {
			return false
		}
	}
	return true
}

// computeAnswer sums or averages column col over the rows that pass every
// filter and writes the Markdown answer.
func computeAnswer(agg aggregate, t table, col int, filters []filter, name string) string {
	sum, n := 0.0, 0
	for _, row := range t.rows {
		if !keep(row, filters) || col >= len(row) {
			continue
		}
		if v, ok := parseNumber(row[col]); ok {
			sum += v
			n++
		}
	}
	header := strings.TrimSpace(t.header[col])
	where := describeFilters(t, filters)
	src := fmt.Sprintf("in **%s**%s", mdName(name), where)
	if n == 0 {
		return fmt.Sprintf("No rows %s have a value in the **%s** column.", src, header)
	}
	if agg == averageOf {
		return fmt.Sprintf("The average **%s** %s is **%s**, over %d rows (total %s).",
			header, src, formatNumber(sum/float64(n)), n, formatNumber(sum))
	}
	return fmt.Sprintf("The total **%s** %s is **%s**, over %d rows.", header, src, formatNumber(sum), n)
}

func keep(row []string, filters []filter) bool {
	for _, f := range filters {
		if f.col >= len(row) || !slices.Contains(f.values, row[f.col]) {
			return false
		}
	}
	return true
}

// describeFilters writes " for region North, quarter Q2 or Q3".
func describeFilters(t table, filters []filter) string {
	if len(filters) == 0 {
		return ""
	}
	parts := make([]string, len(filters))
	for i, f := range filters {
		parts[i] = fmt.Sprintf("%s %s", strings.TrimSpace(t.header[f.col]), strings.Join(f.values, " or "))
	}
	return " for " + strings.Join(parts, ", ")
}
