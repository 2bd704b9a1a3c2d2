package dialogs

import (
	"errors"
	"lectern/ui/widgets"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// GenerateForm asks what file to generate: a prompt, sent with Generate (POST /generate makes a
// text, and an Office file when the prompt asks for one).
type GenerateForm struct {
	Prompt *widgets.Entry
	dialog *dialog.FormDialog
}

// ShowGenerate shows the form over win; onGenerate gets the prompt (not blank) when the person
// chooses Generate.
func ShowGenerate(win fyne.Window, onGenerate func(prompt string)) *GenerateForm {
	f := &GenerateForm{Prompt: widgets.NewMultiLineEntry("The file to generate")}
	f.Prompt.Wrapping = fyne.TextWrapWord
	f.Prompt.SetMinRowsVisible(4)
	f.Prompt.SetPlaceHolder("Describe the file: a report on…, a spreadsheet of…, a letter to…")
	f.Prompt.Validator = func(s string) error {
		if strings.TrimSpace(s) == "" {
			return errEmptyPrompt
		}
		return nil
	}
	hint := widget.NewLabel("The service writes a text, and a Word or Excel file when the prompt asks for one. " +
		"The file is kept for a limited time: save it from its card.")
	hint.Wrapping = fyne.TextWrapWord
	items := []*widget.FormItem{widget.NewFormItem("", hint), widget.NewFormItem("Prompt", f.Prompt)}
	f.dialog = dialog.NewForm("Generate a file", "Generate", "Cancel", items, func(ok bool) {
		if ok && strings.TrimSpace(f.Prompt.Text) != "" {
			onGenerate(strings.TrimSpace(f.Prompt.Text))
		}
	}, win)
	f.dialog.Resize(fyne.NewSize(520, 320))
	f.dialog.Show()
	win.Canvas().Focus(f.Prompt)
	return f
}

// Submit chooses Generate, as the button does.
func (f *GenerateForm) Submit() { f.dialog.Submit() }

// errEmptyPrompt keeps Generate disabled until a prompt is typed.
var errEmptyPrompt = errors.New("type what the file should hold")
