package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"lectern/app/assistant"
	"lectern/app/conversations"
	"lectern/app/explain"
	"lectern/app/modelchat"
	"lectern/app/records"
)

// historyContents is the content of each history turn of an ask request body.
func historyContents(body map[string]any) []string {
	hist, _ := body["history"].([]any)
	out := make([]string, 0, len(hist))
	for _, h := range hist {
		m, _ := h.(map[string]any)
		s, _ := m["content"].(string)
		out = append(out, s)
	}
	return out
}

// questionsOf are the questions of turns, in order.
func questionsOf(turns []records.Turn) []string {
	out := make([]string, len(turns))
	for i, t := range turns {
		out[i] = t.Question
	}
	return out
}

// branchedChat is a workspace conversation of an ask fixture, with its conversations and the
// turn of each question asked in it in turn.
func branchedChat(t *testing.T, questions ...string) (*askRecorder, *conversations.Conversations, records.Conversation, []records.Turn) {
	t.Helper()
	f, rec := newAskFixture(t, fastEmulatorConfig())
	cs := f.app.Conversations()
	conv, _ := cs.New(ctxT(t), f.org, "", "")
	var asked []records.Turn
	for _, q := range questions {
		turn, err := cs.Send(ctxT(t), conv.ID, conversations.Message{Text: q}, conversations.AskOptions{})
		if err != nil {
			t.Fatal(err)
		}
		asked = append(asked, turn)
	}
	return rec, cs, conv, asked
}

// TestBranchEditAnEarlierQuestionKeepsTheOldBranch: editing the second of three questions makes a
// new turn beside it; the request carries only the turns before it as history (workspace-api.md:
// "history: prior turns of this conversation"); the old question and the one after it stay, a
// branch shown again by SwitchBranch, which goes down to the end of the branch answered last.
func TestBranchEditAnEarlierQuestionKeepsTheOldBranch(t *testing.T) {
	rec, cs, conv, asked := branchedChat(t, "How far ahead must travel be booked?", "Which transport is preferred?", "And hotels?")
	ctx := ctxT(t)
	if asked[1].ParentID != asked[0].ID || asked[2].ParentID != asked[1].ID || asked[0].ParentID != 0 {
		t.Fatalf("each turn follows the one before: %+v", asked)
	}
	edited, err := cs.Resend(ctx, asked[1].ID, "Are trains preferred?", conversations.AskOptions{})
	if err != nil || edited.ID == asked[1].ID || edited.ParentID != asked[0].ID || edited.Status != records.TurnCompleted {
		t.Fatalf("edited = %+v, %v", edited, err)
	}
	if hist := historyContents(rec.last()); len(hist) != 2 || hist[0] != asked[0].Question {
		t.Fatalf("the edit sent history %q; want the first question and its answer only", hist)
	}
	shown, _ := cs.Turns(ctx, conv.ID)
	if got := questionsOf(shown); strings.Join(got, "|") != asked[0].Question+"|Are trains preferred?" ||
		shown[1].Branch != (records.BranchPlace{Index: 2, Count: 2}) || shown[0].Branch != (records.BranchPlace{Index: 1, Count: 1}) {
		t.Fatalf("shown after the edit: %q %+v", got, shown)
	}
	next, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "What about taxis?"}, conversations.AskOptions{})
	if err != nil || next.ParentID != edited.ID {
		t.Fatalf("next = %+v, %v", next, err)
	}
	if hist := strings.Join(historyContents(rec.last()), "|"); len(historyContents(rec.last())) != 4 ||
		strings.Contains(hist, "Which transport") || strings.Contains(hist, "And hotels") || !strings.Contains(hist, "Are trains preferred?") {
		t.Fatalf("the new branch sent history %q; want its own two turns only", hist)
	}
	// Back to version 1: its later turn comes with it, and the choice is kept.
	back, err := cs.SwitchBranch(ctx, edited.ID, -1)
	if err != nil || strings.Join(questionsOf(back), "|") != strings.Join(questionsOf(asked), "|") ||
		back[1].Branch != (records.BranchPlace{Index: 1, Count: 2}) {
		t.Fatalf("version 1: %q %v", questionsOf(back), err)
	}
	if again, _ := cs.Turns(ctx, conv.ID); len(again) != 3 || again[2].ID != asked[2].ID {
		t.Fatalf("the branch shown was not kept: %q", questionsOf(again))
	}
	if _, err := cs.SwitchBranch(ctx, asked[1].ID, -1); !errors.As(err, new(*explain.CheckError)) {
		t.Fatalf("a step before version 1: %v", err)
	}
	fwd, err := cs.SwitchBranch(ctx, asked[1].ID, 1)
	if err != nil || len(fwd) != 3 || fwd[2].ID != next.ID {
		t.Fatalf("version 2 with its later turn: %q %v", questionsOf(fwd), err)
	}
	// A follow-up on version 1 goes after its last turn, with its history.
	if _, err := cs.SwitchBranch(ctx, edited.ID, -1); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "Is first class allowed?"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	if hist := historyContents(rec.last()); len(hist) != 6 || hist[4] != "And hotels?" {
		t.Fatalf("version 1's follow-up sent history %q", hist)
	}
	all, _ := cs.AllTurns(ctx, conv.ID)
	if len(all) != 6 {
		t.Fatalf("every branch is kept: %d turns, want 6", len(all))
	}
}

// TestBranchRetryOfAnAnsweredTurnIsASibling: Retry of an answered first question asks it again
// with no history, as version 2 of 2; the first answer stays.
func TestBranchRetryOfAnAnsweredTurnIsASibling(t *testing.T) {
	rec, cs, conv, asked := branchedChat(t, "How far ahead must travel be booked?", "Which transport is preferred?")
	ctx, first, second := ctxT(t), asked[0], asked[1]
	again, err := cs.Retry(ctx, first.ID, conversations.AskOptions{})
	if err != nil || again.ID == first.ID || again.ParentID != 0 || again.Question != first.Question {
		t.Fatalf("retry = %+v, %v", again, err)
	}
	if hist := historyContents(rec.last()); len(hist) != 0 {
		t.Fatalf("a retried first question sent history %q", hist)
	}
	shown, _ := cs.Turns(ctx, conv.ID)
	if len(shown) != 1 || shown[0].ID != again.ID || shown[0].Branch != (records.BranchPlace{Index: 2, Count: 2}) {
		t.Fatalf("shown %+v", shown)
	}
	if kept, err := cs.Turn(ctx, second.ID); err != nil || kept.Answer != second.Answer {
		t.Fatalf("the old branch's later turn: %+v %v", kept, err)
	}
}

// TestBranchModelChatSendsItsOwnInput: an edited first message of a model chat goes alone as the
// /v1 input (model-api.md §2, "input": the conversation so far), not with the turns of the old
// branch; its images stay with it.
func TestBranchModelChatSendsItsOwnInput(t *testing.T) {
	a, fake := newModelApp(t)
	ctx := ctxT(t)
	first, err := a.Models().Chat(ctx, modelchat.ModelMessage{Tier: "Fast", Text: "first", Images: []records.Image{mustImage(t, "a.png", pngImage)}}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Models().Chat(ctx, modelchat.ModelMessage{Continue: true, Text: "second"}, conversations.ChatOptions{}); err != nil {
		t.Fatal(err)
	}
	edited, err := a.Conversations().Resend(ctx, first.ID, "first, edited", conversations.AskOptions{})
	if err != nil || edited.ParentID != 0 {
		t.Fatalf("edited %+v (%v)", edited, err)
	}
	req := fake.lastResponse(t)
	if len(req.Input) != 1 || req.Input[0].Content[0].Text != "first, edited" || len(req.Input[0].Content) != 2 {
		t.Fatalf("the edit's input %+v; want the edited message alone, with its image", req.Input)
	}
	if _, err := a.Models().Chat(ctx, modelchat.ModelMessage{Continue: true, Text: "third"}, conversations.ChatOptions{}); err != nil {
		t.Fatal(err)
	}
	req = fake.lastResponse(t)
	var texts []string
	for _, in := range req.Input {
		texts = append(texts, in.Content[0].Text)
	}
	if len(req.Input) != 3 || strings.Contains(strings.Join(texts, "|"), "second") {
		t.Fatalf("the branch's next input %q; want the edit, its answer and the new message", texts)
	}
}

// TestBranchAssistantGoesOnFromItsNewestTurnOnly: the server keeps an assistant conversation
// and cannot take a message back, so an earlier message cannot be edited, and an older branch
// cannot go on; both are refused in words, and nothing is saved or sent.
func TestBranchAssistantGoesOnFromItsNewestTurnOnly(t *testing.T) {
	f := assistantFixture(t)
	ctx := ctxT(t)
	first, err := f.app.Assistant().Assist(ctx, assistant.AssistantMessage{Text: "Hello?"}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	second, err := f.app.Assistant().Assist(ctx, assistant.AssistantMessage{Text: "And then?", Continue: true}, conversations.ChatOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cs := f.app.Conversations()
	sent := len(f.emu.Tools.Chats("ann"))
	if _, err := cs.Resend(ctx, first.ID, "Hi?", conversations.AskOptions{}); !errors.As(err, new(*explain.CheckError)) ||
		!strings.Contains(err.Error(), "newest") {
		t.Fatalf("editing an earlier assistant message: %v", err)
	}
	again, err := cs.Retry(ctx, second.ID, conversations.AskOptions{})
	if err != nil || again.ParentID != first.ID || again.Status != records.TurnCompleted {
		t.Fatalf("retry of the newest: %+v %v", again, err)
	}
	if _, err := cs.SwitchBranch(ctx, again.ID, -1); err != nil {
		t.Fatal(err)
	}
	_, err = cs.Send(ctx, first.ConversationID, conversations.Message{Text: "From the old branch"}, conversations.AskOptions{})
	if !errors.As(err, new(*explain.CheckError)) {
		t.Fatalf("a message from an older branch: %v", err)
	}
	if all, _ := cs.AllTurns(ctx, first.ConversationID); len(all) != 3 || len(f.emu.Tools.Chats("ann")) != sent+1 {
		t.Fatalf("refused messages saved or sent: %d turns, %d chats", len(all), len(f.emu.Tools.Chats("ann")))
	}
}

// TestBranchImportRemapsParentsAndHead: a branched conversation imported into another database
// keeps its tree and the branch it showed, on the new ids.
func TestBranchImportRemapsParentsAndHead(t *testing.T) {
	ctx := context.Background()
	src := openTestStore(t, t.TempDir()+"/src.db")
	conv := seedConversation(t, src, "branched", 3)
	turns, _ := src.Turns(ctx, conv.ID)
	side, err := src.AddTurn(ctx, records.Turn{ConversationID: conv.ID, ParentID: turns[0].ID, Question: "the other second"})
	if err != nil {
		t.Fatal(err)
	}
	if err := src.SetHead(ctx, conv.ID, turns[2].ID); err != nil {
		t.Fatal(err)
	}
	dst := openTestStore(t, t.TempDir()+"/dst.db")
	seedConversation(t, dst, "already here", 4) // so that the ids differ
	backup := t.TempDir() + "/backup.db"
	if _, _, err := src.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	if _, err := dst.ImportBackup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	list, _ := dst.Conversations(ctx, "srv", "")
	var got records.Conversation
	for _, c := range list {
		if c.Title == "branched" {
			got = c
		}
	}
	shown, _ := dst.Turns(ctx, got.ID)
	if len(shown) != 3 || shown[0].ParentID != 0 || shown[1].ParentID != shown[0].ID || shown[2].ParentID != shown[1].ID ||
		shown[2].Question != turns[2].Question || shown[1].Branch != (records.BranchPlace{Index: 1, Count: 2}) || shown[0].ID == turns[0].ID {
		t.Fatalf("imported branch shown: %s", describe(shown))
	}
	all, _ := dst.AllTurns(ctx, got.ID)
	if len(all) != 4 || all[3].Question != side.Question || all[3].ParentID != shown[0].ID {
		t.Fatalf("imported tree: %s", describe(all))
	}
}

func describe(turns []records.Turn) string {
	var b strings.Builder
	for _, t := range turns {
		fmt.Fprintf(&b, "[%d after %d %q %d/%d] ", t.ID, t.ParentID, t.Question, t.Branch.Index, t.Branch.Count)
	}
	return b.String()
}

// TestBranchExportSaysWhichBranch: the export shows the branch shown first, numbered as always,
// then every other branch from where it starts, named "Branch i of n at question k".
func TestBranchExportSaysWhichBranch(t *testing.T) {
	_, cs, conv, asked := branchedChat(t, "How far ahead must travel be booked?")
	ctx, first := ctxT(t), asked[0]
	plain, err := cs.Markdown(ctx, conv.ID)
	if err != nil || strings.Contains(plain, "Branch") || strings.Contains(plain, "other versions") {
		t.Fatalf("a conversation without branches exports as before: %v\n%s", err, plain)
	}
	second, _ := cs.Send(ctx, conv.ID, conversations.Message{Text: "Which transport is preferred?"}, conversations.AskOptions{})
	if _, err := cs.Resend(ctx, second.ID, "Are trains preferred?", conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.Send(ctx, conv.ID, conversations.Message{Text: "And hotels?"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	md, err := cs.Markdown(ctx, conv.ID)
	if err != nil {
		t.Fatal(err)
	}
	order := []string{"## 1. " + first.Question, "## 2. Are trains preferred?", "## 3. And hotels?",
		"## Branch 1 of 2 at question 2", "## 2. Which transport is preferred?"}
	at := 0
	for _, want := range order {
		i := strings.Index(md[at:], want)
		if i < 0 {
			t.Fatalf("export lacks %q after byte %d:\n%s", want, at, md)
		}
		at += i + len(want)
	}
	if strings.Count(md, "## 1. ") != 1 {
		t.Fatalf("the shared first question is written once:\n%s", md)
	}
}
