package conversation

import (
	"fmt"
	"testing"

	"lectern/app/records"
	"lectern/ui/internal/uitest"
)

// atBottom reports whether the turns list shows its end: scrolling to the bottom moves nothing.
func (c *Pane) atBottom() (bool, float32, float32) {
	at := c.list.GetScrollOffset()
	c.list.ScrollToBottom()
	end := c.list.GetScrollOffset()
	c.list.ScrollToOffset(at)
	return end-at <= 1, at, end
}

// An opened conversation shows its last turn, once its turns are measured (issue 20: the rows'
// estimated heights were scrolled to, then the measured ones left the view part-way up).
func TestOpenedConversationShowsItsLastTurn(t *testing.T) {
	f := newFixture(t, fastConfig())
	f.connect()
	conv := uitest.SeedConversation(t, f.app, f.info.Personal, 12)
	c := chatIn(t, f, "My documents")
	c.Open(conv, 0)
	until(t, "12 turns", func() bool { return len(c.turns) == 12 })
	drain()
	if ok, at, end := c.atBottom(); !ok {
		t.Errorf("the opened conversation is scrolled to %.0f, its end is at %.0f", at, end)
	}
	if c.jumpBar.Visible() {
		t.Error("Jump to latest shows on opening")
	}
}

// Retry (here of an answered turn, asked again as another version in its place) follows the answer to the end, also
// after the reader had scrolled up.
func TestRetryFollowsTheAnswer(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	for i := range 4 {
		ask(t, c, fmt.Sprintf("How many days of annual leave do employees get? (%d)", i))
	}
	c.list.ScrollToTop()
	c.refit(len(c.turns) - 1)
	if c.follow {
		t.Fatal("following although scrolled up")
	}
	c.retryTurn(c.turns[len(c.turns)-1].ID)
	until(t, "the answer asked again", func() bool {
		return c.streaming == nil && len(c.turns) == 4 && c.turns[3].Status != records.TurnPending && c.turns[3].Branch.Count == 2
	})
	drain()
	if ok, at, end := c.atBottom(); !ok || !c.follow || c.jumpBar.Visible() {
		t.Errorf("after Retry: following %v, Jump to latest %v, scrolled to %.0f of %.0f", c.follow, c.jumpBar.Visible(), at, end)
	}
}
