package conversations

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"lectern/app/records"
	"lectern/internal/atomicfile"
)

// imageFiles returns the linker that writes each turn's images into the folder beside the
// Markdown file at path (notes.md: notes_images/), named by turn, position and file name.
func (c *Conversations) imageFiles(ctx context.Context, path string) imageLinker {
	dir := strings.TrimSuffix(path, filepath.Ext(path)) + "_images"
	return func(n int, t records.Turn) ([]string, error) {
		images, err := c.TurnImages(ctx, t.ID)
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("cannot make the folder for the images: %w", err)
		}
		links := make([]string, len(images))
		for i, img := range images {
			name := fmt.Sprintf("%d-%d-%s", n, i+1, safeFileName(img.Name))
			if err := atomicfile.WriteFile(filepath.Join(dir, name), img.Data, 0o644); err != nil {
				return nil, fmt.Errorf("cannot write the image %s: %w", img.Name, err)
			}
			links[i] = (&url.URL{Path: filepath.Base(dir) + "/" + name}).EscapedPath()
		}
		return links, nil
	}
}

var UnsafeNameChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// safeFileName keeps a received file name to letters, digits, dot, dash and underscore, so that
// it cannot leave the folder or upset a file system ("image" when nothing is left).
func safeFileName(name string) string {
	s := strings.Trim(UnsafeNameChars.ReplaceAllString(filepath.Base(name), "_"), "._")
	if s == "" {
		return "image"
	}
	return s
}
