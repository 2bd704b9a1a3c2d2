//go:build realwindow

package realwin

import "time"

// checkPanelFits opens the documents panel with Ctrl+D at the window's size, checks that its
// content fits the width it is given inside the window (issue 20: at 1100×700 its right edge was
// cut) with the conversation shown beside it, and closes it again.
func (s *session) checkPanelFits(name string) {
	s.key("ctrl+d")
	st, _ := s.waitState(5*time.Second, func(st State) bool { return st.Documents.W > 0 })
	time.Sleep(300 * time.Millisecond) // the layout settles in the frame after
	st = s.state()
	d := st.Documents
	right := d.X + d.W
	ok := d.W > 0 && st.DocumentsMin <= d.W+0.5 && right <= st.Width+0.5 && st.ConversationShown
	s.check(name, ok, "at %.0f×%.0f the documents panel is %.0f px wide (its content needs %.0f), its right edge at %.0f of %.0f; the conversation shown beside it: %v",
		st.Width*st.Scale, st.Height*st.Scale, d.W*st.Scale, st.DocumentsMin*st.Scale, right*st.Scale, st.Width*st.Scale, st.ConversationShown)
	s.key("ctrl+d")
	s.waitState(5*time.Second, func(st State) bool { return st.Documents.W == 0 })
}
