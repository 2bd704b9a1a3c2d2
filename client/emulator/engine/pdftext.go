package engine

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// pdfPage is one page to read: its /Contents and the resources in force.
type pdfPage struct {
	contents  any
	resources pdfDict
}

// text interprets the content streams of every page, pages in order and
// separated by a blank line.
func (d *pdfDoc) text() (string, error) {
	pages, err := d.pageTexts()
	if err != nil {
		return "", err
	}
	var texts []string
	for _, s := range pages {
		if s != "" {
			texts = append(texts, s)
		}
	}
	return strings.Join(texts, "\n\n"), nil
}

// pageTexts interprets the content streams of every page: one trimmed text
// per page, "" for a page without text.
func (d *pdfDoc) pageTexts() ([]string, error) {
	var texts []string
	total := 0
	for _, p := range d.pages() {
		data, err := d.contents(p.contents)
		if err != nil {
			return nil, err
		}
		var out strings.Builder
		t := &textRun{doc: d, out: &out, res: p.resources}
		if err := t.run(data, 0); err != nil {
			return nil, err
		}
		s := ligatures.Replace(strings.TrimSpace(out.String()))
		texts = append(texts, s)
		total += len(s)
		if total > maxText {
			return nil, fmt.Errorf("%w: PDF text", ErrTooLarge)
		}
	}
	return texts, nil
}

// ligatures expands the Unicode ligature characters some fonts map to.
var ligatures = strings.NewReplacer("\ufb00", "ff", "\ufb01", "fi", "\ufb02", "fl", "\ufb03", "ffi", "\ufb04", "ffl")

// contents concatenates the decoded content streams of a page.
func (d *pdfDoc) contents(v any) ([]byte, error) {
	refs, ok := d.resolve(v).([]any)
	if !ok {
		refs = []any{v}
	}
	var all []byte
	for _, r := range refs {
		data, _, err := d.streamOf(r)
		if err != nil {
			return nil, err
		}
		all = append(append(all, data...), '\n')
	}
	return all, nil
}

// pages lists the pages of the document by walking the page tree from the
// catalog; without one, every stream that shows text counts as a page.
func (d *pdfDoc) pages() []pdfPage {
	nums := d.sortedNums()
	var pages []pdfPage
	for i := len(nums) - 1; i >= 0 && pages == nil; i-- {
		if dict, ok := d.objs[nums[i]].val.(pdfDict); ok && dict["Type"] == pdfName("Catalog") {
			visited := map[int]bool{}
			d.walkPages(dict["Pages"], nil, 0, visited, &pages)
		}
	}
	if len(pages) > 0 {
		return pages
	}
	for _, n := range nums {
		o := d.objs[n]
		dict, _ := o.val.(pdfDict)
		if o.isStm && dict["Type"] == nil && dict["Subtype"] == nil && dict["Length1"] == nil {
			pages = append(pages, pdfPage{contents: pdfRef{num: n}})
		}
	}
	return pages
}

func (d *pdfDoc) sortedNums() []int {
	nums := make([]int, 0, len(d.objs))
	for n := range d.objs {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	return nums
}

// walkPages collects the leaves of the page tree under v, passing inherited
// resources down; visited guards against cycles.
func (d *pdfDoc) walkPages(v any, res pdfDict, depth int, visited map[int]bool, pages *[]pdfPage) {
	if r, ok := v.(pdfRef); ok {
		if visited[r.num] {
			return
		}
		visited[r.num] = true
	}
	node := d.dictOf(v)
	if node == nil || depth > 32 || len(*pages) > 100000 {
		return
	}
	if own := d.dictOf(node["Resources"]); own != nil {
		res = own
	}
	kids, hasKids := d.resolve(node["Kids"]).([]any)
	if !hasKids {
		if node["Contents"] != nil {
			*pages = append(*pages, pdfPage{contents: node["Contents"], resources: res})
		}
		return
	}
	for _, k := range kids {
		d.walkPages(k, res, depth+1, visited, pages)
	}
}

// textRun interprets one content stream's text operators into out.
type textRun struct {
	doc   *pdfDoc
	out   *strings.Builder
	res   pdfDict
	fonts map[pdfName]*fontDec
	font  *fontDec
	lastY float64
	gap   bool // a space is due before the next text
}

// run executes the operators of a content stream; depth counts form nesting.
func (t *textRun) run(data []byte, depth int) error {
	l := &lexer{buf: data}
	var ops []any
	for {
		v, ok := l.object(0)
		if !ok {
			return nil
		}
		kw, isOp := v.(pdfKeyword)
		if !isOp {
			if len(ops) < 64 {
				ops = append(ops, v)
			}
			continue
		}
		if err := t.op(string(kw), ops, l, depth); err != nil {
			return err
		}
		ops = ops[:0]
		if t.out.Len() > maxText {
			return fmt.Errorf("%w: PDF text", ErrTooLarge)
		}
	}
}

// op executes one operator with its operands.
func (t *textRun) op(name string, ops []any, l *lexer, depth int) error {
	switch name {
	case "Tf":
		if len(ops) > 0 {
			n, _ := ops[0].(pdfName)
			t.font = t.fontFor(n)
		}
	case "Tj":
		t.show(last(ops))
	case "'", "\"":
		t.newline()
		t.show(last(ops))
	case "TJ":
		t.showArray(last(ops))
	case "Td", "TD":
		t.move(num(ops, 0), num(ops, 1))
	case "T*":
		t.newline()
	case "BT":
		t.space()
	case "Tm":
		t.setMatrix(num(ops, 5))
	case "Do":
		return t.form(last(ops), depth)
	case "BI":
		skipInlineImage(l)
	}
	return nil
}

func last(ops []any) any {
	if len(ops) == 0 {
		return nil
	}
	return ops[len(ops)-1]
}

func num(ops []any, i int) float64 {
	if i < len(ops) {
		f, _ := ops[i].(float64)
		return f
	}
	return 0
}

// show writes a string operand decoded with the current font.
func (t *textRun) show(v any) {
	s, ok := v.(pdfString)
	if !ok {
		return
	}
	f := t.font
	if f == nil {
		f = defaultFont
	}
	text := f.decode(s)
	if text == "" {
		return
	}
	if t.gap && t.out.Len() > 0 && !strings.HasSuffix(t.out.String(), "\n") &&
		!strings.HasSuffix(t.out.String(), " ") && !strings.HasPrefix(text, " ") {
		t.out.WriteByte(' ')
	}
	t.gap = false
	t.out.WriteString(text)
}

// showArray writes a TJ array; a large negative adjustment reads as a space.
func (t *textRun) showArray(v any) {
	arr, _ := v.([]any)
	for _, e := range arr {
		switch x := e.(type) {
		case pdfString:
			t.show(x)
		case float64:
			if x < -180 {
				t.space()
			}
		}
	}
}

// move handles Td/TD: a vertical move starts a line, a horizontal one a word.
func (t *textRun) move(tx, ty float64) {
	if ty != 0 {
		t.newline()
		t.lastY += ty
	} else if tx != 0 {
		t.space()
	}
}

// setMatrix handles Tm: a new baseline starts a new line.
func (t *textRun) setMatrix(y float64) {
	if y != t.lastY {
		t.newline()
	} else {
		t.space()
	}
	t.lastY = y
}

// newline ends the current line, if it has text.
func (t *textRun) newline() {
	t.gap = false
	if n := t.out.Len(); n > 0 && !strings.HasSuffix(t.out.String(), "\n") {
		t.out.WriteByte('\n')
	}
}

// space asks for a space before the next text on the line.
func (t *textRun) space() { t.gap = true }

// skipInlineImage moves past the binary data of an inline image (ID ... EI).
func skipInlineImage(l *lexer) {
	rest := l.buf[l.pos:]
	id := bytes.Index(rest, []byte("ID"))
	if id < 0 {
		l.pos = len(l.buf)
		return
	}
	for i := id + 2; i+2 <= len(rest); i++ {
		if rest[i] == 'E' && rest[i+1] == 'I' && isSpace(rest[i-1]) && (i+2 == len(rest) || isSpace(rest[i+2])) {
			l.pos += i + 2
			return
		}
	}
	l.pos = len(l.buf)
}

// form runs the content of a Form XObject named by a Do operator.
func (t *textRun) form(v any, depth int) error {
	name, _ := v.(pdfName)
	ref := t.doc.dictOf(t.res["XObject"])[name]
	data, dict, err := t.doc.streamOf(ref)
	if err != nil || depth >= 8 || dict["Subtype"] != pdfName("Form") {
		return err
	}
	sub := &textRun{doc: t.doc, out: t.out, res: t.res, lastY: t.lastY}
	if own := t.doc.dictOf(dict["Resources"]); own != nil {
		sub.res = own
	}
	return sub.run(data, depth+1)
}
