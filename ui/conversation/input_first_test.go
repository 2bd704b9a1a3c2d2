package conversation

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
)

// scriptedAnswer streams the texts sent on feed as one answer's previews (turn 9001 of a
// conversation 777), then ends it with answer as its whole text.
func scriptedAnswer(c *Pane, feed <-chan string, answer string) {
	c.store.Answers = scriptedAnswers{Answers: c.store.Answers, send: func(o conversations.AskOptions) (records.Turn, error) {
		for text := range feed {
			o.OnUpdate(events.TurnChanged{ConversationID: 777, TurnID: 9001, Status: records.TurnPending, Stage: records.StageWriting, Text: text})
		}
		return records.Turn{ID: 9001, ConversationID: 777, Question: "Tell me everything", Status: records.TurnCompleted, Answer: answer}, nil
	}}
	c.run(sending{text: "Tell me everything", convID: 777, msg: conversations.Message{Text: "Tell me everything"}}, conversations.AskOptions{})
}

// While an answer streams, the view follows its end; the wheel turned up moves the view in the
// frame that takes it, and from then on the view stays where the reader left it while the answer
// grows and ends, with Jump to latest, which follows again.
func TestWheelDuringAStreamStopsFollowing(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	c.win.Resize(fyne.NewSize(900, 600))
	var b strings.Builder
	for n := 1; n <= 300; n++ {
		fmt.Fprintf(&b, "Paragraph %d of a long answer, which keeps growing.\n\n", n)
	}
	answer := b.String()
	feed := make(chan string)
	scriptedAnswer(c, feed, answer)
	shows := func(text string) func() bool {
		return func() bool {
			_, ok := c.views[9001]
			return ok && strings.TrimSpace(c.views[9001].answer.Text()) == strings.TrimSpace(text)
		}
	}
	step := len(answer) / 4
	feed <- answer[:step]
	until(t, "the first part shown", shows(answer[:step]))
	first := c.list.GetScrollOffset()
	feed <- answer[:2*step]
	until(t, "the second part shown", shows(answer[:2*step]))
	if followed := c.list.GetScrollOffset(); followed <= first || !c.follow || c.jumpBar.Visible() {
		t.Fatalf("the view did not follow the growing answer: offset %v then %v", first, followed)
	}

	pos := fyne.NewPos(c.list.Size().Width/2, c.list.Size().Height/2)
	before := c.list.GetScrollOffset()
	test.Scroll(c.win.Canvas(), fyne.CurrentApp().Driver().AbsolutePositionForObject(c.list).Add(pos), 0, 25) // one step of a wheel
	left := c.list.GetScrollOffset()
	if left >= before {
		t.Fatalf("the wheel turned up did not move the view (offset %v, before %v)", left, before)
	}
	if !c.inputSeen() || c.inputSeen() {
		t.Fatal("the scroll is not seen as input in the frame that takes it (and only then)")
	}
	feed <- answer[:3*step]
	until(t, "the third part shown", shows(answer[:3*step]))
	if got := c.list.GetScrollOffset(); got != left || c.follow || !c.jumpBar.Visible() {
		t.Fatalf("the view moved from where the reader left it (%v, now %v) or still follows", left, got)
	}
	close(feed)
	until(t, "the answer ended", func() bool { return c.streaming == nil })
	drain()
	if got := c.list.GetScrollOffset(); got != left || !c.jumpBar.Visible() {
		t.Fatalf("the answer's end moved the view from where the reader left it (%v, now %v)", left, got)
	}
	test.Tap(c.jump)
	if !c.follow || c.list.GetScrollOffset() <= left {
		t.Fatal("Jump to latest did not follow the end again")
	}
}

// A key typed in the question box is input for the frame that takes it: the streaming answer
// waits for the next frame.
func TestKeyInTheQuestionBoxIsSeenOnce(t *testing.T) {
	f := newFixture(t, fastConfig())
	c := chatIn(t, f, "My documents")
	c.inputSeen()
	if c.inputSeen() {
		t.Fatal("input seen with nothing typed or scrolled")
	}
	test.Type(c.input, "x")
	if !c.inputSeen() || c.inputSeen() {
		t.Fatal("a key typed is not seen as input in its frame (and only then)")
	}
}
