package markdown

import (
	"regexp"
	"sort"
	"strings"
)

// heal makes the unfinished last block of a streaming answer look as it will once finished, so
// that nothing jumps when the rest arrives (the approach of Streamdown's remend for React and
// llm_markdown for Flutter): a line that is only a list, heading or quote marker is held back,
// as is a table until its delimiter row is complete and each row until its line ends; open
// `code`, **strong**, *emphasis*, _emphasis_ and ~~strike~~ are closed; a link whose address is
// still arriving is closed, and a lone "[" or "](" is dropped. Inside an open code fence nothing
// changes: goldmark already shows an unclosed fence as code.
func heal(open string) string {
	if fenceOpen(open) {
		return open
	}
	lines := strings.Split(open, "\n")
	ended := strings.HasSuffix(open, "\n")
	if !ended && bareMarker.MatchString(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	lines = healTable(lines, ended)
	if len(lines) == 0 {
		return ""
	}
	start := tailStart(lines)
	head := strings.Join(lines[:start], "\n")
	tail := healInline(strings.Join(lines[start:], "\n"))
	if start == 0 {
		return tail
	}
	return head + "\n" + tail
}

// bareMarker is a line with a block marker and nothing yet after it: "-", "1.", "##", ">",
// "- [ ]". Shown, it would be an empty bullet, or a setext heading's underline.
var bareMarker = regexp.MustCompile(`^\s*(?:[-*+]|\d{1,9}[.)]?|#{1,6}|>|(?:[-*+]|\d{1,9}[.)])\s+\[[ xX]?\]?)?\s*$`)

// blockStart is a line that starts a new inline context: emphasis never runs across it.
var blockStart = regexp.MustCompile(`^\s*(?:[-*+]\s|\d{1,9}[.)]\s|#{1,6}\s|>|\|)`)

// tableDelimiter is a GFM table's delimiter row, such as "|---|:--:|".
var tableDelimiter = regexp.MustCompile(`^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$`)

// fenceOpen says whether text ends inside a code fence (at any indentation, for fences in lists).
func fenceOpen(text string) bool {
	fence := ""
	for line := range strings.SplitSeq(text, "\n") {
		t := strings.TrimLeft(line, " \t>")
		if fence != "" {
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]+" \t") == "" {
				fence = ""
			}
			continue
		}
		for _, f := range []string{"```", "~~~"} {
			if strings.HasPrefix(t, f) {
				n := len(t) - len(strings.TrimLeft(t, f[:1]))
				fence = strings.Repeat(f[:1], n)
			}
		}
	}
	return fence != ""
}

// healTable holds back a table's header until its delimiter row has ended, and a row until its
// line has ended, so that a table appears whole and gains whole rows.
func healTable(lines []string, ended bool) []string {
	if len(lines) == 0 || !strings.HasPrefix(strings.TrimSpace(lines[0]), "|") {
		return lines
	}
	if ended {
		lines = lines[:len(lines)-1] // the empty string after the last newline
	}
	if len(lines) < 2 || (len(lines) == 2 && !ended) {
		return nil
	}
	if !tableDelimiter.MatchString(lines[1]) {
		return lines
	}
	if !ended {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// tailStart is the first line of the last inline context of lines.
func tailStart(lines []string) int {
	for i := len(lines) - 1; i > 0; i-- {
		if strings.TrimSpace(lines[i]) == "" {
			return i + 1
		}
		if blockStart.MatchString(lines[i]) {
			return i
		}
	}
	return 0
}

// edit is a deletion of text[from:to] made by healInline.
type edit struct{ from, to int }

// healInline closes what is open at the end of t: code, emphasis and links.
func healInline(t string) string {
	s := scanInline(t)
	var edits []edit
	var suffix string
	switch {
	case s.code >= 0 && strings.TrimSpace(t[s.code+s.codeLen:]) == "":
		edits = append(edits, edit{s.code, len(t)}) // "`" and nothing yet
	case s.code >= 0:
		suffix = strings.Repeat("`", s.codeLen)
	case s.dest >= 0 && strings.TrimSpace(t[s.dest:]) == "":
		edits = append(edits, edit{s.link, s.link + 1}, edit{s.dest - 2, len(t)})
	case s.dest >= 0:
		suffix = strings.Repeat(")", s.depth+1)
	}
	edits = append(edits, s.brackets...)
	if s.trailing.to > 0 {
		edits = append(edits, s.trailing)
	}
	if i := openAutolink(t); i >= 0 && s.code < 0 {
		edits = append(edits, edit{i, i + 1})
	}
	if s.closed >= 0 { // "[text]" at the very end may be a link's text
		edits = append(edits, edit{s.closed, s.closed + 1}, edit{len(t) - 1, len(t)})
	}
	for i := len(s.delims) - 1; i >= 0; i-- {
		d := s.delims[i]
		if strings.TrimSpace(t[d.pos+len(d.s):]) == "" {
			edits = append(edits, edit{d.pos, d.pos + len(d.s)})
		} else {
			suffix += d.s
		}
	}
	return applyEdits(t, edits) + suffix
}

// applyEdits deletes the edits' ranges from t and trims the end, so that closers appended to
// the result follow a character, as a closing delimiter must.
func applyEdits(t string, edits []edit) string {
	sort.Slice(edits, func(i, j int) bool { return edits[i].from > edits[j].from })
	end := len(t)
	for _, e := range edits {
		from, to := e.from, min(e.to, end)
		if from < to {
			t = t[:from] + t[to:]
			end = from
		}
	}
	return strings.TrimRight(t, " \t\n")
}

// delim is an opening emphasis delimiter run not closed yet.
type delim struct {
	pos int
	s   string
}

// inlineState is what is still open at the end of a text: -1 when nothing is.
type inlineState struct {
	code, codeLen int     // an open code span's backticks
	link, dest    int     // an open link's "[" and the start of its address after "]("
	depth         int     // parentheses open in that address
	brackets      []edit  // "[" (or "![") never closed
	trailing      edit    // a delimiter run that ends the text and closes nothing (yet)
	closed        int     // the "[" of a "[text]" that ends the text
	delims        []delim // open emphasis, innermost last
}

// scanInline finds what is open at the end of t. It is a small approximation of CommonMark's
// rules, enough for text that a model writes: flanking decides whether a run opens or closes,
// and an underscore inside a word (snake_case) does neither.
func scanInline(t string) inlineState {
	s := inlineState{code: -1, link: -1, dest: -1, closed: -1}
	var open []int // "[" positions
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case s.dest >= 0:
			i = s.scanDest(t, i)
		case c == '\\':
			i += 2
		case c == '`':
			i = s.codeSpan(t, i)
		case c == '[':
			open = append(open, i)
			i++
		case c == ']' && len(open) > 0:
			s.link, open = open[len(open)-1], open[:len(open)-1]
			i = s.closeBracket(t, i)
		case c == '*' || c == '_' || c == '~':
			n := runLen(t, i)
			s.emphasis(t, i, n)
			i += n
		default:
			i++
		}
	}
	for _, b := range open {
		e := edit{b, b + 1}
		if b > 0 && t[b-1] == '!' {
			e.from-- // an image's "!["
		}
		s.brackets = append(s.brackets, e)
	}
	return s
}

// closeBracket reads the "]" at i that closes the "[" at s.link: a link's address may follow,
// or the text may end there.
func (s *inlineState) closeBracket(t string, i int) int {
	switch {
	case strings.HasPrefix(t[i:], "]("):
		s.dest = i + 2
		return i + 2
	case i == len(t)-1:
		s.closed = s.link
	}
	return i + 1
}

// scanDest reads a link's address from i up to its ")", or to the end of t.
func (s *inlineState) scanDest(t string, i int) int {
	depth := 0
	defer func() { s.depth = depth }()
	for ; i < len(t); i++ {
		switch t[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			if depth == 0 {
				s.dest, s.link = -1, -1
				return i + 1
			}
			depth--
		case ' ', '\n':
			if depth == 0 && !strings.HasPrefix(t[i:], " \"") {
				s.dest, s.link = -1, -1 // not an address after all
				return i
			}
		}
	}
	return i
}

// emphasis records the delimiter run t[i:i+n]: it closes the innermost open run of the same
// kind when it can close, else opens one when it can open.
func (s *inlineState) emphasis(t string, i, n int) {
	d := t[i : i+n]
	if d[0] == '~' && n > 2 {
		return
	}
	before, after := i > 0 && !isSpace(t[i-1]), i+n < len(t) && !isSpace(t[i+n])
	if d[0] == '_' && i > 0 && isWord(t[i-1]) && i+n < len(t) && isWord(t[i+n]) {
		return // snake_case
	}
	if k := len(s.delims) - 1; before && k >= 0 && s.delims[k].s == d {
		s.delims = s.delims[:k]
		return
	}
	if after {
		s.delims = append(s.delims, delim{pos: i, s: d})
	} else if i+n == len(t) {
		s.trailing = edit{i, i + n} // "**" typed, or half of a closing "**"
	}
}

func runLen(t string, i int) int {
	n := 1
	for i+n < len(t) && t[i+n] == t[i] {
		n++
	}
	return n
}

func isWord(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c >= 0x80
}

// codeSpan reads a code span from its opening backticks at i to past its closing ones; an open
// span runs to the end of t.
func (s *inlineState) codeSpan(t string, i int) int {
	n := runLen(t, i)
	for j := i + n; j < len(t); {
		if t[j] != '`' {
			j++
			continue
		}
		m := runLen(t, j)
		if m == n {
			return j + m
		}
		j += m
	}
	s.code, s.codeLen = i, n
	return len(t)
}

// openAutolink is the "<" of an autolink such as "<https://exa" whose ">" has not arrived, or -1.
// Without it the address shows as a link already (GFM links bare addresses).
func openAutolink(t string) int {
	i := strings.LastIndexByte(t, '<')
	if i < 0 || strings.ContainsAny(t[i:], "> \n") {
		return -1
	}
	rest := t[i+1:]
	for _, p := range []string{"https://", "http://"} {
		if strings.HasPrefix(rest, p) || strings.HasPrefix(p, rest) {
			return i
		}
	}
	return -1
}
