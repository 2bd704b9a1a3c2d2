package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"lectern/app/conversations"
	"lectern/client"
)

var cmdGenerate = &command{
	name:    "generate",
	args:    "PROMPT [--out FILE] [--json]",
	summary: "write a text, and an Office file (.docx, .xlsx) when the prompt asks for one",
	help: `
Prints the service's text. When it made a file (ask for a document, a report, a spreadsheet...),
Lectern downloads it before it expires: to FILE with --out, else under the file's own name in
the current folder (numbered, never over an existing file). The service allows 10 requests a minute for
pdf, generate and its chat together; Lectern waits when it is told to.

  --out FILE   save the file there (replacing a file of that name)
  --json       print the service's answer as JSON (the file is still saved; messages go to stderr)`,
	run: runGenerate,
}

// runGenerate is `lectern generate PROMPT`.
func runGenerate(e *env, args []string) error {
	flags := newFlagSet(e, "generate")
	out := flags.String("out", "", "where to save the file")
	asJSON := flags.Bool("json", false, "print JSON")
	pos, err := parseArgs(flags, args, 1, 1, "PROMPT")
	if err != nil {
		return err
	}
	a, err := e.appOn()
	if err != nil {
		return err
	}
	res, err := a.Tools().Generate(e.ctx, pos[0])
	if err != nil {
		return e.toolError(a.Tools(), err)
	}
	if *asJSON {
		if err := e.printJSON(res.Raw); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(e.stdout, strings.TrimSpace(res.Response))
	}
	if res.Artifact == nil {
		return nil
	}
	return saveArtifact(e, a.Tools(), res.Artifact, *out, ".", *asJSON)
}

// artifactDownloader downloads a file the service generated, and tells a failure in the tools'
// words (app/tools).
type artifactDownloader interface {
	toolErrors
	DownloadArtifact(ctx context.Context, art *client.OfficeArtifact, path string, progress func(got, total int64)) (int64, error)
}

// saveArtifact downloads the generated file to out, or under its own name in dir when out is "".
func saveArtifact(e *env, d artifactDownloader, art *client.OfficeArtifact, out, dir string, asJSON bool) error {
	msg := e.stdout
	if asJSON {
		msg = e.stderr
	}
	path, err := artifactPath(e, art, out, dir)
	if err != nil {
		return err
	}
	p := e.newProgress(asJSON)
	n, err := d.DownloadArtifact(e.ctx, art, path, func(got, total int64) {
		p.show("Downloading %s  %s", quoted(art.Filename), percent(got, total))
	})
	p.out.clearProgress()
	if err != nil {
		return e.toolError(d, err)
	}
	fmt.Fprintf(msg, "Saved %s (%d bytes).\n", quoted(path), n)
	return nil
}

// artifactPath is out, or the file's own name in dir, numbered when a file of that name exists
// there ("report-2.docx"), so nothing is replaced. A name that is a path, hidden, or
// not accepted on every system (app.SaveName: "CON", "C:x.docx", a trailing dot...) is refused and
// the file is saved as "generated" with its kind's extension, saying so.
func artifactPath(e *env, art *client.OfficeArtifact, out, dir string) (string, error) {
	if out != "" {
		return out, nil
	}
	name, ok := conversations.SaveName(art.Filename, art.Kind)
	if !ok && art.Filename != "" {
		fmt.Fprintf(e.stderr, "lectern: the server named the file %s, which is not a plain file name on every system: %s is used instead\n",
			quoted(art.Filename), quoted(name))
	}
	ext := filepath.Ext(name)
	for i := 1; i < 1000; i++ {
		try := filepath.Join(dir, name)
		if i > 1 {
			try = filepath.Join(dir, fmt.Sprintf("%s-%d%s", strings.TrimSuffix(name, ext), i, ext))
		}
		if _, err := os.Lstat(try); errors.Is(err, fs.ErrNotExist) {
			return try, nil
		}
	}
	return "", localf("%s and 998 numbered copies already exist; run again with --out FILE", quoted(name))
}
