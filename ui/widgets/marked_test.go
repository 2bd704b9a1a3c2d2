package widgets

import (
	"testing"

	"fyne.io/fyne/v2/widget"
)

func TestSearchMarkedBoldsEveryWordFound(t *testing.T) {
	seg := Marked("Q: ", "a [b] and [Words] or [wordy]", []string{"word"}, widget.RichTextStyleInline)
	var got []string
	for _, s := range seg {
		ts := s.(*widget.TextSegment)
		if ts.Style.TextStyle.Bold {
			got = append(got, "*"+ts.Text+"*")
		} else {
			got = append(got, ts.Text)
		}
	}
	want := []string{"Q: a [b] and ", "*Words*", " or ", "*wordy*", ""}
	if len(got) != len(want) {
		t.Fatalf("segments %q; want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("segments %q; want %q", got, want)
		}
	}
	if seg := Marked("A: ", "no match [x", []string{"y"}, widget.RichTextStyleInline); len(seg) != 1 ||
		seg[0].(*widget.TextSegment).Text != "A: no match [x" {
		t.Errorf("without a match: %+v", seg)
	}
}
