package engine

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// demoDocs extracts the demo files into documents, in DemoFiles order.
func demoDocs(t testing.TB) []Doc {
	t.Helper()
	var docs []Doc
	for i, f := range DemoFiles() {
		text, err := Extract(f.Name, f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		docs = append(docs, Doc{ID: string(rune('a' + i)), Name: f.Name, SourceType: "file", Text: text})
	}
	return docs
}

func TestAnswerFound(t *testing.T) {
	docs := demoDocs(t)
	cases := []struct {
		q, doc string
		wants  []string
	}{
		{"How many days of annual leave do employees get?", "employee-handbook.docx", []string{"25 days"}},
		{"Can I work from home?", "employee-handbook.docx", []string{"three days a week"}},
		{"How much does the Summit Down Jacket weigh?", "product-catalogue-2026.pdf", []string{"420 g"}},
		{"What is the return policy?", "customer-support-faq.txt", []string{"60 days"}},
		{"When will the Denver store open?", "leadership-meeting-2026-10-14.txt", []string{"April 2027"}},
		{"What did the leadership meeting decide about travel?", "leadership-meeting-2026-10-14.txt",
			[]string{"Non-essential business travel is paused"}},
		{"How heavy is the Ridgeline pack?", "product-catalogue-2026.pdf", []string{"Weight 1.6 kg"}},
		{"How bright is the Aurora Headlamp?", "product-catalogue-2026.pdf", []string{"450 lumens"}},
		{"What is the vacation policy?", "employee-handbook.docx", []string{"25 days"}},
		{"How many employees does Northwind Trails have?", "employee-handbook.docx", []string{"240 people"}},
	}
	for _, c := range cases {
		r := Answer(c.q, docs)
		if !r.Found || r.Mode != "search" || !r.UsedKnown || r.Checked != len(docs) {
			t.Errorf("%q: %+v", c.q, r)
			continue
		}
		if !strings.Contains(r.Answer, "**"+c.doc+"**") {
			t.Errorf("%q: answer does not name %s:\n%s", c.q, c.doc, r.Answer)
		}
		for _, w := range c.wants {
			if !strings.Contains(r.Answer, w) {
				t.Errorf("%q: answer lacks %q:\n%s", c.q, w, r.Answer)
			}
		}
		if len(r.Used) == 0 || docs[r.Used[0]].Name != c.doc && !containsName(docs, r.Used, c.doc) {
			t.Errorf("%q: used %v", c.q, r.Used)
		}
	}
}

func containsName(docs []Doc, used []int, name string) bool {
	for _, i := range used {
		if docs[i].Name == name {
			return true
		}
	}
	return false
}

func TestAnswerNotFound(t *testing.T) {
	docs := demoDocs(t)
	for _, q := range []string{"What is the capital of France?", "Who won the 1998 football world cup?", "", "the and of",
		"What is the policy on pets in the office?", "How do I reset my password?", "What is the dress code?"} {
		r := Answer(q, docs)
		if r.Found || len(r.Used) != 0 || r.Checked != len(docs) {
			t.Errorf("%q: %+v", q, r)
		}
		for _, d := range docs {
			if !strings.Contains(r.Answer, d.Name) {
				t.Errorf("%q: answer does not name %s: %s", q, d.Name, r.Answer)
			}
		}
	}
}

func TestAnswerCompute(t *testing.T) {
	docs := demoDocs(t)
	cases := []struct{ q, want string }{
		{"What is the total revenue?", "**1,550,963.70**, over 48 rows"},
		{"Total revenue for the North region", "for region North is **305,050.80**, over 12 rows"},
		{"How many units were sold in Q2?", "for quarter Q2 is **3,619**, over 16 rows"},
		{"sum of units", "**10,377**, over 48 rows"},
		{"What is the average unit price in quarterly-sales-2026.csv?", "**154.35**, over 48 rows"},
		{"average units", "**216.19**, over 48 rows"},
		{"What is the total budget?", "**2,918,800**, over 20 rows"},
		{"What is the total budget for Marketing?", "for department Marketing is **620,200**, over 4 rows"},
		{"Average amount in the department budget", "**145,940**, over 20 rows"},
		{"total revenue of the Summit jacket", "for product Summit Down Jacket is **610,050**, over 12 rows"},
		{"How many Aurora headlamps were sold in the West in Q3?",
			"**units** in **quarterly-sales-2026.csv** for quarter Q3, region West, product Aurora Headlamp is **132**, over 1 row."},
		{"total budget owned by Maya", "for owner Maya Okafor is **812,900**, over 4 rows"},
		{"average amount for Customer Support", "for department Customer Support is **88,425**, over 4 rows (total 353,700)"},
	}
	for _, c := range cases {
		r := Answer(c.q, docs)
		if !r.Found || r.Mode != "compute" || len(r.Used) != 1 {
			t.Errorf("%q: %+v", c.q, r)
			continue
		}
		if !strings.Contains(r.Answer, c.want) {
			t.Errorf("%q: got %s, want %s", c.q, r.Answer, c.want)
		}
	}
}

func TestAnswerComputeNoRows(t *testing.T) {
	docs := demoDocs(t)
	r := Answer("total units in Q4", docs)
	if r.Found || r.Mode != "compute" || len(r.Used) != 0 ||
		!strings.Contains(r.Answer, "No rows in **quarterly-sales-2026.csv** for quarter Q4") {
		t.Fatalf("%+v", r)
	}
	for _, d := range docs {
		if !strings.Contains(r.Answer, d.Name) {
			t.Errorf("answer does not name %s", d.Name)
		}
	}
	// "how many" without a named row or a matching header is not a computation.
	if r := Answer("How many days of annual leave do I get?", docs); r.Mode != "search" {
		t.Fatalf("%+v", r)
	}
}

func TestAnswerOneDocument(t *testing.T) {
	docs := demoDocs(t)
	r := Answer("What is the price match policy?", docs[5:6])
	if !r.Found || !reflect.DeepEqual(r.Used, []int{0}) || !r.UsedKnown || r.Checked != 1 {
		t.Fatalf("%+v", r)
	}
	r = Answer("How many days of annual leave?", docs[5:6])
	if r.Found || len(r.Used) != 0 || !strings.Contains(r.Answer, "customer-support-faq.txt") {
		t.Fatalf("%+v", r)
	}
	r = Answer("total revenue", docs[2:3])
	if !r.Found || r.Mode != "compute" || !reflect.DeepEqual(r.Used, []int{0}) {
		t.Fatalf("%+v", r)
	}
}

func TestAnswerWholeMode(t *testing.T) {
	docs := []Doc{
		{ID: "1", Name: "a.txt", Text: "The office opens at 8:00 on weekdays."},
		{ID: "2", Name: "b.txt", Text: "Parking is free for visitors."},
	}
	r := Answer("When does the office open?", docs)
	if !r.Found || r.Mode != "whole" || r.UsedKnown || r.Used != nil || !strings.Contains(r.Answer, "8:00") {
		t.Fatalf("%+v", r)
	}
}

func TestAnswerDeterministic(t *testing.T) {
	docs := demoDocs(t)
	for _, q := range []string{"warranty", "What is the travel policy?", "total revenue in Q3 for the West"} {
		first := Answer(q, docs)
		for i := 0; i < 5; i++ {
			if got := Answer(q, docs); !reflect.DeepEqual(got, first) {
				t.Fatalf("%q: run %d differs:\n%+v\n%+v", q, i, got, first)
			}
		}
	}
}

func TestAnswerConcurrent(t *testing.T) {
	docs := demoDocs(t)
	want := Answer("What is the return policy?", docs)
	done := make(chan Result)
	for i := 0; i < 8; i++ {
		go func() { done <- Answer("What is the return policy?", docs) }()
	}
	for i := 0; i < 8; i++ {
		if got := <-done; !reflect.DeepEqual(got, want) {
			t.Fatalf("concurrent answer differs: %+v", got)
		}
	}
}

func TestAnswerEdgeCases(t *testing.T) {
	if r := Answer("anything", nil); r.Found || r.Checked != 0 || r.Answer == "" {
		t.Fatalf("no docs: %+v", r)
	}
	docs := []Doc{{Name: "empty.txt"}, {Name: "t.csv", Text: "a,b\n"}, {Name: "x_y*.txt", Text: "Zebras *run* fast."}}
	r := Answer("How fast do zebras run?", docs)
	if !r.Found || !strings.Contains(r.Answer, `**x\_y\*.txt**`) || !reflect.DeepEqual(r.Used, []int{2}) && r.UsedKnown {
		t.Fatalf("%+v", r)
	}
	long := strings.Repeat("word ", 5000)
	if r := Answer(long+" zebras", docs); r.Found {
		t.Fatalf("a long question of unknown words matched: %+v", r)
	}
}

func TestTrimQuoteUTF8(t *testing.T) {
	for _, s := range []string{strings.Repeat("é", 700), strings.Repeat("✓", 300) + " " + strings.Repeat("b", 400)} {
		q := trimQuote(s)
		if !utf8.ValidString(q) || len(q) > quoteChars+len(" …") {
			t.Fatalf("bad quote %q", q)
		}
	}
}

func TestAnswerSummary(t *testing.T) {
	docs := demoDocs(t)
	r := Answer("Summarize the employee handbook", docs)
	if !r.Found || r.Mode != "mapreduce" || !reflect.DeepEqual(r.Used, []int{0}) || !r.UsedKnown ||
		!strings.Contains(r.Answer, "- Annual leave (vacation) policy") {
		t.Fatalf("%+v", r)
	}
	r = Answer("Give me an overview of the documents", docs)
	if !r.Found || len(r.Used) != len(docs) || !strings.HasPrefix(r.Answer, "Here is an overview of 6 documents") ||
		!strings.Contains(r.Answer, "a table of 48 rows with the columns quarter, region, product, units, unit_price, revenue. "+
			"Totals: units 10,377, revenue 1,550,963.70.") {
		t.Fatalf("%+v", r)
	}
	r = Answer("What is this document about?", docs[4:5])
	if !r.Found || !reflect.DeepEqual(r.Used, []int{0}) || !strings.Contains(r.Answer, "- 4. Travel freeze") {
		t.Fatalf("%+v", r)
	}
}

func TestAnswerComputeGrouped(t *testing.T) {
	docs := demoDocs(t)
	r := Answer("What is the total revenue by region?", docs)
	want := "| region | total revenue | rows |\n|---|---:|---:|\n| North | 305,050.80 | 12 |\n| South | 366,939.90 | 12 |\n" +
		"| East | 445,635.30 | 12 |\n| West | 433,337.70 | 12 |\n| **All** | **1,550,963.70** | 48 |"
	if !r.Found || r.Mode != "compute" || !strings.HasSuffix(r.Answer, want) {
		t.Fatalf("%+v", r)
	}
	r = Answer("total revenue for each product in Q3", docs)
	if !strings.Contains(r.Answer, "for quarter Q3 by **product**") || !strings.Contains(r.Answer, "| Aurora Headlamp | 31,161.90 | 4 |") ||
		!strings.HasSuffix(r.Answer, "| **All** | **637,086.90** | 16 |") {
		t.Fatalf("%+v", r)
	}
	r = Answer("average units per quarter for the Summit jacket", docs)
	if !strings.Contains(r.Answer, "| Q3 | 325.50 | 4 |") {
		t.Fatalf("%+v", r)
	}
}

func TestFormatNumber(t *testing.T) {
	for in, want := range map[float64]string{0: "0", -0.001: "0", 1234567.891: "1,234,567.89", -1500: "-1,500", 999.5: "999.50", 100: "100"} {
		if got := formatNumber(in); got != want {
			t.Errorf("formatNumber(%v) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]float64{"$1,200.50": 1200.5, "(300)": -300, "45%": 45, " 7 ": 7} {
		if got, ok := parseNumber(in); !ok || got != want {
			t.Errorf("parseNumber(%q) = %v, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"", "abc", "1e5", "NaN", "Inf", "0x10", "12abc"} {
		if _, ok := parseNumber(bad); ok {
			t.Errorf("parseNumber(%q) accepted", bad)
		}
	}
}
