package app

import (
	"strings"
	"testing"

	"lectern/app/conversations"
	"lectern/app/events"
	"lectern/app/records"
	"lectern/app/tools"
	"lectern/client"
	"lectern/client/emulator/engine"
)

// A PDF's text read by POST /pdf goes with a model chat's message as context: the message is
// saved with the file as a part (kept by the answer), shown after the app opens again, and the
// text is sent again with the conversation's next message, as its images are (the service keeps
// no conversation: model-api.md §1).
func TestModelChatSendsAPDFTextAsContextAndKeepsIt(t *testing.T) {
	f := newFixture(t, fastEmulatorConfig())
	ctx := ctxT(t)
	pdf := writeFile(t, t.TempDir(), "tides.pdf", engine.MakePDF([][]string{{"High tide at Brest is at 06:12 on Monday."}}))
	res, err := f.app.Tools().PDFText(ctx, []string{pdf}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	file := records.PDFFileText(res.Files[0], false)
	if file.Scanned || file.Pages != 1 || file.Chars == 0 || !strings.Contains(file.Text, "06:12") {
		t.Fatalf("file %+v", file)
	}
	convs := chatsOf(f.app)
	conv, err := convs.NewChat(ctx, "Smart", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	turn, err := convs.Send(ctx, conv.ID, conversations.Message{Text: "When is high tide?", FileTexts: []records.FileText{file}}, conversations.AskOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if turn.Status != records.TurnCompleted || len(turn.Files()) != 1 || turn.Question != "When is high tide?" {
		t.Fatalf("turn %+v", turn)
	}
	again := f.open() // as after a restart
	turns, err := again.Conversations().Turns(ctx, conv.ID)
	if err != nil || len(turns) != 1 || len(turns[0].Files()) != 1 || turns[0].Files()[0].Text != file.Text {
		t.Fatalf("turns read back %+v (%v)", turns, err)
	}
	sent, err := again.Models().SentQuestions(ctx, conv.ID)
	if err != nil || len(sent) != 1 || !strings.Contains(sent[0], "06:12") ||
		!strings.HasSuffix(sent[0], "When is high tide?") || !strings.Contains(sent[0], `"tides.pdf"`) {
		t.Fatalf("the next message sends %+v (%v)", sent, err)
	}
	edited, err := again.Conversations().Resend(ctx, turn.ID, "And low tide?", conversations.AskOptions{})
	if err != nil || len(edited.Files()) != 1 || edited.Question != "And low tide?" {
		t.Fatalf("an edited message keeps its file: %+v (%v)", edited, err)
	}
}

// A scanned PDF has the scanned_or_empty warning (model-api.md §4: "Little or no text yields
// warning starting scanned_or_empty"), said in words that offer OCR; OCR's text, once done, is a
// file text of its own.
func TestScannedPDFOffersOCRAndOCRTextIsAFile(t *testing.T) {
	cfg := fastEmulatorConfig()
	f := newFixture(t, cfg)
	ctx := ctxT(t)
	scan := writeFile(t, t.TempDir(), "scan.pdf", engine.MakePDF([][]string{{}, {}}))
	res, err := f.app.Tools().PDFText(ctx, []string{scan}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	file := records.PDFFileText(res.Files[0], false)
	if !file.Scanned || len(file.WarningTexts()) != 1 || !strings.Contains(file.WarningTexts()[0], "which OCR can read") {
		t.Fatalf("file %+v, warnings %q", file, file.WarningTexts())
	}
	job, err := f.app.Tools().StartOCR(ctx, scan, nil)
	if err != nil {
		t.Fatal(err)
	}
	var stages []string
	done, err := f.app.Tools().WaitOCR(ctx, job.JobID, 0, func(j *client.OCRJob) { stages = append(stages, tools.OCRStageText(j)) })
	if err != nil {
		t.Fatal(err)
	}
	text := records.OCRFileText(done)
	if text.Source != records.SourceOCR || text.SourceText() != "OCR" || text.JobID != job.JobID || text.Pages != 2 ||
		!strings.Contains(text.Text, "page 1 of scan.pdf") || len(stages) == 0 {
		t.Fatalf("OCR text %+v, stages %q", text, stages)
	}
}

// newFastChat starts an emulator and a model chat on its Fast tier.
func newFastChat(t *testing.T) (*fixture, chats, records.Conversation) {
	f := newFixture(t, fastEmulatorConfig())
	conv, err := f.app.Models().NewChat(ctxT(t), "Fast", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	return f, chatsOf(f.app), conv
}

// Generate a file… makes a turn of the model chat: the prompt, the service's text, and the file
// as a part that is read back after a restart; a failed one is retried by POST /generate again.
func TestGenerateInAModelChatKeepsTheFile(t *testing.T) {
	f, convs, conv := newFastChat(t)
	ctx := ctxT(t)
	var updates []events.TurnChanged
	turn, err := convs.Generate(ctx, conv.ID, "a budget spreadsheet", conversations.AskOptions{OnUpdate: func(ev events.TurnChanged) { updates = append(updates, ev) }})
	if err != nil {
		t.Fatal(err)
	}
	generated, art := turn.Generated()
	if !generated || art == nil || art.Filename == "" || turn.Status != records.TurnCompleted || turn.Answer == "" {
		t.Fatalf("turn %+v", turn)
	}
	if len(updates) < 2 || updates[0].Stage != records.StageWaiting || updates[len(updates)-1].Status != records.TurnCompleted {
		t.Fatalf("updates %+v", updates)
	}
	read, err := f.open().Conversations().Turn(ctx, turn.ID)
	if _, back := read.Generated(); err != nil || back == nil || back.ArtifactID != art.ArtifactID || back.Size != art.Size ||
		back.ExpiresAt != art.ExpiresAt {
		t.Fatalf("read back %+v (%v)", read, err)
	}
	if _, err := convs.Generate(ctx, conv.ID, "  ", conversations.AskOptions{}); err == nil {
		t.Fatal("an empty prompt must be refused")
	}
}

// A generate turn that failed is asked again by POST /generate, not by the model; a 429 is said
// in the tools' words.
func TestGenerateRetryGoesToGenerate(t *testing.T) {
	f, convs, conv := newFastChat(t)
	ctx := ctxT(t)
	turn, err := f.app.store.AddTurn(ctx, records.Turn{ConversationID: conv.ID, Question: "a short report", Tier: "Fast",
		Parts: []records.TurnPart{{Kind: records.PartGeneratedFile}}})
	if err != nil {
		t.Fatal(err)
	}
	turn.Status, turn.Error = records.TurnFailed, "it failed"
	if err := f.app.store.SaveTurn(ctx, &turn); err != nil {
		t.Fatal(err)
	}
	again, err := convs.Retry(ctx, turn.ID, conversations.AskOptions{})
	if generated, art := again.Generated(); err != nil || !generated || art == nil || again.Status != records.TurnCompleted {
		t.Fatalf("retried %+v (%v)", again, err)
	}
	limited := &client.APIError{StatusCode: 429, Code: "rate_limit_exceeded"}
	if got := tools.ErrorText(limited, func(error) string { return "other" }); !strings.Contains(got, "share a limit of 10 a minute") {
		t.Fatal(got)
	}
}
