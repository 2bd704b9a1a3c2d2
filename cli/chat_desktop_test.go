package cli

import (
	"context"
	"os"
	"testing"

	"lectern/app"
	"lectern/app/conversations"
	"lectern/app/records"
)

// openDesktop opens the app on the command line's data folder, as the desktop does, with the same
// fake model endpoints.
func openDesktop(t *testing.T, m *models) *app.App {
	t.Helper()
	a, err := app.Open(context.Background(), app.Options{Home: os.Getenv("LECTERN_HOME"), ModelService: m})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	if err := a.SignIn().UseServer(context.Background(), "http://127.0.0.1:9", testKey); err != nil {
		t.Fatal(err)
	}
	return a
}

// `lectern chat --continue` continues a model conversation the desktop made, and the desktop
// continues one the command line made: one store, the whole conversation sent again each time.
func TestModelChatContinuesAcrossDesktopAndCommandLine(t *testing.T) {
	m := newModels(t)
	desk := openDesktop(t, m)
	ctx := context.Background()
	cs := desk.Models()
	conv, err := cs.NewChat(ctx, "Smart", "Be brief.", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := desk.Conversations().Send(ctx, conv.ID, conversations.Message{Text: "Where is the Louvre?"}, conversations.AskOptions{}); err != nil {
		t.Fatal(err)
	}
	m.run(t, nil, "chat", "--continue", "And the Orsay?").want(t, 0)
	req := m.responses[len(m.responses)-1]
	if req.Model != "Smart" || req.Instructions != "Be brief." || len(req.Input) != 3 || req.Input[0].Content[0].Text != "Where is the Louvre?" {
		t.Fatalf("the command line's continued request: %+v", req)
	}
	turns, err := desk.Conversations().Turns(ctx, conv.ID)
	if err != nil || len(turns) != 2 || turns[1].Question != "And the Orsay?" {
		t.Fatalf("the desktop's conversation after the command line: %+v, %v", turns, err)
	}

	m.run(t, nil, "chat", "--model", "fast", "Hello there").want(t, 0)
	list, err := desk.Conversations().ListAll(ctx, records.ListFilter{Kind: records.KindModel})
	if err != nil || len(list) != 2 || list[0].Model != "Fast" || list[0].KindLabel() != "Fast" {
		t.Fatalf("the desktop's list: %+v, %v", list, err)
	}
	turn, err := desk.Conversations().Send(ctx, list[0].ID, conversations.Message{Text: "And again"}, conversations.AskOptions{})
	if err != nil || turn.Status != records.TurnCompleted {
		t.Fatalf("the desktop continues: %+v, %v", turn, err)
	}
	req = m.responses[len(m.responses)-1]
	if req.Model != "Fast" || len(req.Input) != 3 || req.Input[0].Content[0].Text != "Hello there" {
		t.Errorf("the desktop's continued request: %+v", req)
	}
}
