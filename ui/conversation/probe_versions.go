package conversation

import (
	"lectern/app/conversations"
	"lectern/app/records"
)

// What the real-window probe (ui/internal/realwin) reads and does of versions and comparisons.

// LastVersion is the last turn shown (its place among its versions, its id and status) and its
// answer as drawn.
func (c *Pane) LastVersion() (records.Turn, string) {
	if len(c.turns) == 0 {
		return records.Turn{}, ""
	}
	i := len(c.turns) - 1
	return c.turns[i], c.view(i).answer.Text()
}

// RetryLast presses the last turn's Retry.
func (c *Pane) RetryLast() {
	if n := len(c.turns); n > 0 {
		c.retryTurn(c.turns[n-1].ID)
	}
}

// CompareColumn is one column of the comparison shown, as the probe reads it.
type CompareColumn struct {
	Title, Answer, Facts string
	Ended                bool
	X, W                 float32 // its place in the comparison's row of columns
}

// CompareTo compares text across tiers (no chooser: what its Compare button does).
func (c *Pane) CompareTo(text string, tiers []string) {
	var targets []conversations.CompareTarget
	var labels []string
	for _, t := range tiers {
		targets = append(targets, conversations.CompareTarget{Tier: t})
		labels = append(labels, "Tier "+tierName(t)) // as the chooser says it
	}
	c.compare(text, targets, labels)
}

// Comparing is the columns of the comparison shown, nil when none is.
func (c *Pane) Comparing() []CompareColumn {
	if c.comparing == nil {
		return nil
	}
	var out []CompareColumn
	for _, col := range c.comparing.columns {
		out = append(out, CompareColumn{Title: col.title.Text, Answer: col.answer.Text(), Facts: col.facts.Text, Ended: col.ended,
			X: col.box.Position().X, W: col.box.Size().Width})
	}
	return out
}

// ContinueWith presses column i's Continue with this one.
func (c *Pane) ContinueWith(i int) {
	if c.comparing != nil && i < len(c.comparing.columns) && !c.comparing.columns[i].choose.Disabled() {
		c.continueWith(c.comparing, c.comparing.columns[i])
	}
}
