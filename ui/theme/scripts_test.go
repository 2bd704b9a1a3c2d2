// Fyne's ci build (and its test tag) turns the system fonts off, so this test runs only in a
// build without them: go test ./ui/theme/ -run Scripts.

//go:build !ci && !test

package theme

import (
	"fmt"
	"image"
	"os/exec"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

// Chinese, Japanese and Korean draw with real glyphs wherever the system has a font for them:
// Fyne takes what its own font lacks from the system fonts. Each sample is compared with text of
// private-use characters, which no font draws (empty boxes); a script the system has no font for
// is skipped, saying so (the README says what to install).
func TestScriptsDrawFromSystemFonts(t *testing.T) {
	if _, err := exec.LookPath("fc-list"); err != nil {
		t.Skip("no fontconfig to ask which scripts the system has fonts for")
	}
	test.NewTempApp(t)
	boxes := renderText(t, "\U000F0000\U000F0001\U000F0002")
	for script, sample := range map[string]string{"Chinese": "中文字", "Japanese": "日本語", "Korean": "한국어"} {
		if !systemCovers(sample) {
			t.Logf("%s: no system font covers %q here; skipped", script, sample)
			continue
		}
		if differing(renderText(t, sample), boxes) == 0 {
			t.Errorf("%s %q draws as empty boxes although a system font covers it", script, sample)
		}
	}
}

// systemCovers reports whether one installed font covers every character of s.
func systemCovers(s string) bool {
	var hex []string
	for _, r := range s {
		hex = append(hex, fmt.Sprintf("%x", r))
	}
	out, err := exec.Command("fc-list", ":charset="+strings.Join(hex, " "), "family").Output()
	return err == nil && strings.TrimSpace(string(out)) != ""
}

// renderText draws s at 20 points in a small test window and returns the picture.
func renderText(t *testing.T, s string) image.Image {
	t.Helper()
	txt := canvas.NewText(s, nil)
	txt.TextSize = 20
	w := test.NewWindow(txt)
	defer w.Close()
	w.Resize(fyne.NewSize(200, 40))
	return w.Canvas().Capture()
}

// differing counts the pixels in which a and b differ.
func differing(a, b image.Image) int {
	n := 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}
