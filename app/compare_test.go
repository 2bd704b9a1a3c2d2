package app

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/modelchat"
	"lectern/app/records"
)

// TestCompareWorkspaceTiersAreVersionsOfOneQuestion: one question to two tiers at once streams
// two answers, each through its own index, saved as versions of one another after the branch
// shown (the same parent, the spec's history of that branch sent with each); Continue with this
// one (ShowBranch) shows the first, and the next question goes after it.
func TestCompareWorkspaceTiersAreVersionsOfOneQuestion(t *testing.T) {
	rec, cs, conv, asked := branchedChat(t, "How far ahead must travel be booked?")
	ctx, first := ctxT(t), asked[0]
	var mu sync.Mutex
	streamed := map[int]int{}
	results, err := cs.Compare(ctx, conv.ID, "Which transport is preferred?", []conversations.CompareTarget{{Tier: "fast"}, {Tier: "smart"}},
		func(i int, ev events.TurnChanged) {
			mu.Lock()
			streamed[i]++
			mu.Unlock()
		})
	if err != nil || len(results) != 2 {
		t.Fatalf("compare: %v %+v", err, results)
	}
	for i, r := range results {
		if r.Err != nil || r.Turn.Status != records.TurnCompleted || r.Turn.ParentID != first.ID || streamed[i] < 2 {
			t.Fatalf("answer %d: %+v %v, %d updates", i, r.Turn, r.Err, streamed[i])
		}
	}
	if results[0].Turn.Tier != "fast" || results[1].Turn.Tier != "smart" {
		t.Fatalf("tiers asked: %q, %q", results[0].Turn.Tier, results[1].Turn.Tier)
	}
	rec.mu.Lock()
	bodies := slices.Clone(rec.bodies[len(rec.bodies)-2:])
	rec.mu.Unlock()
	for _, body := range bodies {
		if hist := historyContents(body); len(hist) != 2 || hist[0] != first.Question {
			t.Fatalf("a compared answer was sent with history %q; want the branch's one turn", hist)
		}
	}
	shown, err := cs.ShowBranch(ctx, results[0].Turn.ID)
	if err != nil || len(shown) != 2 || shown[1].ID != results[0].Turn.ID || shown[1].Branch != (records.BranchPlace{Index: 1, Count: 2}) {
		t.Fatalf("continue with the first: %s %v", describe(shown), err)
	}
	next, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "And hotels?"}, conversations.AskOptions{})
	if err != nil || next.ParentID != results[0].Turn.ID {
		t.Fatalf("the next question: %+v %v", next, err)
	}
}

// TestCompareModelTiers: a model chat's message to two tiers goes to each tier (the /v1 request's
// model) with the same input, and the chat keeps its own tier.
func TestCompareModelTiers(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	first, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", Text: "first"}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	results, err := a.Conversations().Compare(ctx, first.ConversationID, "second", []conversations.CompareTarget{{Tier: "Fast"}, {Tier: "Smart"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var models []string
	fake.mu.Lock()
	for _, r := range fake.responses[1:] {
		models = append(models, r.Model)
		if len(r.Input) != 3 || r.Input[0].Content[0].Text != "first" {
			t.Errorf("a compared request's input %+v", r.Input)
		}
	}
	fake.mu.Unlock()
	slices.Sort(models)
	if strings.Join(models, ",") != "Fast,Smart" {
		t.Fatalf("tiers asked %q", models)
	}
	for _, r := range results {
		if r.Err != nil || r.Turn.ParentID != first.ID || r.Turn.Status != records.TurnCompleted {
			t.Fatalf("answer %+v %v", r.Turn, r.Err)
		}
	}
	if conv, _ := a.Conversations().Get(ctx, first.ConversationID); conv.Model != "Fast" {
		t.Errorf("the chat's tier became %q", conv.Model)
	}
}

// TestCompareRefusesWhatCannotBeCompared: one tier, five, the same tier twice and an assistant
// conversation are refused in words, before anything is saved.
func TestCompareRefusesWhatCannotBeCompared(t *testing.T) {
	_, cs, conv, _ := branchedChat(t)
	ctx := ctxT(t)
	fast := conversations.CompareTarget{Tier: "fast"}
	for want, targets := range map[string][]conversations.CompareTarget{
		"Choose 2 to 4":   {fast},
		"5 are chosen":    {fast, {Tier: "smart"}, {Tier: "genius"}, {WorkspaceID: "a"}, {WorkspaceID: "b"}},
		"is chosen twice": {fast, {Tier: "Fast"}},
	} {
		_, err := cs.Compare(ctx, conv.ID, "Which transport?", targets, nil)
		if !errors.As(err, new(*explain.CheckError)) || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v, want %q", targets, err, want)
		}
	}
	if turns, _ := cs.AllTurns(ctx, conv.ID); len(turns) != 0 {
		t.Fatalf("a refused comparison saved %d turns", len(turns))
	}
}

// TestCompareAcrossWorkspacesRecordsWhichAnswered: a question compared across two workspaces is
// asked of each (the request's workspace_id); the answer of the other workspace records it on its
// turn, read back from the database, and the Markdown export says it ("Answered from"). After
// Continue with this one on that answer, a follow-up asks the conversation's own workspace (which
// stays), while a Retry of the other's answer asks that workspace again.
func TestCompareAcrossWorkspacesRecordsWhichAnswered(t *testing.T) {
	f, rec := newAskFixture(t, fastEmulatorConfig())
	ctx, cs := ctxT(t), f.app.Conversations()
	conv, _ := cs.New(ctx, f.org, "", "")
	results, err := cs.Compare(ctx, conv.ID, "When is the office closed?",
		[]conversations.CompareTarget{{Tier: "fast"}, {Tier: "fast", WorkspaceID: f.ws}}, nil)
	if err != nil || results[0].Err != nil || results[1].Err != nil {
		t.Fatalf("compare: %v %+v", err, results)
	}
	asked := map[string]bool{}
	rec.mu.Lock()
	for _, b := range rec.bodies {
		asked[b["workspace_id"].(string)] = true
	}
	rec.mu.Unlock()
	if !asked[f.org] || !asked[f.ws] || len(asked) != 2 {
		t.Fatalf("workspaces asked %v", asked)
	}
	own, other := results[0].Turn, results[1].Turn
	if own.WorkspaceID != "" || other.WorkspaceID != f.ws || !strings.Contains(other.Answer, "25 December") {
		t.Fatalf("own %q, other %q: %q", own.WorkspaceID, other.WorkspaceID, other.Answer)
	}
	shown, err := cs.ShowBranch(ctx, other.ID)
	if err != nil || shown[0].WorkspaceID != f.ws {
		t.Fatalf("the turn read back: %+v %v", shown, err)
	}
	md, err := cs.Markdown(ctx, conv.ID)
	if err != nil || !strings.Contains(md, "Answered from: Ann's notes ("+f.ws+")") || strings.Count(md, "Answered from") != 1 {
		t.Fatalf("export %v:\n%s", err, md)
	}
	next, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "How far ahead must travel be booked?"}, conversations.AskOptions{})
	if err != nil || next.ParentID != other.ID || next.WorkspaceID != "" || rec.last()["workspace_id"] != f.org {
		t.Fatalf("a follow-up: %+v %v, asked %v", next, err, rec.last()["workspace_id"])
	}
	if got, _ := cs.Get(ctx, conv.ID); got.WorkspaceID != f.org {
		t.Errorf("the conversation's workspace became %q", got.WorkspaceID)
	}
	again, err := cs.Retry(ctx, other.ID, conversations.AskOptions{})
	if err != nil || again.WorkspaceID != f.ws || rec.last()["workspace_id"] != f.ws {
		t.Fatalf("a retry of the other's answer: %+v %v, asked %v", again, err, rec.last()["workspace_id"])
	}
}
