package cli

import (
	"context"
	"fmt"
	"strings"

	"lectern/app/tools"
	"lectern/client"
	"lectern/internal/safetext"
)

var cmdOCR = &command{
	name:    "ocr",
	args:    "FILE [--wait] [--json] | --job ID [--wait] [--json]",
	summary: "read a scanned PDF with OCR, as a job on the service",
	help: `
Sends one PDF to be read by OCR (optical character recognition) and prints the job's id. The job
is queued, then runs page by page; with --wait Lectern follows it every few seconds (with the
page it is on, on a terminal) and prints the text when it is done. Follow a job started earlier
with --job ID.

  --wait     follow the job until it ends (at most 30 minutes) and print its text
  --job ID   follow or show a job already started instead of sending a file
  --json     print the service's answer (the job) as JSON

Exit code 1 when the job ended failed, error or cancelled.`,
	run: runOCR,
}

// runOCR is `lectern ocr FILE` or `lectern ocr --job ID`.
func runOCR(e *env, args []string) error {
	fs := newFlagSet(e, "ocr")
	wait := fs.Bool("wait", false, "follow the job until it ends")
	jobID := fs.String("job", "", "a job already started")
	asJSON := fs.Bool("json", false, "print JSON")
	min := 1
	if hasJobFlag(args) {
		min = 0
	}
	pos, err := parseArgs(fs, args, min, 1, "FILE (or --job ID)")
	if err != nil {
		return err
	}
	if *jobID != "" && len(pos) > 0 {
		return usagef("ocr", "give a FILE or --job ID, not both")
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	p := e.newProgress(*asJSON)
	job, err := startOrFind(e, a.Tools(), p, pos, *jobID)
	switch {
	case err == nil && *wait && !job.Ended():
		job, err = a.Tools().WaitOCR(e.ctx, job.JobID, tools.OCRDeadline, func(j *client.OCRJob) { p.show("%s", tools.OCRStageText(j)) })
	case err == nil:
		err = job.EndError() // a job that had already ended failed, error or cancelled: exit 1, as followed
	}
	p.out.clearProgress()
	if job != nil && *asJSON {
		if perr := e.printJSON(job.Raw); perr != nil {
			return perr
		}
	}
	if err != nil {
		return e.toolError(a.Tools(), err)
	}
	if !*asJSON {
		printOCR(e, job)
	}
	return nil
}

// hasJobFlag reports whether args hold --job, which takes the place of FILE.
func hasJobFlag(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--job" || a == "-job" || strings.HasPrefix(a, "--job=") || strings.HasPrefix(a, "-job=") {
			return true
		}
	}
	return false
}

// ocrJobs starts OCR jobs and reads them (app/tools).
type ocrJobs interface {
	StartOCR(ctx context.Context, path string, progress func(sent, total int64)) (*client.OCRJob, error)
	OCRStatus(ctx context.Context, jobID string) (*client.OCRJob, error)
}

// startOrFind sends the file, or reads the job named by --job.
func startOrFind(e *env, jobs ocrJobs, p *toolProgress, files []string, jobID string) (*client.OCRJob, error) {
	if jobID != "" {
		return jobs.OCRStatus(e.ctx, jobID)
	}
	return jobs.StartOCR(e.ctx, files[0], p.sending(quoted(files[0])))
}

// printOCR prints a job: its text when done, else its state and how to follow it.
func printOCR(e *env, j *client.OCRJob) {
	if j.Status != client.OCRDone || j.Result == nil {
		fmt.Fprintf(e.stdout, "OCR job %s is %s. Follow it with: lectern ocr --job %s --wait\n",
			safetext.OneLine(j.JobID), safetext.OneLine(j.Status), safetext.OneLine(j.JobID))
		return
	}
	r := j.Result
	fmt.Fprintf(e.stdout, "== %s (%d of %d pages, %d characters%s)\n", quoted(j.Name), r.PagesProcessed, r.Pages, r.Chars, cut(r.Truncated))
	fmt.Fprintln(e.stdout, strings.TrimSpace(r.Text))
	for _, w := range r.Warnings {
		fmt.Fprintf(e.stderr, "lectern: %s\n", safetext.OneLine(w.String()))
	}
}
