package app

import (
	"bytes"
	"encoding/base64"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// assertNoKeyInHome reads every file under home and fails if one holds key, or its base64 forms.
func assertNoKeyInHome(t *testing.T, home, key string) int {
	t.Helper()
	needles := [][]byte{[]byte(key), []byte(base64.StdEncoding.EncodeToString([]byte(key))),
		[]byte(base64.RawURLEncoding.EncodeToString([]byte(key))), []byte(base64.StdEncoding.EncodeToString([]byte("Bearer " + key)))}
	files := 0
	err := filepath.WalkDir(home, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		for _, n := range needles {
			if bytes.Contains(b, n) {
				t.Errorf("%s contains the API key (%q)", p, n)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
