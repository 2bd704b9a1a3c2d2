package tools

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

// ToolErrorText explains an error of a tool call: the shared request limit, an OCR job that ended
// without a text, a wait past its deadline, an expired file; other errors as Describe does.
func (t *Tools) ToolErrorText(err error) string { return ErrorText(err, t.conn.Describe) }

// ErrorText is ToolErrorText with describe for the errors it has no words of its own for.
func ErrorText(err error, describe func(error) string) string {
	var je *client.OCRJobError
	var de *client.OCRDeadlineError
	var ae *client.APIError
	switch {
	case errors.As(err, &ae) && ae.StatusCode == 429:
		s := "Too many requests: chat, generate and PDF text share a limit of 10 a minute per person, and the server limits each address too."
		if ae.RetryAfter > 0 {
			return s + " Try again in " + words.Wait(ae.RetryAfter) + "."
		}
		return s + " Wait a minute, then try again."
	case errors.As(err, &je):
		s := "The OCR job " + safetext.OneLine(je.JobID) + " ended " + safetext.OneLine(je.Status)
		if je.Reason != "" {
			s += ": " + safetext.OneLine(strings.TrimRight(je.Reason, "."))
		}
		return s + ". Check that the file is a readable scan, then start the OCR again."
	case errors.As(err, &de):
		return "The OCR job " + safetext.OneLine(de.JobID) + " was still " + safetext.OneLine(de.Status) + " when Lectern stopped waiting. Ask for it later with `lectern ocr --job " + safetext.OneLine(de.JobID) + "`."
	case errors.Is(err, ErrArtifactExpired):
		return explain.CodeSentence(client.CodeArtifactExpired)
	}
	return describe(err)
}

// PDFWarningText says a /pdf warning of the file name (sent from path) in words: little or no
// text offers OCR of path; other warnings are shown as they come, after the name.
func PDFWarningText(w client.Warning, name, path string) string {
	if strings.HasPrefix(w.Code, client.WarnScannedOrEmpty) || strings.HasPrefix(w.Text, client.WarnScannedOrEmpty) {
		return records.ScannedText(name) + " Try `lectern ocr " + shellWord(path) + "`."
	}
	return safetext.OneLine(name) + ": " + safetext.OneLine(w.String())
}

// OCRDeadline is how long a front-end follows an OCR job before it gives up (the job goes on).
const OCRDeadline = 30 * time.Minute

// OCRStageText says where a job being followed stands: its page while it runs, else its state.
func OCRStageText(j *client.OCRJob) string {
	if j.Status == client.OCRRunning && j.Progress != nil && j.Progress.Total > 0 {
		return fmt.Sprintf("OCR running: page %d of %d", j.Progress.Page, j.Progress.Total)
	}
	return "OCR " + safetext.OneLine(j.Status) + "…"
}

// shellWord quotes a file name for a command line when it needs quoting.
func shellWord(s string) string {
	s = safetext.OneLine(s)
	if s != "" && !strings.ContainsAny(s, " '\"$`\\!*?&;|<>()#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
