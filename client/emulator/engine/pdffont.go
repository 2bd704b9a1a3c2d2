package engine

import (
	"strconv"
	"strings"
	"unicode/utf16"
)

// fontDec turns the bytes of a shown string into text for one font: through
// its ToUnicode CMap when it has one, else through its single-byte encoding.
type fontDec struct {
	twoByte bool
	cmap    map[uint32]string
	enc     [256]rune
}

// defaultFont decodes with WinAnsiEncoding, as for the standard 14 fonts.
var defaultFont = &fontDec{enc: winAnsi}

// decode maps the codes of s to text; unknown codes are dropped.
func (f *fontDec) decode(s []byte) string {
	var sb strings.Builder
	step := 1
	if f.twoByte {
		step = 2
	}
	for i := 0; i+step <= len(s); i += step {
		code := uint32(s[i])
		if step == 2 {
			code = code<<8 | uint32(s[i+1])
		}
		if u, ok := f.cmap[code]; ok {
			sb.WriteString(u)
		} else if step == 1 && f.enc[code] != 0 {
			sb.WriteRune(f.enc[code])
		}
	}
	return sb.String()
}

// fontFor returns the decoder of the font resource called name.
func (t *textRun) fontFor(name pdfName) *fontDec {
	if f, ok := t.fonts[name]; ok {
		return f
	}
	if t.fonts == nil {
		t.fonts = map[pdfName]*fontDec{}
	}
	fd := t.doc.dictOf(t.doc.dictOf(t.res["Font"])[name])
	f := defaultFont
	if fd != nil {
		f = t.doc.buildFont(fd)
	}
	t.fonts[name] = f
	return f
}

// buildFont reads a font dictionary's Encoding (with Differences) and ToUnicode.
func (d *pdfDoc) buildFont(fd pdfDict) *fontDec {
	f := &fontDec{enc: winAnsi, twoByte: fd["Subtype"] == pdfName("Type0")}
	switch enc := d.resolve(fd["Encoding"]).(type) {
	case pdfDict:
		diffs, _ := d.resolve(enc["Differences"]).([]any)
		f.applyDifferences(diffs)
	}
	if tu := fd["ToUnicode"]; tu != nil {
		if data, _, err := d.streamOf(tu); err == nil && len(data) > 0 {
			f.cmap, f.twoByte = parseCMap(data, f.twoByte)
		}
	}
	return f
}

// applyDifferences applies an Encoding's [code /name /name code ...] array.
func (f *fontDec) applyDifferences(diffs []any) {
	code := 0
	for _, v := range diffs {
		switch x := v.(type) {
		case float64:
			code = int(x)
		case pdfName:
			if code >= 0 && code < 256 {
				f.enc[code] = glyphRune(string(x))
			}
			code++
		}
	}
}

// glyphRune maps an Adobe glyph name to its character, 0 when unknown.
func glyphRune(name string) rune {
	if r, ok := glyphNames[name]; ok {
		return r
	}
	if len(name) == 1 {
		return rune(name[0])
	}
	for _, p := range []string{"uni", "u"} {
		if h, ok := strings.CutPrefix(name, p); ok && len(h) >= 4 && len(h) <= 6 {
			if v, err := strconv.ParseUint(h[:4], 16, 32); err == nil {
				return rune(v)
			}
		}
	}
	for i := 0; i < 256; i++ { // accented letters etc. by WinAnsi name
		if winAnsiNames[i] == name {
			return winAnsi[i]
		}
	}
	return 0
}

// parseCMap reads the bfchar and bfrange entries of a ToUnicode CMap; the
// code width comes from its codespace range when it has one.
func parseCMap(data []byte, twoByte bool) (map[uint32]string, bool) {
	m := map[uint32]string{}
	l := &lexer{buf: data}
	var ops []any
	for len(m) < 1<<17 {
		v, ok := l.object(0)
		if !ok {
			break
		}
		kw, isKw := v.(pdfKeyword)
		if !isKw {
			if len(ops) < 1<<12 {
				ops = append(ops, v)
			}
			continue
		}
		switch kw {
		case "endcodespacerange":
			if s, ok := firstString(ops); ok {
				twoByte = len(s) >= 2
			}
		case "endbfchar":
			for i := 0; i+1 < len(ops); i += 2 {
				src, _ := ops[i].(pdfString)
				m[codeOf(src)] = utf16Text(ops[i+1])
			}
		case "endbfrange":
			bfRanges(m, ops)
		}
		ops = ops[:0]
	}
	return m, twoByte
}

func firstString(ops []any) (pdfString, bool) {
	if len(ops) == 0 {
		return nil, false
	}
	s, ok := ops[0].(pdfString)
	return s, ok
}

// bfRanges adds <lo> <hi> <dst> and <lo> <hi> [<d1> ...] entries.
func bfRanges(m map[uint32]string, ops []any) {
	for i := 0; i+2 < len(ops) && len(m) < 1<<17; i += 3 {
		lo, _ := ops[i].(pdfString)
		hi, _ := ops[i+1].(pdfString)
		a, b := codeOf(lo), codeOf(hi)
		if b < a || b-a > 1<<16 {
			continue
		}
		switch dst := ops[i+2].(type) {
		case pdfString:
			base := []rune(utf16Text(dst))
			if len(base) == 0 {
				continue
			}
			for c := a; c <= b && len(m) < 1<<17; c++ {
				r := append([]rune{}, base...)
				r[len(r)-1] += rune(c - a)
				m[c] = string(r)
			}
		case []any:
			for k, e := range dst {
				if c := a + uint32(k); c <= b {
					m[c] = utf16Text(e)
				}
			}
		}
	}
}

func codeOf(s pdfString) uint32 {
	var c uint32
	for i := 0; i < len(s) && i < 4; i++ {
		c = c<<8 | uint32(s[i])
	}
	return c
}

// utf16Text decodes a CMap destination: UTF-16BE bytes.
func utf16Text(v any) string {
	s, _ := v.(pdfString)
	u := make([]uint16, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
	}
	if len(s) == 1 {
		u = append(u, uint16(s[0]))
	}
	return string(utf16.Decode(u))
}
