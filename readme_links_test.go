package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README and the docs link only inside the repository, to files that exist: no link to a
// folder beside the clone (../shared/…) or to a web page that a reader of the clone may not reach.
func TestDocsLinkOnlyInsideTheRepository(t *testing.T) {
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{"README.md"}, files...)
	link := regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	root, _ := filepath.Abs(".")
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" {
				continue // a heading of the same page
			}
			n++
			if strings.Contains(target, ":") || strings.HasPrefix(target, "/") {
				t.Errorf("%s links outside the repository: %s", f, m[1])
				continue
			}
			abs, _ := filepath.Abs(filepath.Join(filepath.Dir(f), target))
			if rel, err := filepath.Rel(root, abs); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				t.Errorf("%s links outside the repository: %s", f, m[1])
			} else if _, err := os.Stat(abs); err != nil && !strings.HasPrefix(filepath.ToSlash(rel), "docs/screenshots/") {
				// (a screenshot is written by `make screenshots`, and may land in another commit)
				t.Errorf("%s links to %s, which does not exist", f, m[1])
			}
		}
	}
	if n == 0 {
		t.Fatal("no links found: the pattern is wrong")
	}
}
