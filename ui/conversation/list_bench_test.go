package conversation

import (
	"context"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/ui/internal/parts"
)

// BenchmarkListTenThousand is issue 31's: 10,000 conversations in 200 projects (50 in each, the
// folders open), loaded by the list as it loads them, then one keystroke of the filter per op
// (typing "harbour 7" a letter at a time, then clearing it), through to the rows shown in a
// 420×700 window. Target: ns/op ≤ 10 ms.
func BenchmarkListTenThousand(b *testing.B) {
	a, ws, _ := benchApp(b, fastConfig())
	ctx := context.Background()
	c := a.Conversations()
	var ids []int64
	for i := range 10_000 {
		conv, err := c.New(ctx, ws.WorkspaceID, "", fmt.Sprintf("Harbour question %d about fees and hours", i))
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, conv.ID)
	}
	for p := range 200 {
		project, err := c.NewProject(ctx, fmt.Sprintf("Project %03d", p), "")
		if err == nil {
			err = c.MoveToProject(ctx, ids[p*50:(p+1)*50], project.ID)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	test.NewTempApp(b)
	w := test.NewWindow(nil)
	b.Cleanup(w.Close)
	l := NewList(uiQueue.Life(b), parts.Of(a), StoreOf(a), w)
	w.SetContent(l.Root())
	w.Resize(fyne.NewSize(420, 700))
	l.SetScope(scopeAll)
	runUI(b, func() bool { return len(l.all) == 10_000 && len(l.projects) == 200 })
	keys := []string{"h", "ha", "har", "harb", "harbo", "harbou", "harbour", "harbour ", "harbour 7", ""}
	b.ResetTimer()
	for i := range b.N {
		l.SetFilter(keys[i%len(keys)])
	}
	b.StopTimer()
	if l.SetFilter("harbour 7777"); len(l.rows) != 2 { // its folder and itself
		b.Fatalf("%d rows for one conversation", len(l.rows))
	}
}
