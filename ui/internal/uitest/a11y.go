package uitest

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// lecternPkg is the start of the import path of Lectern's own packages: a widget whose type is
// declared there is a custom widget, which must say itself to a screen reader.
const lecternPkg = "lectern/"

// holders are Fyne's widgets that hold other objects and are no control of their own (named as
// Go writes their types; some are in Fyne's internal packages): the walk goes into them without
// asking them for a label (a list's rows are what a person acts on).
var holders = map[string]bool{
	"widget.List": true, "widget.Tree": true, "widget.Table": true, "widget.GridWrap": true,
	"widget.PopUp": true, "widget.Scroll": true, "container.Split": true, "widget.OverlayContainer": true,
	"widget.Label": true, "widget.RichText": true,
}

// stockControls are Fyne's controls that neither tap nor take the keyboard themselves (their
// parts do), judged as one control.
var stockControls = map[string]bool{"widget.RadioGroup": true}

// Unlabelled walks every object shown under roots (containers and the renderers of widgets; give
// a window's content and its overlays) and returns one line for each that a screen reader could
// not name (fyne.Accessible, Fyne 2.8's `accessibility` build tag):
//   - a custom widget (declared in a package of Lectern) that is not fyne.Accessible, says an empty
//     label or has a role Fyne does not know;
//   - a custom widget with the container role that no custom widget holds: Fyne's reader skips a
//     container's label and never goes into a widget, so nothing of it would be read (one inside
//     another custom widget is read as part of that one's label);
//   - a control of Fyne's own a person acts on (tapped or focused: a button, an entry, a select, a
//     check) that is not fyne.Accessible or says an empty label, and a widget.Button showing an
//     icon only, for which Fyne would say the icon's file name ("cancel", "more-vertical").
//
// Hidden objects are left out, as a screen reader leaves them out. Fyne's unexported parts (a
// list's row frame, an entry's insides) are walked through, never judged.
func Unlabelled(roots ...fyne.CanvasObject) []string {
	var out []string
	walkShown(roots, func(o fyne.CanvasObject, path string, held bool) {
		if why := unlabelled(o, held); why != "" {
			out = append(out, path+": "+why)
		}
	})
	return out
}

// AccessibleLabels returns the label of every fyne.Accessible object shown under roots but the
// containers (whose label Fyne's reader skips), in the order of the walk, so that a test can see what a screen reader would be given.
func AccessibleLabels(roots ...fyne.CanvasObject) []string {
	var out []string
	walkShown(roots, func(o fyne.CanvasObject, _ string, _ bool) {
		if a, ok := o.(fyne.Accessible); ok && a.AccessibilityRole() != fyne.AccessibleRoleContainer {
			out = append(out, a.AccessibilityLabel())
		}
	})
	return out
}

// walkShown calls visit for every visible object under roots, with the types on its way down and
// whether a custom widget holds it.
func walkShown(roots []fyne.CanvasObject, visit func(o fyne.CanvasObject, path string, held bool)) {
	var walk func(o fyne.CanvasObject, path string, held bool)
	walk = func(o fyne.CanvasObject, path string, held bool) {
		if o == nil || !o.Visible() {
			return
		}
		if path != "" {
			path += " > "
		}
		path += typeName(o)
		visit(o, path, held)
		for _, c := range inside(o) {
			walk(c, path, held || isCustomWidget(o))
		}
	}
	for _, r := range roots {
		walk(r, "", false)
	}
}

// Shown lists every visible object under roots, as the accessibility walk finds them (a stock
// control's insides left out).
func Shown(roots ...fyne.CanvasObject) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	walkShown(roots, func(o fyne.CanvasObject, _ string, _ bool) { out = append(out, o) })
	return out
}

// unlabelled says why o, held by a custom widget or not, cannot be named by a screen reader; ""
// when it can, or need not be.
func unlabelled(o fyne.CanvasObject, held bool) string {
	if !isCustomWidget(o) && !isStockControl(o) {
		return ""
	}
	a, ok := o.(fyne.Accessible)
	if !ok {
		return "not fyne.Accessible"
	}
	switch a.AccessibilityRole() {
	case fyne.AccessibleRoleContainer:
		if !held && isCustomWidget(o) {
			return "a custom widget with the container role: Fyne's reader skips its label and " +
				"does not go into a widget (read it as a whole: the text role)"
		}
	case fyne.AccessibleRoleButton, fyne.AccessibleRoleLink, fyne.AccessibleRoleText:
	default:
		return fmt.Sprintf("role %q", a.AccessibilityRole())
	}
	if b, ok := o.(*widget.Button); ok && b.Text == "" {
		return "an icon-only widget.Button: a screen reader would say its icon's file name " +
			fmt.Sprintf("%q (use widgets.NewIconButton)", a.AccessibilityLabel())
	}
	if strings.TrimSpace(a.AccessibilityLabel()) == "" {
		return "an empty accessibility label"
	}
	return ""
}

// isCustomWidget says whether o is a widget whose type Lectern declares.
func isCustomWidget(o fyne.CanvasObject) bool {
	_, ok := o.(fyne.Widget)
	return ok && strings.HasPrefix(elemType(o).PkgPath(), lecternPkg)
}

// isStockControl says whether o is one of Fyne's exported widgets that a person taps or types
// in, and no holder of other objects.
func isStockControl(o fyne.CanvasObject) bool {
	t := elemType(o)
	if !strings.HasPrefix(t.PkgPath(), "fyne.io/") || !startsUpper(t.Name()) || holders[t.String()] {
		return false
	}
	if stockControls[t.String()] {
		return true
	}
	switch o.(type) {
	case fyne.Tappable, fyne.Focusable, fyne.SecondaryTappable, fyne.DoubleTappable:
		return true
	}
	return false
}

// inside returns the objects a walk goes into under o: a container's objects, a custom widget's
// or a holder's rendered objects, and the rendered objects of Fyne's unexported parts; a stock
// control's insides are Fyne's own and left alone.
func inside(o fyne.CanvasObject) []fyne.CanvasObject {
	switch x := o.(type) {
	case *fyne.Container:
		return x.Objects
	case fyne.Widget:
		if isStockControl(o) {
			return nil
		}
		return test.WidgetRenderer(x).Objects()
	}
	return nil
}

func elemType(o any) reflect.Type {
	t := reflect.TypeOf(o)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// typeName is o's type as Go writes it, without the pointer: "widget.Button", "fyne.Container".
func typeName(o any) string { return elemType(o).String() }

func startsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}

// FindAccessible returns the first object shown under roots whose accessibility label is label,
// as a screen reader would find it; nil when none is.
func FindAccessible(label string, roots ...fyne.CanvasObject) fyne.CanvasObject {
	var found fyne.CanvasObject
	walkShown(roots, func(o fyne.CanvasObject, _ string, _ bool) {
		if a, ok := o.(fyne.Accessible); ok && found == nil && a.AccessibilityLabel() == label {
			found = o
		}
	})
	return found
}
