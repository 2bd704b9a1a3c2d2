package conversation

import (
	"testing"

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
	if c.jump.Visible() {
		t.Error("Jump to latest shows on opening")
	}
}
