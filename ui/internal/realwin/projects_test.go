//go:build realwindow

package realwin

import (
	"strconv"
	"time"
)

// checkProjectDrag makes a project, drags the first conversation row onto its folder with the
// mouse (button down, moved in steps, up, as a hand does) and checks that the conversation is
// then listed in the folder; then takes the screenshots of the list with projects, light and dark.
func (s *session) checkProjectDrag() {
	if err := s.ask("project-new Trip", nil, 15*time.Second); err != nil {
		s.check("project-drag", false, "%v", err)
		return
	}
	if err := s.ask("project-new Garden", nil, 15*time.Second); err != nil { // an empty one, its note shown
		s.check("project-drag", false, "%v", err)
		return
	}
	rows, folder, conv := s.projectRows()
	if folder < 0 || conv < 0 {
		s.check("project-drag", false, "no folder Trip or no conversation row in %+v", rowTexts(rows))
		return
	}
	title, scale := rows[conv].Text, s.state().Scale
	fx, fy := nearTop(rows[folder].Rect, scale)
	cx, cy := nearTop(rows[conv].Rect, scale)
	s.xdotool("mousemove", strconv.Itoa(cx), strconv.Itoa(cy))
	s.xdotool("mousedown", "1")
	const steps = 12
	for i := 1; i <= steps; i++ {
		s.xdotool("mousemove", strconv.Itoa(cx+(fx-cx)*i/steps), strconv.Itoa(cy+(fy-cy)*i/steps))
		time.Sleep(20 * time.Millisecond)
	}
	s.xdotool("mouseup", "1")
	after, ok := poll(10*time.Second, s.listRows, func(rows []ListRow) bool {
		for i, r := range rows {
			if r.Folder && r.Text == "Trip" {
				return i+1 < len(rows) && !rows[i+1].Folder && rows[i+1].Text == title
			}
		}
		return false
	})
	s.check("project-drag", ok, "the row %q dragged from (%d, %d) onto the folder Trip at (%d, %d): rows then %+v",
		title, cx, cy, fx, fy, rowTexts(after))
	for _, theme := range []string{"light", "dark"} {
		if err := s.ask("theme "+theme, nil, 10*time.Second); err == nil {
			time.Sleep(400 * time.Millisecond)
			s.t.Logf("projects, %s: %s", theme, s.screenshot("projects-"+theme))
		}
	}
}

// projectRows scrolls the conversation list to its top with the wheel and, when the folder Trip
// and a conversation row are not both in sight, closes the folders above Trip with a click, as a
// person makes room; it returns the rows then, and the places of Trip and of the first
// conversation row among them (-1 when not shown).
func (s *session) projectRows() (rows []ListRow, folder, conv int) {
	find := func(rows []ListRow) (folder, conv int) {
		folder, conv = -1, -1
		for i, r := range rows {
			switch {
			case r.Folder && r.Text == "Trip":
				folder = i
			case !r.Folder && !r.Note && conv < 0 && folder >= 0 && r.Rect.H >= wholeRow:
				conv = i // in sight whole: a press on a row cut by the list's edge was seen to start no drag
			}
		}
		return folder, conv
	}
	scale := s.state().Scale
	for try := 0; try < 3; try++ {
		rows, _ = poll(5*time.Second, s.listRows, func(rows []ListRow) bool { f, _ := find(rows); return f >= 0 || len(rows) > 0 })
		if len(rows) == 0 {
			return rows, -1, -1
		}
		x, y := pointAt(rows[0].Rect, scale)
		s.xdotool("mousemove", strconv.Itoa(x), strconv.Itoa(y))
		for range 15 {
			s.xdotool("click", "4")
		}
		time.Sleep(300 * time.Millisecond)
		rows = s.listRows()
		if folder, conv = find(rows); folder >= 0 && conv >= 0 {
			return rows, folder, conv
		}
		if len(rows) > 0 && rows[0].Folder && rows[0].Text != "Trip" { // a folder above Trip: closed, making room
			x, y := pointAt(rows[0].Rect, scale)
			s.xdotool("mousemove", strconv.Itoa(x), strconv.Itoa(y))
			s.xdotool("click", "1")
			time.Sleep(300 * time.Millisecond)
		}
	}
	folder, conv = find(rows)
	return rows, folder, conv
}

// wholeRow is the least height, in units, of a conversation row wholly in the list (two lines).
const wholeRow = 40

// nearTop returns the window coordinates, in pixels, of a point of r 12 units below its top, in
// the middle of its width: a row at the list's bottom edge may be cut in half.
func nearTop(r Rect, scale float32) (x, y int) {
	return int((r.X + r.W/2) * scale), int((r.Y + min(12, r.H/2)) * scale)
}

// listRows reads the conversation list's rows shown.
func (s *session) listRows() []ListRow {
	var rows []ListRow
	if err := s.ask("list-rows", &rows, 10*time.Second); err != nil {
		s.t.Logf("list-rows: %v", err)
	}
	return rows
}

// rowTexts are the rows' texts, a folder's in brackets.
func rowTexts(rows []ListRow) []string {
	var out []string
	for _, r := range rows {
		switch {
		case r.Folder:
			out = append(out, "["+r.Text+"]")
		case r.Note:
			out = append(out, "(note)")
		default:
			out = append(out, r.Text)
		}
	}
	return out
}
