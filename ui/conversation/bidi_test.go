package conversation

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"lectern/app"
	"lectern/client"
	"lectern/ui/internal/uitest"
)

// Issue 36: Arabic names were drawn with their runs in the order of the text, their numbers where
// a reader of Arabic starts. A conversation's title and a source's chip draw them as the
// bidirectional algorithm lays them out (a name in a chip as a piece of its own, in the chip's
// left-to-right words), and a screen reader is given them as written.
func TestArabicNamesAreDrawnInBidiOrder(t *testing.T) {
	test.NewTempApp(t)
	r := newConversationRow(func(int64, fyne.CanvasObject) {})
	r.set(app.Conversation{ID: 1, Title: "تقرير 2024"}, "Workspace", time.Now())
	if got := uitest.Drawn(r.title.Text); got != "2024 ريرقت" {
		t.Errorf("the title %q is drawn %q", "تقرير 2024", got)
	}
	if said := r.AccessibilityLabel(); !strings.HasPrefix(said, "تقرير 2024,") {
		t.Errorf("a screen reader is given %q", said)
	}
	src := client.AnswerSource{Index: 1, Name: "تقرير 2024.pdf", Used: true}
	if got := uitest.Drawn(sourceLabel(src)); got != "1  pdf.2024 ريرقت · Used" {
		t.Errorf("the chip of %q is drawn %q", src.Name, got)
	}
	if said := sourceSaid(src); !strings.Contains(said, "تقرير 2024.pdf") {
		t.Errorf("a screen reader is given %q", said)
	}
}
