//go:build realwindow

package realwin

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// droppedImage is the name of the PNG image dragged into the model chat.
const droppedImage = "dropped-picture.png"

// checkModelDrop opens a new model chat with Ctrl+Shift+N, drags a PNG image from a GTK window
// (a real XDND source) onto the window, and checks that the chat holds it attached to its next
// message (issue 21: "drop or paste an image").
func (s *session) checkModelDrop() {
	s.unfocus()
	s.key("ctrl+shift+n")
	st, ok := s.waitState(10*time.Second, func(st State) bool { return st.ModelTier != "" })
	s.check("new-model-chat", ok, "after Ctrl+Shift+N the pane shows a model chat of tier %q", st.ModelTier)
	if !ok {
		return
	}
	path := filepath.Join(s.t.TempDir(), droppedImage)
	if err := os.WriteFile(path, pngBytes(s), 0o644); err != nil {
		s.t.Fatal(err)
	}
	s.drag(int(st.Width*st.Scale/2), int(st.Height*st.Scale/2), "testdata/dragsource.py", "1400", "100", path)
	st, ok = s.waitState(10*time.Second, func(st State) bool { return slices.Contains(st.Attached, droppedImage) })
	s.check("model-drop", ok, "a PNG dragged from a GTK window into the %s chat: attached %q", st.ModelTier, st.Attached)
}

// pngBytes is a small PNG image (a red square on white).
func pngBytes(s *session) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		for x := range 16 {
			c := color.RGBA{R: 255, G: 255, B: 255, A: 255}
			if x > 3 && x < 12 && y > 3 && y < 12 {
				c = color.RGBA{R: 200, A: 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		s.t.Fatal(err)
	}
	return buf.Bytes()
}
