package cli

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"lectern/internal/safetext"
)

// Everything the command line prints, except --json, goes through app.SafeText, the one sanitiser
// of both front-ends: run wraps stdout and stderr in safeWriter, so no text from a server or a
// file name can send an escape sequence to the terminal (or to a pipe), whichever command prints
// it. Table cells and names use app.OneLine. Lectern's own terminal codes (the progress and stage
// lines) are written to the raw stdout, and --json to the raw stdout after escapeJSONControls.

// safeWriter writes each piece of text through app.SafeText.
type safeWriter struct{ w io.Writer }

func (s safeWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(s.w, safetext.Text(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// sanitizeOutput wraps e's stdout and stderr; e.rawStdout keeps the stream itself.
func (e *env) sanitizeOutput() {
	if e.rawStdout != nil {
		return
	}
	e.rawStdout = e.stdout
	e.stdout, e.stderr = safeWriter{e.stdout}, safeWriter{e.stderr}
}

// raw returns stdout without the sanitiser, for Lectern's own terminal codes and for JSON.
func (e *env) raw() io.Writer {
	if e.rawStdout != nil {
		return e.rawStdout
	}
	return e.stdout
}

// escapeJSONControls writes the characters encoding/json leaves raw inside strings but a terminal
// may act on (DEL, the C1 controls U+0080-U+009F, and the bidirectional overrides that reorder
// what is shown) as \u escapes: the same JSON values, and nothing a terminal reads as a command.
// JSON outside strings is plain ASCII.
func escapeJSONControls(b []byte) []byte {
	var out bytes.Buffer
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == 0x7f || (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			fmt.Fprintf(&out, `\u%04x`, r)
		} else {
			out.Write(b[:n])
		}
		b = b[n:]
	}
	return out.Bytes()
}

// quoted shows a file name or path on one line: as it is when it is plain, else Go-quoted, so that
// a newline, a control character or invalid UTF-8 in it is visible and cannot break the line.
func quoted(p string) string {
	if safetext.OneLine(p) != p || !utf8.ValidString(p) {
		return fmt.Sprintf("%q", p)
	}
	return p
}
