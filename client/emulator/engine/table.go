package engine

import (
	"encoding/csv"
	"strconv"
	"strings"
)

// table is a block of CSV text: a header row and data rows.
type table struct {
	header []string
	rows   [][]string
}

// parseTables reads CSV text; blank lines separate tables (XLSX sheets).
func parseTables(text string) []table {
	var out []table
	for _, block := range strings.Split(text, "\n\n") {
		r := csv.NewReader(strings.NewReader(block))
		r.FieldsPerRecord = -1
		r.LazyQuotes = true
		var recs [][]string
		for {
			rec, err := r.Read()
			if err != nil {
				if _, isParse := err.(*csv.ParseError); isParse {
					continue
				}
				break
			}
			recs = append(recs, rec)
		}
		if len(recs) >= 2 {
			out = append(out, table{header: recs[0], rows: recs[1:]})
		}
	}
	return out
}

// parseNumber reads a cell as a number: thousands separators, currency
// signs, a percent sign and (parenthesised) negatives are allowed.
func parseNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	neg := false
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s, neg = s[1:len(s)-1], true
	}
	s = strings.TrimSuffix(s, "%")
	s = strings.TrimLeft(s, "$€£¥₹ ")
	s = strings.ReplaceAll(s, ",", "")
	if s == "" || strings.ContainsAny(s, "xXpPeEinIN_") {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		f = -f
	}
	return f, true
}

// numericColumn reports whether most non-empty cells of column j are numbers.
func numericColumn(t table, j int) bool {
	nums, filled := 0, 0
	for _, row := range t.rows {
		if j >= len(row) || strings.TrimSpace(row[j]) == "" {
			continue
		}
		filled++
		if _, ok := parseNumber(row[j]); ok {
			nums++
		}
	}
	return nums > 0 && nums*5 >= filled*4
}

// formatNumber writes f with thousands separators and two decimals unless
// it is whole.
func formatNumber(f float64) string {
	s := strings.TrimSuffix(strconv.FormatFloat(f, 'f', 2, 64), ".00")
	if s == "-0" {
		s = "0"
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	out := b.String()
	if hasFrac {
		out += "." + frac
	}
	if neg {
		out = "-" + out
	}
	return out
}
