package conversation

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	appask "lectern/app/ask"
	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/client/emulator"
	"lectern/ui/internal/parts"
	"lectern/ui/internal/uitest"
)

// benchConversation opens an app on a demo emulator and seeds a conversation of n answers in
// "My documents"; it returns the app and the conversation.
func benchConversation(b *testing.B, n int) (*app.App, records.Conversation, records.CachedWorkspace) {
	b.Helper()
	a, ws, info := benchApp(b, fastConfig())
	return a, uitest.SeedConversation(b, a, info.Personal, n), ws
}

// benchApp opens an app on a demo emulator served with cfg, connected and synced; it returns the
// app and its workspace "My documents".
func benchApp(b *testing.B, cfg emulator.Config) (*app.App, records.CachedWorkspace, emulator.DemoInfo) {
	b.Helper()
	emu, info := emulator.NewDemo(cfg)
	emu.Serve()
	b.Cleanup(emu.Close)
	a, err := app.Open(context.Background(), app.Options{Home: b.TempDir(), HTTPClient: &http.Client{}})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = a.Close() })
	if err := a.SignIn().Connect(context.Background(), emu.URL(), info.Key); err != nil {
		b.Fatal(err)
	}
	if err := a.Workspaces().Refresh(context.Background()); err != nil {
		b.Fatal(err)
	}
	list, _ := a.Workspaces().CachedWorkspaces(context.Background())
	for _, w := range list {
		if w.WorkspaceID == info.Personal {
			return a, w, info
		}
	}
	b.Fatal("no personal workspace")
	return nil, records.CachedWorkspace{}, info
}

// chatWindow shows a chat pane over a in a 1100×700 test window.
func chatWindow(b *testing.B, a *app.App, ws records.CachedWorkspace) *Pane {
	test.NewTempApp(b)
	w := test.NewWindow(nil)
	b.Cleanup(w.Close)
	c := New(uiQueue.Life(b), parts.Of(a), StoreOf(a), w)
	w.SetContent(c.Root())
	w.Resize(fyne.NewSize(1100, 700))
	c.SetWorkspace(ws)
	return c
}

// runUI runs the UI work queued until cond holds (the benchmark's goroutine is the UI goroutine).
func runUI(b *testing.B, cond func() bool) {
	for !cond() {
		select {
		case fn := <-uiQueue:
			fn()
		case <-time.After(10 * time.Second):
			b.Fatal("timed out")
		}
	}
}

// BenchmarkOpenConversation200 opens a conversation of 200 answers: its turns are read from the
// database, the list is laid out at the newest turn and the views of the turns on screen are built
// and measured (goal: under 100 ms to the first paint). Each op is one opening.
func BenchmarkOpenConversation200(b *testing.B) {
	a, conv, ws := benchConversation(b, 200)
	c := chatWindow(b, a, ws)
	b.ResetTimer()
	for b.Loop() {
		c.NewConversation()
		c.Open(conv, 0)
		runUI(b, func() bool { return len(c.turns) == 200 && c.views[c.turns[199].ID] != nil })
	}
	b.ReportMetric(float64(len(c.views)), "views-built")
}

// BenchmarkScrollConversation200 scrolls a conversation of 200 answers from the top to the bottom,
// a third of the view at a time, with every turn's view still to build: each op is one frame's
// work; p50, p99 and max-frame-ms are the frames' times (goal: every frame under 16 ms).
func BenchmarkScrollConversation200(b *testing.B) {
	a, conv, ws := benchConversation(b, 200)
	c := chatWindow(b, a, ws)
	var frames []time.Duration
	var offset, step float32
	reopen := func() { // every view to build again, from the top
		b.StopTimer()
		c.NewConversation()
		c.Open(conv, 0)
		runUI(b, func() bool { return len(c.turns) == 200 })
		c.list.ScrollToTop()
		offset, step = 0, c.list.Size().Height/3
		b.StartTimer()
	}
	reopen()
	for b.Loop() {
		offset += step
		start := time.Now()
		c.list.ScrollToOffset(offset)
		frames = append(frames, time.Since(start))
		if c.list.GetScrollOffset() < offset-1 { // the bottom
			reopen()
		}
	}
	slices.Sort(frames)
	ms := func(q float64) float64 { return float64(frames[int(q*float64(len(frames)-1))].Microseconds()) / 1000 }
	b.ReportMetric(ms(0.5), "p50-frame-ms")
	b.ReportMetric(ms(0.99), "p99-frame-ms")
	b.ReportMetric(ms(1), "max-frame-ms")
}

// seedBranched saves, in a new conversation of workspace ws, turns answers of which branches are
// asked again in place of the answer before (edits): 1,000 turns with 50 branch points shows a
// branch of 950 turns. It returns the conversation.
func seedBranched(b *testing.B, a *app.App, ws string, turns, branches int) records.Conversation {
	b.Helper()
	ctx := context.Background()
	opts := conversations.AskOptions{NoStream: true}
	first, err := a.Questions().Ask(ctx, appask.Question{Workspace: ws, Text: "Question 0: how many days of annual leave?"}, opts)
	if err != nil {
		b.Fatal(err)
	}
	every, last := turns/branches, first
	for i := 1; i < turns; i++ {
		text := fmt.Sprintf("Question %d: how many days of annual leave?", i)
		if i%every == every/2 { // another version of the turn before
			last, err = a.Conversations().Resend(ctx, last.ID, text, opts)
		} else {
			last, err = a.Conversations().Send(ctx, first.ConversationID, conversations.Message{Text: text}, opts)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	conv, err := a.Conversations().Get(ctx, first.ConversationID)
	if err != nil {
		b.Fatal(err)
	}
	return conv
}

// BenchmarkOpenBranchedConversation opens a conversation of 1,000 turns with 50 branch points
// (issue 31): the core reads the branch shown (950 turns, from the first question to the head,
// each with its place among its versions) and the pane lays the list out at the newest turn and
// builds the views of the turns on screen, pagers included. Each op is one opening; open-ms is
// its time (goal: ≤ 50 ms).
func BenchmarkOpenBranchedConversation(b *testing.B) {
	a, ws, info := benchApp(b, fastConfig())
	conv := seedBranched(b, a, info.Personal, 1000, 50)
	c := chatWindow(b, a, ws)
	shown := 1000 - 50
	var took time.Duration
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		c.NewConversation()
		c.Open(conv, 0)
		runUI(b, func() bool { return len(c.turns) == shown && c.views[c.turns[shown-1].ID] != nil })
		took += time.Since(start)
	}
	b.ReportMetric(float64(took.Microseconds())/1000/float64(b.N), "open-ms")
	b.ReportMetric(float64(len(c.views)), "views-built")
}
