package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ConsentChoice is what the person answered when a model asked to run a function.
type ConsentChoice int

// The answers of a consent bar.
const (
	ConsentOnce   ConsentChoice = iota + 1 // run this call
	ConsentAlways                          // run this call and every later one in this conversation
	ConsentRefuse                          // do not run it; the model is told so
)

// ConsentBar asks, on the card of a function call, whether the call may run: a sentence and
// three buttons (Allow once, Always in this conversation, Refuse), reachable with Tab and Space
// like any button. It hides itself once answered.
type ConsentBar struct {
	widget.BaseWidget
	// Question says what would run ("Run a web search for …?").
	Question *widget.Label
	// Once, Always and Refuse are the three answers.
	Once, Always, Refuse *widget.Button
	// OnChoice is called with the answer, once per question.
	OnChoice func(ConsentChoice)

	root *fyne.Container
}

// NewConsentBar makes a hidden consent bar; Ask shows it.
func NewConsentBar() *ConsentBar {
	b := &ConsentBar{Question: widget.NewLabel("")}
	b.ExtendBaseWidget(b)
	b.Question.Wrapping = fyne.TextWrapWord
	b.Question.TextStyle = fyne.TextStyle{Bold: true}
	b.Once = widget.NewButtonWithIcon("Allow once", theme.ConfirmIcon(), func() { b.choose(ConsentOnce) })
	b.Once.Importance = widget.HighImportance
	b.Always = widget.NewButtonWithIcon("Always in this conversation", theme.ConfirmIcon(), func() { b.choose(ConsentAlways) })
	b.Refuse = widget.NewButtonWithIcon("Refuse", theme.CancelIcon(), func() { b.choose(ConsentRefuse) })
	buttons := container.NewHBox(b.Once, b.Always, b.Refuse, layout.NewSpacer())
	b.root = container.NewVBox(b.Question, buttons)
	b.Hide()
	return b
}

// CreateRenderer returns the bar's renderer.
func (b *ConsentBar) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(b.root) }

// Ask shows question and waits for an answer, handed to on.
func (b *ConsentBar) Ask(question string, on func(ConsentChoice)) {
	b.Question.SetText(question)
	b.OnChoice = on
	b.Show()
}

// Asking says whether the bar waits for an answer.
func (b *ConsentBar) Asking() bool { return b.Visible() }

// choose hides the bar and hands c to OnChoice; a second tap (the bar already hidden) is ignored.
func (b *ConsentBar) choose(c ConsentChoice) {
	if !b.Visible() {
		return
	}
	b.Hide()
	if on := b.OnChoice; on != nil {
		b.OnChoice = nil
		on(c)
	}
}

// AccessibilityLabel says the question and the answers offered.
func (b *ConsentBar) AccessibilityLabel() string {
	return b.Question.Text + " Allow once, Always in this conversation, or Refuse."
}

// AccessibilityRole is a container: its buttons are read on their own.
func (b *ConsentBar) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleContainer }

var _ fyne.Accessible = (*ConsentBar)(nil)
