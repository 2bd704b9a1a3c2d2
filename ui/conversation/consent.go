package conversation

import (
	"context"

	"lectern/app/conversations"
	"lectern/internal/safetext"
	"lectern/ui/widgets"
)

// A tool call of the model runs only when the person allows it (issue 22). The core asks through
// AskOptions.Consent on the goroutine that sends the message, after a TurnChanged has shown the
// call waiting; the pane puts the question on the call's card (Allow once, Always in this
// conversation, Refuse) and hands the answer back. The question and the card meet on the UI
// goroutine in whichever order they come.

// consentAsk is a question of the core waiting for the person's answer.
type consentAsk struct {
	req    conversations.ConsentRequest
	answer chan conversations.Consent // buffered: the answer never blocks the UI goroutine
}

// consent is the pane's AskOptions.Consent: it waits for the answer given on the call's card, or
// refuses when the answer was stopped (ctx done) or the person left the conversation.
func (c *Pane) consent(ctx context.Context, req conversations.ConsentRequest) conversations.Consent {
	ask := &consentAsk{req: req, answer: make(chan conversations.Consent, 1)}
	c.lf.Do(func() {
		c.consents[req.CallID] = ask
		if card := c.askCards[req.CallID]; card != nil {
			c.askOn(card, req.CallID)
		}
	})
	select {
	case a := <-ask.answer:
		return a
	case <-ctx.Done():
		c.lf.Do(func() { c.dropConsent(req.CallID, ask) })
		return conversations.ConsentRefuse
	}
}

// cardAsks notes that card shows call callID waiting for consent, and asks on it when the
// question has come (UI goroutine).
func (c *Pane) cardAsks(callID string, card *widgets.FunctionCallCard) {
	c.askCards[callID] = card
	if c.consents[callID] != nil {
		c.askOn(card, callID)
	}
}

// askOn puts the question of call callID on card; the answer goes back to the core.
func (c *Pane) askOn(card *widgets.FunctionCallCard, callID string) {
	ask := c.consents[callID]
	card.Consent.Ask(consentQuestion(ask.req), func(choice widgets.ConsentChoice) {
		if c.consents[callID] != ask {
			return // answered already (refused when the person left the conversation)
		}
		c.dropConsent(callID, ask)
		switch choice {
		case widgets.ConsentOnce, widgets.ConsentAlways:
			card.SetStatus(widgets.CallPending, "")
		default:
			card.SetStatus(widgets.CallRefused, "")
		}
		if choice == widgets.ConsentAlways {
			c.model.tools.allowed(ask.req.Tool)
		}
		ask.answer <- consentOf(choice)
		c.focusQuestionAfter(card)
	})
	c.focusConsent(card)
}

// focusConsent moves the keyboard to card's Allow once when it is in the question box (the message
// was just sent) or nowhere: the turns' list takes no Tab into its rows, so without it a call
// could not be answered from the keyboard. Tab then reaches Always and Refuse.
func (c *Pane) focusConsent(card *widgets.FunctionCallCard) {
	if c.win == nil {
		return
	}
	cv := c.win.Canvas()
	if f := cv.Focused(); f != nil && f != c.input {
		return // the person is elsewhere (another card, a picker): not taken from them
	}
	c.lf.Do(func() { // once the card's row is laid out in the list
		if card.Consent.Asking() {
			cv.Focus(card.Consent.Once)
		}
	})
}

// focusQuestionAfter gives the keyboard back to the question box when it was on card's answers,
// which are hidden once one is chosen.
func (c *Pane) focusQuestionAfter(card *widgets.FunctionCallCard) {
	if c.win == nil {
		return
	}
	cv := c.win.Canvas()
	switch cv.Focused() {
	case nil, card.Consent.Once, card.Consent.Always, card.Consent.Refuse:
		cv.Focus(c.input)
	}
}

// dropConsent forgets the question of call callID, when it is still ask.
func (c *Pane) dropConsent(callID string, ask *consentAsk) {
	if c.consents[callID] == ask {
		delete(c.consents, callID)
		delete(c.askCards, callID)
	}
}

// refuseAll answers every open question with a refusal: the person left the conversation, whose
// answer goes on in the background with no card to ask on.
func (c *Pane) refuseAll() {
	for id, ask := range c.consents {
		ask.answer <- conversations.ConsentRefuse
		delete(c.consents, id)
	}
	clear(c.askCards)
}

// consentQuestion is what a card asks: what the call would do, in the core's words.
func consentQuestion(req conversations.ConsentRequest) string {
	what := safetext.OneLine(req.Summary)
	if what == "" {
		what = "Run " + safetext.OneLine(string(req.Tool))
	}
	return "The model asks to run this: " + what + ". Allow it?"
}

// consentOf is the core's consent for a choice on the card.
func consentOf(choice widgets.ConsentChoice) conversations.Consent {
	switch choice {
	case widgets.ConsentOnce:
		return conversations.ConsentOnce
	case widgets.ConsentAlways:
		return conversations.ConsentAlways
	}
	return conversations.ConsentRefuse
}
