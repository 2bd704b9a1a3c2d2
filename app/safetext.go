package app

import "lectern/internal/safetext"

// SafeText returns text from a server or a file name safe to print or show, on several lines:
// escape sequences and control characters removed, newlines and tabs kept (package safetext, the
// one sanitiser). The desktop shows answers, previews and messages through it.
func SafeText(s string) string { return safetext.Text(s) }

// OneLine is SafeText for one line (names, labels, table cells): newlines and tabs become spaces.
func OneLine(s string) string { return safetext.OneLine(s) }

// TextFilter is SafeText for text that arrives in pieces (a streamed answer): a sequence split
// between two pieces is removed whole. The zero value is ready for multi-line text.
type TextFilter = safetext.Filter
