package widgets

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// labelsInOrder walks the nodes depth first, writing each label indented by its depth.
func labelsInOrder(n *JSONNodes, id string, depth int, out *[]string) {
	for _, c := range n.Children[id] {
		*out = append(*out, strings.Repeat(" ", depth)+n.Labels[c])
		labelsInOrder(n, c, depth+1, out)
	}
}

// The tree keeps an object's keys in the order received (not sorted), labels objects and arrays by
// their size, and writes scalars as JSON does.
func TestModelJSONTreeKeepsKeyOrder(t *testing.T) {
	n, err := BuildJSONNodes(`{"zeta": 1.50, "alpha": {"b": true, "a": null}, "list": ["x\ny", 2], "e": {}}`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	labelsInOrder(n, "", 0, &got)
	want := []string{`{4 keys}`, ` "zeta": 1.50`, ` "alpha": {2 keys}`, `  "b": true`, `  "a": null`,
		` "list": [2 items]`, `  0: "x\ny"`, `  1: 2`, ` "e": {0 keys}`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("tree\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n.IsBranch(n.Children[""][0]) != true || n.IsBranch(n.Children[n.Children[""][0]][0]) {
		t.Errorf("only objects and arrays with members are branches")
	}
}

// Text that is not exactly one JSON value gives an error and no nodes.
func TestModelJSONTreeRejectsBadText(t *testing.T) {
	deep := strings.Repeat("[", maxJSONDepth+5) + strings.Repeat("]", maxJSONDepth+5)
	for _, text := range []string{``, `{`, `{"a" 1}`, `[1,]`, `{"a":1} {"b":2}`, `nope`, deep} {
		if n, err := BuildJSONNodes(text); err == nil || n != nil {
			t.Errorf("%.30q: want an error, got %v", text, err)
		}
	}
	if _, err := BuildJSONNodes(" \"just a string\"\n"); err != nil {
		t.Errorf("a scalar is one JSON value: %v", err)
	}
}

// The widget opens the top level, grows as branches open, copies the text as received, and shows
// the verdict in words; invalid JSON is shown raw instead of a tree.
func TestModelJSONTreeWidget(t *testing.T) {
	a := test.NewTempApp(t)
	text := `{"name": "Ada", "langs": ["en", "fr", "de"]}`
	j := NewJSONTree(text)
	w := test.NewWindow(j)
	defer w.Close()
	if j.Raw.Visible() || j.VisibleRows() != 3 { // the object, its two members
		t.Fatalf("raw shown %v, rows %d", j.Raw.Visible(), j.VisibleRows())
	}
	before := j.MinSize().Height
	j.Tree.OpenBranch(j.Nodes.Children[j.Nodes.Children[""][0]][1])
	if j.VisibleRows() != 6 || j.MinSize().Height <= before {
		t.Errorf("opening the list: rows %d, height %v -> %v", j.VisibleRows(), before, j.MinSize().Height)
	}
	test.Tap(j.CopyButton)
	if got := a.Clipboard().Content(); got != text {
		t.Errorf("copied %q", got)
	}
	if j.Verdict.Visible() {
		t.Errorf("no verdict before SetVerdict")
	}
	j.SetVerdict("Does not conform: langs, item 2, must be at most 2 letters", false)
	if !j.Verdict.Visible() || j.Verdict.Importance != widget.DangerImportance {
		t.Errorf("a failing verdict must show as an error")
	}
	bad := NewJSONTree(`{"name": "Ada"`)
	if !bad.Raw.Visible() || !strings.HasSuffix(bad.Raw.Text, `{"name": "Ada"`) || bad.VisibleRows() != 0 {
		t.Errorf("invalid JSON: raw %v %q", bad.Raw.Visible(), bad.Raw.Text)
	}
}

// FuzzJSONTree: the builder never panics, and on success every node it names has a label and
// appears once.
func FuzzJSONTree(f *testing.F) {
	for _, s := range []string{`{"a":[1,{"b":null}]}`, `[]`, `"x"`, `{"a":1}{`, `[[[[`, `{"\u202e":"\ud800"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n, err := BuildJSONNodes(text)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		var walk func(id string)
		walk = func(id string) {
			for _, c := range n.Children[id] {
				if seen[c] {
					t.Fatalf("node %s appears twice", c)
				}
				seen[c] = true
				if _, ok := n.Labels[c]; !ok {
					t.Fatalf("node %s has no label", c)
				}
				walk(c)
			}
		}
		walk("")
		if len(n.Children[""]) != 1 || len(seen) != len(n.Labels) {
			t.Fatalf("%d roots, %d nodes seen of %d", len(n.Children[""]), len(seen), len(n.Labels))
		}
	})
}
