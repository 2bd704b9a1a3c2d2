package widgets

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// A function-call card shows the call's name, keeps its arguments folded until opened, then shows
// them indented, and says each state in words (issue 21: "each is shown as a card (name, arguments
// as formatted JSON, folded)").
func TestModelFunctionCallCardFoldsFormattedArguments(t *testing.T) {
	test.NewTempApp(t)
	c := NewFunctionCallCard("get_weather", `{"city":"Oslo","days":[1,2]}`)
	w := test.NewWindow(c)
	defer w.Close()
	if !strings.Contains(c.title.Text, "get_weather") {
		t.Errorf("title %q does not name the function", c.title.Text)
	}
	if c.Open() || c.Args.Visible() || c.Toggle.Text != "Show arguments" {
		t.Fatalf("a new card must be folded, toggle %q", c.Toggle.Text)
	}
	opened := 0
	c.OnToggled = func(open bool) {
		if open {
			opened++
		}
	}
	test.Tap(c.Toggle)
	if !c.Args.Visible() || c.Toggle.Text != "Hide arguments" || opened != 1 {
		t.Fatalf("after a tap: visible %v, toggle %q, callbacks %d", c.Args.Visible(), c.Toggle.Text, opened)
	}
	want := "{\n  \"city\": \"Oslo\",\n  \"days\": [\n    1,\n    2\n  ]\n}"
	if c.Args.Text != want {
		t.Errorf("arguments shown as\n%s\nwant\n%s", c.Args.Text, want)
	}
	test.Tap(c.Toggle)
	if c.Open() || c.Toggle.Text != "Show arguments" {
		t.Errorf("a second tap must fold the arguments again")
	}
}

// Arguments that are not JSON (the model's text is outside data) are shown as sent, after a line
// saying so; an empty name is said in words.
func TestModelFunctionCallCardBadArguments(t *testing.T) {
	test.NewTempApp(t)
	c := NewFunctionCallCard("", `{"city": "Oslo"`)
	if !strings.HasPrefix(c.Args.Text, "(not valid JSON") || !strings.HasSuffix(c.Args.Text, `{"city": "Oslo"`) {
		t.Errorf("bad arguments shown as %q", c.Args.Text)
	}
	if !strings.Contains(c.title.Text, "(no name)") {
		t.Errorf("title %q for a call without a name", c.title.Text)
	}
}

// The status slot shows a spinner while running, a check when done and an error icon with the
// reason when failed, and always its words.
func TestModelFunctionCallCardStatus(t *testing.T) {
	test.NewTempApp(t)
	c := NewFunctionCallCard("search", `{}`)
	if c.Status() != CallShown || c.StatusLabel.Text != "Not run" || c.Spinner.Visible() || c.StatusIcon.Visible() {
		t.Errorf("new card status: %v %q", c.Status(), c.StatusLabel.Text)
	}
	c.SetStatus(CallPending, "")
	if !c.Spinner.Visible() || c.StatusIcon.Visible() || c.StatusLabel.Text != "Running" {
		t.Errorf("pending: spinner %v, icon %v, %q", c.Spinner.Visible(), c.StatusIcon.Visible(), c.StatusLabel.Text)
	}
	c.SetStatus(CallDone, "")
	if c.Spinner.Visible() || c.StatusIcon.Resource != theme.ConfirmIcon() || c.StatusLabel.Text != "Done" {
		t.Errorf("done: spinner %v, %q", c.Spinner.Visible(), c.StatusLabel.Text)
	}
	c.SetStatus(CallFailed, "no such workspace")
	if c.StatusIcon.Resource != theme.ErrorIcon() || c.StatusLabel.Text != "Failed: no such workspace" {
		t.Errorf("failed: %q", c.StatusLabel.Text)
	}
}
