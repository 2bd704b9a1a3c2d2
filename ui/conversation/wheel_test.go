package conversation

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Issue 20: the mouse wheel over the answers did not scroll the conversation. The intro's scroll lay
// over the list of turns and took the wheel even while the intro was hidden. A new conversation
// shows the intro; once questions are asked, a wheel step over the middle of the turns scrolls them.
// make realwindow turns a real wheel over the real window.
func TestWheelOverTurnsScrollsThem(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	if !c.IntroShown() {
		t.Fatal("the new conversation shows no intro")
	}
	for _, q := range []string{"How many days of annual leave do employees get?", "What is the remote work policy?",
		"How are expense claims submitted?", "What is the business travel policy?", "What does the code of conduct say?"} {
		ask(t, c, q)
	}
	drain()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(c.list)
	middle := pos.Add(fyne.NewPos(c.list.Size().Width/2, c.list.Size().Height/2))
	before := c.list.GetScrollOffset()
	test.Scroll(c.win.Canvas(), middle, 0, 60) // a step up: the newest turn is in view
	drain()
	if after := c.list.GetScrollOffset(); after >= before {
		t.Fatalf("a wheel step up over the turns at %v left the scroll offset at %v (was %v)", middle, after, before)
	}
}
