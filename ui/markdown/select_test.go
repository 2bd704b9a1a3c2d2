package markdown

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// labels returns the selectable Labels shown under o in select mode.
func labels(t *testing.T, o fyne.CanvasObject) []*widget.Label {
	t.Helper()
	var ls []*widget.Label
	for _, tb := range texts(o) {
		l, ok := tb.shown().(*widget.Label)
		if !ok {
			t.Fatalf("text %q shows %T in select mode", tb.plain, tb.shown())
		}
		ls = append(ls, l)
	}
	return ls
}

func TestSelectModeShowsSelectableText(t *testing.T) {
	v, w := newTestView(t)
	v.SetFinal(mixedAnswer)
	v.SetSelecting(true)
	ls := labels(t, v)
	if len(ls) != len(texts(v)) || len(ls) < 10 {
		t.Fatalf("%d labels", len(ls))
	}
	var all []string
	for _, l := range ls {
		if !l.Selectable {
			t.Errorf("label %q not selectable", l.Text)
		}
		all = append(all, l.Text)
	}
	joined := strings.Join(all, "\n")
	for _, s := range []string{"Summary", "The workspace has three documents about billing; the newest is invoice-2024.pdf (source).",
		"def total(items):\n    return sum(i.price for i in items)  # in cents", "$50", "Note: prices exclude tax."} {
		if !strings.Contains(joined, s) {
			t.Errorf("select mode lacks %q", s)
		}
	}
	if code := v.objects[len(v.objects)-3].(*codeBlock); !code.chunks[0].label.TextStyle.Monospace {
		t.Error("code not monospace in select mode")
	}

	// Drag across the first line of the paragraph and copy it.
	para := ls[1]
	test.WidgetRenderer(para) // make sure it is laid out
	w.Canvas().Refresh(v)
	sel := test.WidgetRenderer(para).Objects()[0].(interface {
		fyne.Draggable
		fyne.Shortcutable
	})
	sel.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(200, 10)}, Dragged: fyne.NewDelta(195, 0)})
	sel.DragEnd()
	got := para.SelectedText()
	if got == "" || !strings.HasPrefix(para.Text, got) {
		t.Fatalf("selected %q of %q", got, para.Text)
	}
	sel.TypedShortcut(&fyne.ShortcutCopy{})
	if clip := fyne.CurrentApp().Clipboard().Content(); clip != got {
		t.Errorf("clipboard has %q, want %q", clip, got)
	}

	v.SetSelecting(false)
	for _, tb := range texts(v) {
		if _, ok := tb.shown().(*widget.RichText); !ok {
			t.Fatalf("styled text not back: %T", tb.shown())
		}
	}
}

func TestSelectModeWhileStreaming(t *testing.T) {
	v, _ := newTestView(t)
	v.SetSelecting(true)
	v.SetText("# Title\n\nSome **bold")
	ls := labels(t, v)
	if len(ls) != 2 || ls[0].Text != "Title" || ls[1].Text != "Some bold" {
		t.Errorf("new blocks in select mode: %v", ls)
	}
}
