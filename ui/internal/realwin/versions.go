package realwin

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"

	"lectern/app/records"
	"lectern/ui/conversation"
	"lectern/ui/internal/harness"
)

// Version is the last turn shown: its place among its versions ("2/2"; "" when it has none) and
// its answer as drawn. The answer to a "version" query.
type Version struct {
	Place  string
	Answer string
	TurnID int64
	Ended  bool // its answer ended (not pending)
}

// versionCommand carries out the probe's commands of issue 31's versions and comparisons:
// retry-last (the last turn's Retry), version (Version), compare TIER,TIER TEXT (Compare tiers
// without its chooser), compare-state (the columns) and continue I (column I's Continue with
// this one).
func versionCommand(u *harness.Window, cmd, arg string) (any, error) {
	var p *conversation.Pane
	fyne.DoAndWait(func() { p = u.Pane() })
	if p == nil {
		return nil, fmt.Errorf("no conversation shown")
	}
	switch cmd {
	case "retry-last":
		fyne.DoAndWait(p.RetryLast)
	case "version":
		var v Version
		fyne.DoAndWait(func() {
			t, answer := p.LastVersion()
			v.Answer, v.TurnID, v.Ended = answer, t.ID, t.Status != records.TurnPending
			if t.Branch.Branched() {
				v.Place = fmt.Sprintf("%d/%d", t.Branch.Index, t.Branch.Count)
			}
		})
		return v, nil
	case "compare":
		tiers, text, _ := strings.Cut(arg, " ")
		fyne.DoAndWait(func() { p.CompareTo(text, strings.Split(tiers, ",")) })
	case "compare-state":
		var cols []conversation.CompareColumn
		fyne.DoAndWait(func() { cols = p.Comparing() })
		return cols, nil
	case "continue":
		i, err := strconv.Atoi(arg)
		if err != nil {
			return nil, err
		}
		fyne.DoAndWait(func() { p.ContinueWith(i) })
	}
	return struct{}{}, nil
}
