package cli

import (
	"fmt"
	"strings"

	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

var cmdStatus = &command{
	name:    "status",
	args:    "WORKSPACE ID [--json]",
	summary: "show the status of one added document",
	help: `
ID is the document id, or the 12-character client id that "upload" printed. Shows the status
(processing, not_ready, ready or failed), and why a document failed.

  --json   print the upload record as JSON instead`,
	run: runStatus,
}

// runStatus is `lectern status WORKSPACE ID`.
func runStatus(e *env, args []string) error {
	fs := newFlagSet(e, "status")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseArgs(fs, args, 2, 2, "WORKSPACE and ID")
	if err != nil {
		return err
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	rec, err := a.Workspaces().DocumentStatus(e.ctx, pos[0], pos[1])
	if err != nil {
		return err
	}
	if *asJSON {
		return e.printJSON(rec)
	}
	printRecord(e, rec)
	return nil
}

// printRecord writes an upload record as labelled lines.
func printRecord(e *env, r *client.UploadRecord) {
	docID := "(not assigned yet)"
	if r.DocumentID != nil {
		docID = *r.DocumentID
	}
	lines := [][2]string{
		{"Name", r.Name},
		{"Status", statusWords(r.Status, r.FailedReason)},
		{"Document id", docID},
		{"Client id", r.ClientDocumentID},
		{"Size", words.Bytes(r.Bytes)},
		{"Added", localTime(r.CreatedAt, r.Created)},
		{"Added by", r.AddedBy},
	}
	if len(r.Warnings) > 0 {
		lines = append(lines, [2]string{"Warnings", strings.Join(uploadWarnings(r.Warnings), "; ")})
	}
	lines = append(lines, [2]string{"Request id", r.RequestID})
	for _, l := range lines {
		if l[1] != "" {
			fmt.Fprintf(e.stdout, "%-12s %s\n", l[0]+":", safetext.OneLine(l[1]))
		}
	}
}

// statusWords says an upload status in words.
func statusWords(status, reason string) string {
	switch status {
	case client.StatusProcessing:
		return "processing (the server is still reading the file)"
	case client.StatusNotReady:
		return "not_ready (being prepared; it can be asked once ready)"
	case client.StatusReady:
		return "ready (it can be asked)"
	case client.StatusFailed:
		if reason == "indexing_failed" {
			return "failed (the server could not index the file; check it opens, then add it again)"
		}
		if reason != "" {
			return "failed (" + reason + ")"
		}
		return "failed"
	}
	return status
}

// uploadWarnings says upload warning tokens in words; unknown tokens stay as they are.
func uploadWarnings(tokens []string) []string {
	out := make([]string, 0, len(tokens))
	for _, t := range tokens {
		if t == "ocr_used" {
			t = "the file was read with OCR (scanned pages); check the text came out right"
		}
		out = append(out, t)
	}
	return out
}
