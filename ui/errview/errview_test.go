package errview

import (
	"errors"
	"testing"

	"fyne.io/fyne/v2/test"

	"lectern/app/explain"
)

// The request id of an error is shown in a selectable label, with its row, for a support report;
// an error without one hides the row, and nil hides the view.
func TestRequestIDShownSelectable(t *testing.T) {
	test.NewTempApp(t)
	v := New(func(err error) explain.Explanation {
		x := explain.Explanation{Sentence: err.Error()}
		if err.Error() == "with id" {
			x.RequestID = "req_12345"
		}
		return x
	})
	v.SetError(errors.New("with id"))
	if !v.Box.Visible() || v.RequestID() != "req_12345" || !v.reqID.Selectable || !v.reqRow.Visible() {
		t.Fatalf("shown %v, request id %q selectable %v row %v", v.Box.Visible(), v.RequestID(), v.reqID.Selectable, v.reqRow.Visible())
	}
	v.SetError(errors.New("without"))
	if v.reqRow.Visible() || v.Message() != "without" {
		t.Fatalf("row %v message %q", v.reqRow.Visible(), v.Message())
	}
	v.SetError(nil)
	if v.Box.Visible() || v.Message() != "" || v.Err() != nil {
		t.Fatal("nil did not hide the view")
	}
}
