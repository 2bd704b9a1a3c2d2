package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/words"
)

// jsonTreeMaxRows is how many rows the tree grows to before it scrolls inside itself.
const jsonTreeMaxRows = 14

// JSONTree shows a JSON answer as a foldable tree (keys in the order received), a Copy JSON button
// and a verdict line. Text that is not one JSON value is shown as it came, with a line saying so.
type JSONTree struct {
	widget.BaseWidget
	// Text is the JSON text as received; Copy JSON puts exactly it on the clipboard.
	Text string
	// Nodes is the tree read from Text; nil when Text is not valid JSON (Raw is shown instead).
	Nodes *JSONNodes
	// Tree is the foldable view of Nodes; Raw shows Text when it could not be read.
	Tree *widget.Tree
	Raw  *widget.Label
	// Verdict says whether the answer conforms to its schema, in words; hidden until SetVerdict.
	Verdict *widget.Label
	// CopyButton puts Text on the clipboard.
	CopyButton *widget.Button
	// OnResized, when set, is called after a branch opens or closes (the tree's height changed).
	OnResized func()

	root *fyne.Container
}

// NewJSONTree shows text as a tree with its top level open.
func NewJSONTree(text string) *JSONTree {
	j := &JSONTree{Text: text, Raw: widget.NewLabel(""), Verdict: widget.NewLabel("")}
	j.ExtendBaseWidget(j)
	nodes, err := BuildJSONNodes(text)
	j.Nodes = nodes
	if nodes == nil {
		nodes = &JSONNodes{Children: map[string][]string{}, Labels: map[string]string{}}
		j.Raw.SetText("The answer is not valid JSON (" + err.Error() + "); shown as received:\n" + text)
	}
	j.Raw.Wrapping, j.Raw.Selectable, j.Raw.TextStyle = fyne.TextWrapBreak, true, fyne.TextStyle{Monospace: true}
	ShowIf(j.Raw, j.Nodes == nil)
	j.Tree = newNodesTree(nodes)
	for _, id := range nodes.Children[""] {
		j.Tree.OpenBranch(id)
	}
	j.Tree.OnBranchOpened = func(widget.TreeNodeID) { j.resized() }
	j.Tree.OnBranchClosed = func(widget.TreeNodeID) { j.resized() }
	treeBox := container.New(&treeHeight{j: j}, j.Tree)
	ShowIf(treeBox, j.Nodes != nil)
	j.Verdict.Wrapping = fyne.TextWrapWord
	j.Verdict.Hide()
	j.CopyButton = widget.NewButtonWithIcon("Copy JSON", theme.ContentCopyIcon(), j.copyJSON)
	j.CopyButton.Importance = widget.LowImportance
	j.root = container.NewVBox(j.Verdict, treeBox, j.Raw, container.NewHBox(j.CopyButton, layout.NewSpacer()))
	return j
}

// CreateRenderer returns the tree's renderer.
func (j *JSONTree) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(j.root)
}

// SetVerdict shows the schema check's verdict: text in words, coloured by whether it conforms.
func (j *JSONTree) SetVerdict(text string, conforms bool) {
	j.Verdict.Importance = widget.DangerImportance
	if conforms {
		j.Verdict.Importance = widget.SuccessImportance
	}
	j.Verdict.SetText(text)
	ShowIf(j.Verdict, text != "")
}

// VisibleRows counts the rows the tree shows: the top level and the children of open branches.
func (j *JSONTree) VisibleRows() int {
	if j.Nodes == nil {
		return 0
	}
	return j.countOpen("")
}

func (j *JSONTree) countOpen(id string) int {
	n := 0
	for _, child := range j.Nodes.Children[id] {
		n++
		if j.Nodes.IsBranch(child) && j.Tree.IsBranchOpen(child) {
			n += j.countOpen(child)
		}
	}
	return n
}

func (j *JSONTree) resized() {
	j.Refresh()
	if j.OnResized != nil {
		j.OnResized()
	}
}

func (j *JSONTree) copyJSON() {
	if a := fyne.CurrentApp(); a != nil {
		a.Clipboard().SetContent(j.Text)
	}
}

// newNodesTree is a widget.Tree over nodes, one truncated label a row.
func newNodesTree(nodes *JSONNodes) *widget.Tree {
	return widget.NewTree(
		func(id widget.TreeNodeID) []widget.TreeNodeID { return nodes.Children[id] },
		nodes.IsBranch,
		func(bool) fyne.CanvasObject {
			l := widget.NewLabel("")
			l.TextStyle, l.Truncation = fyne.TextStyle{Monospace: true}, fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TreeNodeID, _ bool, o fyne.CanvasObject) { o.(*widget.Label).SetText(nodes.Labels[id]) })
}

// treeHeight makes the tree as tall as its visible rows, up to jsonTreeMaxRows: a widget.Tree
// scrolls, so its own minimum is one row, and a turn would show a sliver of it.
type treeHeight struct{ j *JSONTree }

// Layout gives the tree the whole space.
func (l *treeHeight) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
	}
}

// MinSize is the tree's own width and the height of its visible rows.
func (l *treeHeight) MinSize(objs []fyne.CanvasObject) fyne.Size {
	rows := min(max(l.j.VisibleRows(), 1), jsonTreeMaxRows)
	row := widget.NewLabel("x").MinSize().Height + theme.SeparatorThicknessSize()
	return fyne.NewSize(l.j.Tree.MinSize().Width, float32(rows)*row)
}

// AccessibilityLabel says what the answer is: how many items its top level has, or that it is
// not valid JSON, then the verdict when one is shown ("JSON answer, 3 items, conforms to the schema").
func (j *JSONTree) AccessibilityLabel() string {
	label := "JSON answer, not valid JSON"
	if j.Nodes != nil {
		label = "JSON answer, " + words.Count(len(j.Nodes.Children[""]), "item")
	}
	if j.Verdict.Visible() && j.Verdict.Text != "" {
		label += ", " + j.Verdict.Text
	}
	return label
}

// AccessibilityRole is text: the tree is read as a whole (Fyne's reader does not enter a widget).
func (j *JSONTree) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
