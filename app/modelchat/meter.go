package modelchat

import (
	"context"
	"slices"

	"lectern/app/conversations"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/client"
)

// ContextMeter is how full a model conversation's next request will be: the tokens of the
// conversation as it will be sent with a draft message (estimated as trimming does), against the
// tier's context window.
type ContextMeter struct {
	Tier    string
	Tokens  int // estimated tokens of the request: system prompt, schema, the turns kept, the draft
	Window  int // the tier's context window; 0 when the server does not say
	Budget  int // what the request may hold: the window less the room kept for the answer
	LeftOut int // the oldest turns left out to fit (never the system prompt or the draft)
	Fits    bool
	// Problem says why the draft cannot be sent as it is ("" when it can): too large even alone,
	// or images the tier cannot take.
	Problem string
}

// Meter estimates the next request of model conversation id with a draft message m, offering
// functions, as Send would build it; nothing is sent or saved.
func (c *Models) Meter(ctx context.Context, id int64, m conversations.Message, functions []client.FunctionTool) (ContextMeter, error) {
	conv, err := c.conv.Get(ctx, id)
	if err != nil {
		return ContextMeter{}, err
	}
	if conv.Kind != records.KindModel {
		return ContextMeter{}, explain.Checkf("Only a conversation with a model has a context window.")
	}
	s, err := c.models.service()
	if err != nil {
		return ContextMeter{}, err
	}
	tiers, err := c.models.list(ctx, s, false)
	if err != nil {
		return ContextMeter{}, err
	}
	meter := ContextMeter{Tier: conv.Model}
	found := client.FindModel(tiers, conv.Model)
	if found == nil {
		meter.Problem = TierGone(conv.Model, tiersOf(tiers))
		return meter, nil
	}
	turns, err := c.branch(ctx, conv.ID)
	if err != nil {
		return meter, err
	}
	earlier := exchanges(turns)
	offered, err := c.chatTools(ctx, s, conv, nil) // the tools the conversation offers count too
	if err != nil {
		return meter, err
	}
	return meterOf(requestFrame(conv, slices.Concat(functions, tools.Functions(offered.sources))), earlier, exchange{question: withFiles(m.Text, m.FileTexts), images: m.Images}, *found, tiers), nil
}

// meterOf fills a meter for the exchanges and the draft on tier.
func meterOf(f frame, earlier []exchange, draft exchange, tier client.Model, tiers []client.Model) ContextMeter {
	start, total, ok := fitFrom(f, earlier, draft, tier)
	meter := ContextMeter{Tier: tier.ID, Tokens: total.tokens, Window: tier.ContextWindow, Budget: tokenBudget(tier),
		LeftOut: start, Fits: ok}
	if !ok {
		_, err := fitConversation(f, earlier, draft, tier)
		meter.Problem = err.Error()
	} else if err := checkNewImages(draft.images, tier, tiers); err != nil {
		meter.Problem = err.Error()
	}
	return meter
}

func tiersOf(list []client.Model) []Tier {
	out := make([]Tier, len(list))
	for i, m := range list {
		out[i] = tierOf(m)
	}
	return out
}
