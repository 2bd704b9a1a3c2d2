package dialogs

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// Generate a file… hands over the prompt typed, trimmed; a blank one is not sent.
func TestGenerateFormSendsThePrompt(t *testing.T) {
	test.NewTempApp(t)
	win := test.NewTempWindow(t, nil)
	var got []string
	f := ShowGenerate(win, func(prompt string) { got = append(got, prompt) })
	if win.Canvas().Focused() != f.Prompt {
		t.Error("the prompt box must have the keyboard")
	}
	test.Type(f.Prompt, "   ")
	f.Submit()
	if len(got) != 0 {
		t.Fatalf("a blank prompt was sent: %q", got)
	}
	f = ShowGenerate(win, func(prompt string) { got = append(got, prompt) })
	test.Type(f.Prompt, "  a budget spreadsheet ")
	f.Submit()
	if len(got) != 1 || got[0] != "a budget spreadsheet" {
		t.Fatalf("sent %q", got)
	}
}
