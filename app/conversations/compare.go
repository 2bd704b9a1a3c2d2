package conversations

import (
	"context"
	"strings"
	"sync"

	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
)

// CompareTarget is one answer of a comparison: a tier, and for a workspace question the workspace
// asked ("": the conversation's own).
type CompareTarget struct {
	Tier        string
	WorkspaceID string
}

// The number of answers a comparison asks for.
const (
	CompareMin = 2
	CompareMax = 4
)

// CompareResult is how one answer of a comparison ended: its saved turn (ID 0 when it was refused
// before it was saved) and the error, nil when the service answered.
type CompareResult struct {
	Turn records.Turn
	Err  error
}

// Compare sends text in conversation conversationID to every target at once (2 to 4: tiers of a
// model chat; tiers or workspaces of a workspace conversation) and blocks until every answer
// ended. Each answer is a new turn after the branch shown, so the answers are versions of one
// another (the same parent); the one saved last is shown until ShowBranch shows another
// (Continue with this one). An answer from another workspace records which (Turn.WorkspaceID);
// the conversation keeps its own workspace, which the questions after it ask. Each answer streams through onUpdate with its target's index, on a
// goroutine of its own; Stop(turn.ID) stops one.
func (c *Conversations) Compare(ctx context.Context, conversationID int64, text string, targets []CompareTarget,
	onUpdate func(i int, ev events.TurnChanged)) ([]CompareResult, error) {
	conv, err := c.Get(ctx, conversationID)
	if err != nil {
		return nil, err
	}
	if err := checkCompare(conv, text, targets); err != nil {
		return nil, err
	}
	after, err := c.store.Turns(ctx, conv.ID)
	if err != nil {
		return nil, err
	}
	out := make([]CompareResult, len(targets))
	var wg sync.WaitGroup
	for i, t := range targets {
		sent := conv
		opts := AskOptions{Tier: t.Tier, OnUpdate: func(ev events.TurnChanged) {
			if onUpdate != nil {
				onUpdate(i, ev)
			}
		}}
		m := Message{Text: text, After: append([]records.Turn{}, after...)}
		if conv.Kind == records.KindModel {
			sent.Model = t.Tier
		} else {
			m.Workspace = t.WorkspaceID // recorded on the turn: the conversation's workspace stays
		}
		a, err := c.answererFor(sent, opts)
		if err == nil {
			out[i].Turn, err = a.Send(ctx, sent, m)
		}
		if err != nil {
			out[i].Err = err
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i].Turn, out[i].Err = c.Run(ctx, a, sent, out[i].Turn, opts.OnUpdate)
		}()
	}
	wg.Wait()
	return out, nil
}

// checkCompare refuses a comparison that cannot be sent: of a kind other than a model chat or a
// workspace conversation, an empty message, too few or too many answers, the same one twice.
func checkCompare(conv records.Conversation, text string, targets []CompareTarget) error {
	if conv.Kind != records.KindModel && conv.Kind != records.KindWorkspace {
		return explain.Checkf("Answers are compared in model chats and workspace conversations; open one of those.")
	}
	if err := CheckMessage(text); err != nil {
		return err
	}
	if len(targets) < CompareMin || len(targets) > CompareMax {
		return explain.Checkf("Choose %d to %d tiers or workspaces to compare; %d are chosen.", CompareMin, CompareMax, len(targets))
	}
	seen := map[CompareTarget]bool{}
	for _, t := range targets {
		key := CompareTarget{Tier: strings.ToLower(t.Tier), WorkspaceID: t.WorkspaceID}
		if seen[key] {
			return explain.Checkf("%s is chosen twice; choose different tiers or workspaces.", describeTarget(t))
		}
		seen[key] = true
	}
	return nil
}

// describeTarget names a target in words.
func describeTarget(t CompareTarget) string {
	if t.WorkspaceID != "" {
		return "Workspace " + t.WorkspaceID
	}
	return "Tier " + t.Tier
}
