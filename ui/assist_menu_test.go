package ui

import (
	"context"
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"lectern/app/records"
)

// File > New assistant conversation (issue 22) saves an assistant conversation and opens it in the
// conversation pane; a drop onto the window then attaches the files to its next message, and
// nothing goes to the workspace's uploads.
func TestAssistantMenuOpensItAndADropAttachesFiles(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	f.fileMenuItem("New assistant conversation").Action()
	until(t, "an assistant conversation opened", func() bool { return m.chat.ConversationID() != 0 })
	conv, err := f.app.Conversations().Get(context.Background(), m.chat.ConversationID())
	if err != nil || conv.Kind != records.KindAssistant {
		t.Fatalf("opened %+v, %v", conv, err)
	}
	note := writeTestFile(t, t.TempDir(), "notes.txt", []byte("Some notes."))
	f.u.dropped(fyne.NewPos(0, 0), []fyne.URI{fileURI(note)})
	until(t, "the file attached", func() bool { return slices.Equal(m.chat.AttachedFiles(), []string{"notes.txt"}) })
	if len(m.uploads.Items()) != 0 {
		t.Errorf("the drop went to the uploads too: %d rows", len(m.uploads.Items()))
	}
}
