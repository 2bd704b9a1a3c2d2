package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"lectern/app/tools"
	"lectern/client"
)

var cmdPDF = &command{
	name:    "pdf",
	args:    "FILE... [--tables] [--json]",
	summary: "print the text of PDF files (no model is used; nothing is kept)",
	help: `
Sends the PDF files to the service, which reads their text page by page, and prints it. A file
with little or no text is probably scanned: read it with "lectern ocr FILE". The service allows
10 requests a minute for pdf, generate and its chat together; Lectern waits when it is told to.

  --tables   print only the lines that form tables, cells joined by " | "
  --json     print the service's answer as JSON (progress goes to stderr)`,
	run: runPDF,
}

// runPDF is `lectern pdf FILE...`.
func runPDF(e *env, args []string) error {
	fs := newFlagSet(e, "pdf")
	tables := fs.Bool("tables", false, "table lines only")
	asJSON := fs.Bool("json", false, "print JSON")
	files, err := parseArgs(fs, args, 1, -1, "at least one FILE")
	if err != nil {
		return err
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	p := e.newProgress(*asJSON)
	res, err := a.Tools().PDFText(e.ctx, files, *tables, p.sending(fmt.Sprintf("%d file(s)", len(files))))
	p.out.clearProgress()
	if err != nil {
		return e.toolError(a.Tools(), err)
	}
	printPDFWarnings(e, res, files)
	if *asJSON {
		return e.printJSON(res.Raw)
	}
	printPDF(e, res)
	return nil
}

// printPDF prints each file's text under a heading with its counts.
func printPDF(e *env, res *client.PDFResult) {
	for i, f := range res.Files {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprintf(e.stdout, "== %s (%d of %d pages, %d characters%s)\n", quoted(f.Name), f.PagesProcessed, f.Pages,
			f.Chars, cut(f.Truncated))
		if text := strings.TrimSpace(f.Text); text != "" {
			fmt.Fprintln(e.stdout, text)
		}
	}
}

// cut notes a text the service truncated.
func cut(truncated bool) string {
	if truncated {
		return ", truncated by the service"
	}
	return ""
}

// printPDFWarnings prints each file's warnings on stderr, a scanned file with the OCR command for
// the path it was given as.
func printPDFWarnings(e *env, res *client.PDFResult, paths []string) {
	for _, f := range res.Files {
		for _, w := range f.Warnings {
			fmt.Fprintf(e.stderr, "lectern: %s\n", tools.PDFWarningText(w, f.Name, pathOf(f.Name, paths)))
		}
	}
}

// pathOf is the path among paths whose file is called name, else name.
func pathOf(name string, paths []string) string {
	for _, p := range paths {
		if filepath.Base(p) == name {
			return p
		}
	}
	return name
}
