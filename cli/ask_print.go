package cli

import (
	"fmt"
	"io"
	"strings"

	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
)

// answerPrinter shows an answer as it streams. On a terminal (live) it prints each new piece of
// the preview; when the preview is reset it prints a notice and the corrected text again; when
// the final answer differs from the preview it says so and prints the final text. Otherwise it
// prints nothing until finish, which prints exactly the final answer.
type answerPrinter struct {
	w       io.Writer       // sanitised stdout
	term    io.Writer       // stdout without the sanitiser, for the stage line's codes
	filter  safetext.Filter // the answer's text, cleaned across pieces
	live    bool
	text    string // the preview so far
	shown   string // what has been printed since the last notice
	staging bool   // a stage line is on screen
}

// newAnswerPrinter returns a printer writing to e's stdout.
func newAnswerPrinter(e *env, live bool) *answerPrinter {
	return &answerPrinter{w: e.stdout, term: e.raw(), live: live}
}

// stage shows the server's progress (retrieving, reading, ...) until the text starts.
func (p *answerPrinter) stage(stage string) {
	if stage != "" {
		p.stageLine("(" + safetext.OneLine(stage) + "…)")
	}
}

// stageLine replaces the stage line with line (terminals only, until the text starts).
func (p *answerPrinter) stageLine(line string) {
	if !p.live || p.shown != "" {
		return
	}
	fmt.Fprint(p.term, "\r\033[K")
	fmt.Fprint(p.w, line)
	p.staging = true
}

// clearStage removes the stage line.
func (p *answerPrinter) clearStage() {
	if p.staging {
		fmt.Fprint(p.term, "\r\033[K")
		p.staging = false
	}
}

// update takes the preview text so far (resets applied).
func (p *answerPrinter) update(text string) {
	p.text = text
	if !p.live {
		return
	}
	p.clearStage()
	if rest, ok := strings.CutPrefix(text, p.shown); ok {
		p.print(rest)
		p.shown = text
		return
	}
	p.notice("the answer was revised; here it is again")
	p.print(text)
	p.shown = text
}

// notice ends the current line and prints a bracketed note on its own line.
func (p *answerPrinter) notice(msg string) {
	if p.shown != "" && !strings.HasSuffix(p.shown, "\n") {
		fmt.Fprintln(p.w)
	}
	fmt.Fprintf(p.w, "\n[%s]\n\n", msg)
	p.shown = ""
	p.filter = safetext.Filter{} // the text starts again
}

// print writes a piece of the answer's text through the printer's filter, so that an escape
// sequence split between two pieces is removed whole.
func (p *answerPrinter) print(piece string) {
	fmt.Fprint(p.w, p.filter.Clean(piece))
}

// finish prints the final answer: the rest of it on a terminal, all of it otherwise.
func (p *answerPrinter) finish(final string) {
	p.clearStage()
	if !p.live {
		fmt.Fprint(p.w, final)
		if !strings.HasSuffix(final, "\n") {
			fmt.Fprintln(p.w)
		}
		return
	}
	if rest, ok := strings.CutPrefix(final, p.shown); ok {
		p.print(rest)
	} else {
		p.notice("the final answer differs from the preview; here it is")
		p.print(final)
	}
	p.shown = final
	if !strings.HasSuffix(final, "\n") {
		fmt.Fprintln(p.w)
	}
}

// partial prints the text received before an answer stopped, when it is not on screen yet (stdout
// is not a terminal): a script gets what was kept, and the reason on stderr.
func (p *answerPrinter) partial(text string) {
	if p.live {
		return
	}
	fmt.Fprint(p.w, text)
	if !strings.HasSuffix(text, "\n") {
		fmt.Fprintln(p.w)
	}
}

// failed ends the printing of an answer that did not come whole: the text received goes to
// stdout (already there on a terminal; never with --json), the caller reports why on stderr.
func (p *answerPrinter) failed(text string, asJSON bool) {
	p.abort()
	if !asJSON && text != "" {
		p.partial(text)
	}
}

// abort ends the line of a stream that stopped early.
func (p *answerPrinter) abort() {
	p.clearStage()
	if p.live && p.shown != "" && !strings.HasSuffix(p.shown, "\n") {
		fmt.Fprintln(p.w)
	}
}

// printDetails prints what comes with an answer: found, sources, coverage, warnings, notice and
// request id. They go to stdout on a terminal and to stderr otherwise, so that piped output is
// exactly the answer.
func (e *env) printDetails(ans *client.Answer, toStdout bool) {
	w := e.stderr
	if toStdout {
		w = e.stdout
	}
	fmt.Fprintln(w)
	if !ans.Found {
		fmt.Fprintln(w, "Not found: the documents do not cover this question (the answer names the documents checked).")
	}
	printSources(w, ans.Sources)
	if ans.Coverage != nil && ans.Coverage.Mode == "compute" {
		fmt.Fprintln(w, "Calculated from the spreadsheet's columns, not read from text.")
	}
	for _, warn := range ans.Warnings {
		fmt.Fprintf(w, "Warning: %s\n", safetext.OneLine(records.WarningText(warn)))
	}
	if ans.Notice != "" {
		fmt.Fprintf(w, "Note: %s\n", ans.Notice)
	}
	fmt.Fprintf(w, "Model: %s%s   Request id: %s\n", safetext.OneLine(ans.Model), thinkingNote(ans.Thinking), safetext.OneLine(ans.RequestID))
}

// printSources lists the sources, numbered as the server numbers them.
func printSources(w io.Writer, sources []client.AnswerSource) {
	if len(sources) == 0 {
		return
	}
	fmt.Fprintln(w, "Sources:")
	for _, s := range sources {
		use := strings.ToLower(records.SourceUse(s.Used))
		name := safetext.OneLine(s.Name)
		if s.URL != nil && *s.URL != "" {
			name += " <" + safetext.OneLine(*s.URL) + ">"
		}
		fmt.Fprintf(w, "  [%d] %s (%s)\n", s.Index, name, use)
	}
}

// thinkingNote says that the model reasoned first.
func thinkingNote(thinking bool) string {
	if thinking {
		return " (with thinking)"
	}
	return ""
}
