package documents

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/ui/internal/doclist"
	"lectern/ui/internal/uitest"
)

// BenchmarkFilterKeystroke is one keystroke in the documents filter box of a 10,000-document
// workspace shown in a window: the model is filtered, the table redraws its visible cells and the
// count line is updated (goal: under 10 ms). The query grows a letter at a time, as when typing.
func BenchmarkFilterKeystroke(b *testing.B) {
	test.NewTempApp(b)
	v := New(uiQueue.Life(b), explainOnly{}, func(fyne.Focusable) {})
	w := test.NewWindow(v.root)
	defer w.Close()
	w.Resize(fyne.NewSize(1100, 700))
	v.table.setModel(doclist.New(uitest.ManyDocs(10000), nil), false)
	queries := []string{"q", "qu", "qua", "quar", "quart", "quarterly", "quarterly 2", "quarterly 20", "quarterly 201", "quarterly 2013"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		v.filter.SetText(queries[i%len(queries)])
	}
}
