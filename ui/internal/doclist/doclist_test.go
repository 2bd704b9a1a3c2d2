package doclist

import (
	"fmt"
	"testing"

	"lectern/client"
)

func sample() *Model {
	docs := []client.Document{
		{DocumentID: "d1", Name: "Budget 2027.xlsx", SourceType: "file", Status: "ready", UpdatedAt: "2026-10-20T10:00:00+05:30"},
		{DocumentID: "d2", Name: "annual report.pdf", SourceType: "file", Status: "failed", UpdatedAt: "2026-10-22T10:00:00+05:30"},
		{DocumentID: "d3", Name: "Contract.docx", SourceType: "file", Status: "not_ready", Updated: "21-10-2026 09:00"},
		{DocumentID: "p1", Name: "Returns policy", SourceType: "web", Status: "ready", SourceID: "s1"},
		{DocumentID: "p2", Name: "Opening hours", SourceType: "web", Status: "not_ready"},
	}
	sources := []client.Source{{SourceID: "s1", Name: "help.example", Pages: 2, Ready: 1, NotReady: 1, DocumentIDs: []string{"p1", "p2"}}}
	return New(docs, sources)
}

func names(m *Model) []string {
	var out []string
	for i := 0; i < m.Rows(); i++ {
		r := m.Row(i)
		if r.Kind == RowSource {
			out = append(out, "["+m.Source(r.Index).Name+"]")
			continue
		}
		out = append(out, m.Doc(r.Index).Name)
	}
	return out
}

func TestGroupsPagesUnderTheirSource(t *testing.T) {
	got := fmt.Sprint(names(sample()))
	want := "[annual report.pdf Budget 2027.xlsx Contract.docx [help.example] Opening hours Returns policy]"
	if got != want {
		t.Fatalf("rows = %s, want %s", got, want)
	}
}

func TestSortByStatusAndUpdated(t *testing.T) {
	m := sample()
	m.SortBy(ColStatus, false)
	if got := fmt.Sprint(names(m)[:3]); got != "[annual report.pdf Contract.docx Budget 2027.xlsx]" {
		t.Fatalf("by status: %s", got)
	}
	m.SortBy(ColUpdated, true)
	if got := fmt.Sprint(names(m)[:3]); got != "[annual report.pdf Contract.docx Budget 2027.xlsx]" {
		t.Fatalf("by updated desc: %s", got)
	}
	if col, desc := m.Sort(); col != ColUpdated || !desc {
		t.Fatalf("Sort() = %v %v", col, desc)
	}
}

func TestFilterMatchesEveryWordIgnoringCase(t *testing.T) {
	m := sample()
	m.SetFilter("BUDGET xlsx")
	if got := fmt.Sprint(names(m)); got != "[Budget 2027.xlsx]" {
		t.Fatalf("filter: %s", got)
	}
	m.SetFilter("failed")
	if got := fmt.Sprint(names(m)); got != "[annual report.pdf]" {
		t.Fatalf("status filter: %s", got)
	}
	m.SetFilter("returns")
	if got := fmt.Sprint(names(m)); got != "[[help.example] Returns policy]" {
		t.Fatalf("page filter: %s", got)
	}
	if m.Matching() != 1 {
		t.Fatalf("Matching() = %d, want 1 (the source row is not a document)", m.Matching())
	}
	m.SetFilter("help.example")
	if m.Rows() != 3 {
		t.Fatalf("source-name filter shows %v", names(m))
	}
	m.SetFilter("nothing like this")
	if m.Rows() != 0 {
		t.Fatalf("no match shows %v", names(m))
	}
}

func TestPagesWithoutSourceEntryGetAGroup(t *testing.T) {
	docs := []client.Document{
		{DocumentID: "f", Name: "notes.txt", Status: "ready"},
		{DocumentID: "p1", Name: "Hours", Status: "ready", SourceID: "s9", URL: "https://help.example.org/hours"},
		{DocumentID: "p2", Name: "Prices", Status: "not_ready", SourceID: "s9", URL: "https://help.example.org/prices"},
	}
	m := New(docs, nil)
	if got := fmt.Sprint(names(m)); got != "[notes.txt [help.example.org] Hours Prices]" {
		t.Fatalf("rows: %s", got)
	}
	if s := m.Source(0); s.Pages != 2 || s.Ready != 1 || s.NotReady != 1 {
		t.Fatalf("implied source %+v", s)
	}
}

func TestToggleSourceHidesPages(t *testing.T) {
	m := sample()
	m.ToggleSource(0)
	if got := fmt.Sprint(names(m)); got != "[annual report.pdf Budget 2027.xlsx Contract.docx [help.example]]" {
		t.Fatalf("collapsed: %s", got)
	}
	if !m.Collapsed(0) || !m.IsPage(3) || m.IsPage(0) {
		t.Fatal("Collapsed/IsPage wrong")
	}
}

func TestStatusLabelKeepsUnknownTokens(t *testing.T) {
	if StatusLabel("quarantined") != "quarantined" || StatusLabel("not_ready") != "Not ready" {
		t.Fatal("StatusLabel")
	}
}

// Many returns n synthetic documents, for benchmarks and tests of large workspaces.
func many(n int) []client.Document {
	docs := make([]client.Document, n)
	statuses := []string{"ready", "ready", "ready", "not_ready", "failed"}
	for i := range docs {
		docs[i] = client.Document{DocumentID: fmt.Sprintf("doc_%05d", i),
			Name:       fmt.Sprintf("Quarterly report %05d - region %d.pdf", i, i%17),
			SourceType: "file", Status: statuses[i%len(statuses)],
			UpdatedAt: fmt.Sprintf("2026-%02d-%02dT10:%02d:00+05:30", 1+i%12, 1+i%28, i%60)}
	}
	return docs
}

// BenchmarkFilter10000 is one keystroke in the filter box of a 10,000-document workspace: the
// query grows by one letter each time, as when typing (goal: under 10 ms per keystroke).
func BenchmarkFilter10000(b *testing.B) {
	m := New(many(10000), nil)
	queries := []string{"r", "re", "reg", "regi", "regio", "region", "region 1", "region 12", "q", "qu", "qua", "quarterly 0999"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.SetFilter(queries[i%len(queries)])
	}
}

// BenchmarkBuild10000 builds the model of a 10,000-document workspace (done off the UI goroutine).
func BenchmarkBuild10000(b *testing.B) {
	docs := many(10000)
	b.ReportAllocs()
	for b.Loop() {
		New(docs, nil)
	}
}

func TestColumnNamesRoundTrip(t *testing.T) {
	for c := ColName; c < Columns; c++ {
		if got := ParseColumn(c.String()); got != c {
			t.Errorf("ParseColumn(%q) = %v, want %v", c.String(), got, c)
		}
	}
	if ParseColumn("") != ColName || ParseColumn("size") != ColName {
		t.Error("an unknown column name is not read as the name column")
	}
}
