package widgets

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"lectern/internal/words"
)

// maxJSONDepth bounds how deep a JSON answer may nest before the tree gives up and shows the raw
// text: the builder recurses once a level, and a model's answer is outside data.
const maxJSONDepth = 200

// JSONNodes is a JSON value as a tree for widget.Tree: every node has an id, a label ("key: value"
// for a scalar, "key {n}" or "key [n]" for an object or array) and its children in the order the
// text gave them. The root's id is "".
type JSONNodes struct {
	Children map[string][]string
	Labels   map[string]string
}

// IsBranch says whether the node id has children to unfold.
func (n *JSONNodes) IsBranch(id string) bool { return len(n.Children[id]) > 0 }

// errTrailing is returned when a JSON value is followed by more than white space.
var errTrailing = errors.New("more text follows the JSON value")

// BuildJSONNodes reads one JSON value from text, keeping the keys of objects in the order received
// (a map would sort them). Text that is not exactly one JSON value gives an error and no nodes.
func BuildJSONNodes(text string) (*JSONNodes, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	b := &nodeBuilder{dec: dec, nodes: &JSONNodes{Children: map[string][]string{}, Labels: map[string]string{}}}
	if err := b.value("", "", 0); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errTrailing
	}
	return b.nodes, nil
}

type nodeBuilder struct {
	dec   *json.Decoder
	nodes *JSONNodes
	next  int
}

// value reads the next value into a new child of parent, labelled with prefix ("key: ", "3: ").
func (b *nodeBuilder) value(parent, prefix string, depth int) error {
	if depth > maxJSONDepth {
		return fmt.Errorf("nested more than %d levels deep", maxJSONDepth)
	}
	tok, err := b.dec.Token()
	if err != nil {
		return err
	}
	id := strconv.Itoa(b.next)
	b.next++
	b.nodes.Children[parent] = append(b.nodes.Children[parent], id)
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return b.object(id, prefix, depth)
		}
		return b.array(id, prefix, depth)
	default:
		b.nodes.Labels[id] = prefix + scalarText(t)
	}
	return nil
}

// object reads an object's members after its '{' as the children of id.
func (b *nodeBuilder) object(id, prefix string, depth int) error {
	n := 0
	for b.dec.More() {
		tok, err := b.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string) // the decoder gives only strings as keys
		if err := b.value(id, strconv.Quote(key)+": ", depth+1); err != nil {
			return err
		}
		n++
	}
	b.nodes.Labels[id] = prefix + "{" + words.Count(n, "key") + "}"
	_, err := b.dec.Token() // the closing '}'
	return err
}

// array reads an array's items after its '[' as the children of id, labelled by their index.
func (b *nodeBuilder) array(id, prefix string, depth int) error {
	n := 0
	for b.dec.More() {
		if err := b.value(id, strconv.Itoa(n)+": ", depth+1); err != nil {
			return err
		}
		n++
	}
	b.nodes.Labels[id] = prefix + "[" + words.Count(n, "item") + "]"
	_, err := b.dec.Token() // the closing ']'
	return err
}

// scalarText writes a scalar as JSON shows it; strings are quoted, so that a control or direction
// character in them is escaped rather than drawn.
func scalarText(tok json.Token) string {
	switch v := tok.(type) {
	case string:
		return strconv.Quote(v)
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return "null"
	}
	return fmt.Sprint(tok)
}
