//go:build realwindow

package realwin

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"lectern/client/emulator/engine"
)

// droppedPDF is the name of the PDF dragged into the model chat.
const droppedPDF = "dropped-report.pdf"

// checkPDFDrop drags a PDF from a GTK window (a real XDND source) onto the model chat shown and
// checks that its text was read (POST /pdf) and its card shows above the question box (issue 22:
// "A real-window test drops a PDF into a model chat and sees its card").
func (s *session) checkPDFDrop() {
	st := s.state()
	if st.ModelTier == "" {
		s.check("model-pdf-drop", false, "no model chat is shown to drop a PDF on")
		return
	}
	path := filepath.Join(s.t.TempDir(), droppedPDF)
	pdf := engine.MakePDF([][]string{{"Quarterly report.", "Sales rose by 12 percent in the third quarter."}})
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		s.t.Fatal(err)
	}
	s.drag(int(st.Width*st.Scale/2), int(st.Height*st.Scale/2), "testdata/dragsource.py", "1400", "100", path)
	st, ok := s.waitState(20*time.Second, func(st State) bool {
		return slices.ContainsFunc(st.FileCards, func(c string) bool { return strings.HasPrefix(c, "PDF text: "+droppedPDF+", 1 page") })
	})
	s.check("model-pdf-drop", ok, "a PDF dragged from a GTK window into the %s chat: its cards %q", st.ModelTier, st.FileCards)
}
