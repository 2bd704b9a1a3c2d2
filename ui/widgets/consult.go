package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/words"
)

// ConsultData is what the card of a workspace consulted by a model shows, as text the caller has
// already made safe to draw.
type ConsultData struct {
	Workspace string // the workspace's name
	Question  string // what the model asked it
	Sources   []SourceChip
	// Verb says the asking: "Asked the workspace" when "", else as the call stands ("Asks to
	// consult the workspace", before it is allowed).
	Verb string
}

// SourceChip is one source of an answer as a chip: its words ("1  Budget.xlsx · used") and
// whether the answer used it (drawn stronger) or is a web page.
type SourceChip struct {
	Label string
	Used  bool
	Web   bool
}

// ConsultView shows a workspace consulted by a model: the workspace and the question asked, the
// answer (an object the caller renders, Markdown in the app), and the answer's sources as chips;
// tapping a chip hands its index to OnSource, which opens the document.
type ConsultView struct {
	widget.BaseWidget
	Data ConsultData
	// Asked says the workspace and the question.
	Asked *widget.Label
	// Answer holds the answer's object.
	Answer *fyne.Container
	// Chips holds one button per source.
	Chips *fyne.Container
	// OnSource is called with the index (in Data.Sources) of the chip tapped.
	OnSource func(i int)

	root *fyne.Container
}

// NewConsultView makes a view of d; answer shows the answer (nil while there is none).
func NewConsultView(d ConsultData, answer fyne.CanvasObject) *ConsultView {
	v := &ConsultView{Asked: widget.NewLabel(""), Answer: container.NewVBox(),
		Chips: container.New(layout.NewRowWrapLayout())}
	v.ExtendBaseWidget(v)
	v.Asked.Wrapping = fyne.TextWrapWord
	v.Asked.TextStyle = fyne.TextStyle{Italic: true}
	v.root = container.NewVBox(v.Asked, v.Answer, v.Chips)
	v.Set(d, answer)
	return v
}

// CreateRenderer returns the view's renderer.
func (v *ConsultView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.root) }

// Set shows d with answer (nil while there is none).
func (v *ConsultView) Set(d ConsultData, answer fyne.CanvasObject) {
	v.Data = d
	v.Asked.SetText(askedText(d))
	v.Answer.RemoveAll()
	if answer != nil {
		v.Answer.Add(answer)
	}
	ShowIf(v.Answer, answer != nil)
	v.Chips.RemoveAll()
	for i, src := range d.Sources {
		chip := widget.NewButtonWithIcon(src.Label, chipIcon(src), func() {
			if v.OnSource != nil {
				v.OnSource(i)
			}
		})
		chip.Importance = widget.LowImportance
		if src.Used {
			chip.Importance = widget.MediumImportance
		}
		v.Chips.Add(chip)
	}
	ShowIf(v.Chips, len(d.Sources) > 0)
}

// askedText says which workspace was asked what.
func askedText(d ConsultData) string {
	ws := d.Workspace
	if ws == "" {
		ws = "(unnamed)"
	}
	verb := d.Verb
	if verb == "" {
		verb = "Asked the workspace"
	}
	if d.Question == "" {
		return verb + " “" + ws + "”"
	}
	return verb + " “" + ws + "”: " + d.Question
}

func chipIcon(src SourceChip) fyne.Resource {
	if src.Web {
		return theme.ComputerIcon()
	}
	return theme.FileTextIcon()
}

// Summary says the answer's sources in a few words: "3 sources".
func (v *ConsultView) Summary() string { return words.Count(len(v.Data.Sources), "source") }

// AccessibilityLabel says the workspace, the question and how many sources the answer has.
func (v *ConsultView) AccessibilityLabel() string { return askedText(v.Data) + ", " + v.Summary() }

// AccessibilityRole is a container: the answer and the chips are read on their own.
func (v *ConsultView) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleContainer }

var _ fyne.Accessible = (*ConsultView)(nil)
