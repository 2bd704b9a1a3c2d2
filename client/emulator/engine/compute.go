package engine

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"
)

// aggregate is what a compute question asks for.
type aggregate int

const (
	noAggregate aggregate = iota
	sumOf
	averageOf
)

// aggregateOf detects "total", "sum", "how many" and "average", "mean" asks.
func aggregateOf(question string) aggregate {
	switch ws := words(question); {
	case containsAny(ws, "average", "avg", "mean"):
		return averageOf
	case containsAny(ws, "total", "totals", "sum", "altogether") || isHowMany(ws):
		return sumOf
	}
	return noAggregate
}

func containsAny(ws []string, any ...string) bool {
	for _, w := range any {
		if slices.Contains(ws, w) {
			return true
		}
	}
	return false
}

// isHowMany reports "how many" ("how much" more often asks a price).
func isHowMany(ws []string) bool {
	for i := 1; i < len(ws); i++ {
		if ws[i] == "many" && ws[i-1] == "how" {
			return true
		}
	}
	return false
}

// query is a question's terms, in order and as a set.
type query struct {
	terms   []string
	has     map[string]bool
	howMany bool
}

func newQuery(question string) query {
	q := query{terms: uniqueTokens(question), has: map[string]bool{}, howMany: isHowMany(words(question))}
	for _, t := range q.terms {
		q.has[t] = true
	}
	return q
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
	q := newQuery(question)
	tables := make([][]table, len(docs))
	best := column{score: 0}
	for i, d := range docs {
		if !isTableDoc(d) {
			continue
		}
		tables[i] = parseTables(d.Text)
		for c := range bestColumns(tables[i], q, docNameBonus(d.Name, question, q)) {
			if c.score > best.score {
				best, best.doc = c, i
			}
		}
	}
	if best.score == 0 {
		return Result{}, false
	}
	t := tables[best.doc][best.tab]
	answer, found := tableAnswer(agg, t, best.col, q, question, docs[best.doc].Name)
	res := Result{Answer: answer, Found: found, Mode: "compute", Checked: len(docs), UsedKnown: true}
	if found {
		res.Used = []int{best.doc}
	} else {
		res.Answer += " " + notFound(docs)
	}
	return res, true
}

// tableAnswer computes over one column: grouped when the question says "by"
// or "per" a text column, else one figure.
func tableAnswer(agg aggregate, t table, col int, q query, question, name string) (string, bool) {
	filters := rowFilters(t, col, q)
	if g := groupColumn(t, question, col); g >= 0 {
		filters = slices.DeleteFunc(filters, func(f filter) bool { return f.col == g })
		if answer, ok := groupAnswer(agg, t, col, g, filters, name); ok {
			return answer, true
		}
	}
	return computeAnswer(agg, t, col, filters, name)
}

// docNameBonus favours a document the question names ("in sales.csv") or
// whose name shares words with it; q is the question's query.
func docNameBonus(name, question string, q query) int {
	base := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
	if base != "" && strings.Contains(strings.ToLower(question), base) {
		return 5
	}
	bonus := 0
	for _, t := range uniqueTokens(base) {
		if q.has[t] {
			bonus += 2
		}
	}
	return bonus
}

// bestColumns yields the numeric columns the question may ask about, with
// their scores (table and column order kept).
func bestColumns(tabs []table, q query, bonus int) func(func(column) bool) {
	return func(yield func(column) bool) {
		for ti, t := range tabs {
			for j := range t.header {
				score := columnScore(t, j, q, bonus)
				if score <= 0 || !numericColumn(t, j) {
					continue
				}
				if !yield(column{tab: ti, col: j, score: score}) {
					return
				}
			}
		}
	}
}

// columnScore scores column j: ten a header word the question uses, less
// one per header word it does not; a generic value column ("amount") of a
// file the question names, or a count column ("units") when a "how many"
// question names rows of the table, scores low but above zero.
func columnScore(t table, j int, q query, bonus int) int {
	h := strings.ToLower(strings.TrimSpace(t.header[j]))
	ht := tokens(h)
	match := 0
	for _, w := range ht {
		if q.has[w] {
			match++
		}
	}
	switch {
	case match > 0:
		return 10*match - (len(ht) - match) + bonus
	case bonus > 0 && genericHeaders[h]:
		return bonus
	case q.howMany && countHeaders[h] && len(rowFilters(t, j, q)) > 0:
		return 1 + bonus
	}
	return 0
}

// countHeaders name columns that count things ("how many were sold").
var countHeaders = map[string]bool{"units": true, "quantity": true, "qty": true, "count": true, "sold": true, "units sold": true}

// genericHeaders name value columns that a file's name can stand for.
var genericHeaders = map[string]bool{"amount": true, "total": true, "value": true, "cost": true, "sum": true}

// filter keeps rows whose column col holds one of values.
type filter struct {
	col    int
	values []string
}

// rowFilters finds text cells the question names ("for the North region",
// "in Q2", "the Summit jacket"): each such column keeps only the rows that
// hold the values matching the question best.
func rowFilters(t table, target int, q query) []filter {
	var out []filter
	for j := range t.header {
		if j == target || numericColumn(t, j) {
			continue
		}
		var values []string
		best := 0.0
		for _, row := range t.rows {
			if j >= len(row) || slices.Contains(values, row[j]) {
				continue
			}
			switch m := valueMatch(tokens(row[j]), q); {
			case m > best:
				values, best = []string{row[j]}, m
			case m == best && m > 0:
				values = append(values, row[j])
			}
		}
		if len(values) == 0 {
			values = absentValue(t, j, q)
		}
		if len(values) > 0 && len(values) < len(t.rows) {
			out = append(out, filter{col: j, values: values})
		}
	}
	return out
}

// valueMatch is the share of a cell's terms found in the question, or 0
// when under half or when only numbers match.
func valueMatch(vt []string, q query) float64 {
	matched, wordy := 0, false
	for _, t := range vt {
		if q.has[t] {
			matched++
			wordy = wordy || strings.IndexFunc(t, unicode.IsLetter) >= 0
		}
	}
	if !wordy || 2*matched < len(vt) {
		return 0
	}
	return float64(matched) / float64(len(vt))
}

// absentValue finds a question term shaped like every value of column j
// (letters and digits in the same places, as "Q4" for "Q1".."Q3") though no
// row holds it: the filter then keeps no rows, and the answer says so.
func absentValue(t table, j int, q query) []string {
	shape := ""
	for _, row := range t.rows {
		if j >= len(row) {
			continue
		}
		s := shapeOf(strings.ToLower(strings.TrimSpace(row[j])))
		if shape != "" && s != shape {
			return nil
		}
		shape = s
	}
	if !strings.Contains(shape, "a") || !strings.Contains(shape, "9") {
		return nil
	}
	for _, term := range q.terms {
		if shapeOf(term) == shape {
			return []string{strings.ToUpper(term)}
		}
	}
	return nil
}

// shapeOf maps letters to 'a' and digits to '9'.
func shapeOf(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r):
			return 'a'
		case unicode.IsDigit(r):
			return '9'
		}
		return r
	}, s)
}

// computeAnswer sums or averages column col over the rows that pass every
// filter and writes the Markdown answer; found is false when no row counts.
func computeAnswer(agg aggregate, t table, col int, filters []filter, name string) (answer string, found bool) {
	sum, n := columnSum(t, col, filters)
	header := strings.TrimSpace(t.header[col])
	src := fmt.Sprintf("in **%s**%s", mdName(name), describeFilters(t, filters))
	if n == 0 {
		return fmt.Sprintf("No rows %s have a value in the **%s** column.", src, header), false
	}
	if agg == averageOf {
		return fmt.Sprintf("The average **%s** %s is **%s**, over %s (total %s).",
			header, src, formatNumber(sum/float64(n)), plural(n, "row"), formatNumber(sum)), true
	}
	return fmt.Sprintf("The total **%s** %s is **%s**, over %s.", header, src, formatNumber(sum), plural(n, "row")), true
}

// columnSum adds up the numbers of column col in the rows that pass every
// filter, and counts them.
func columnSum(t table, col int, filters []filter) (sum float64, n int) {
	for _, row := range t.rows {
		if !keep(row, filters) || col >= len(row) {
			continue
		}
		if v, ok := parseNumber(row[col]); ok {
			sum += v
			n++
		}
	}
	return sum, n
}

// plural writes "1 row" or "3 rows".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
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
