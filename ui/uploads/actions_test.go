package uploads

import (
	"context"
	"testing"

	"fyne.io/fyne/v2/test"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/client"
	"lectern/ui/internal/uitest"
)

func TestMain(m *testing.M) { uitest.Main(m) }

// failingQueue is a queue of one failed entry whose actions fail with err.
type failingQueue struct {
	entry records.Upload
	err   error
}

func (q failingQueue) List(context.Context) ([]records.Upload, error) {
	return []records.Upload{q.entry}, nil
}
func (q failingQueue) Get(context.Context, int64) (records.Upload, error) { return q.entry, nil }
func (q failingQueue) RetryAs(context.Context, int64, string) error       { return q.err }
func (q failingQueue) Remove(context.Context, int64) error                { return q.err }
func (q failingQueue) ClearFinished(context.Context) error                { return nil }

// Every error the panel shows goes through the core's Explain, never err.Error(): a refused Retry
// reads as the sentence Explain gives, not as the client's technical line.
func TestUploadActionErrorIsExplained(t *testing.T) {
	err := &client.APIError{StatusCode: 503, Code: "service_unavailable", Message: "down for maintenance"}
	q := failingQueue{entry: records.Upload{ID: 7, Name: "travel.txt", State: records.UploadFailed}, err: err}
	test.NewTempApp(t)
	ui := uitest.NewQueue()
	p := New(ui.Life(t), q, test.NewWindow(nil), explain.ExplainLocal)
	p.Load()
	ui.Until(t, "the entry listed", func() bool { return len(p.Items()) == 1 })
	p.Retry(p.Items()[0])
	want := explain.ExplainLocal(err).Sentence
	ui.Until(t, "the Retry's error on its row", func() bool { return p.Items()[0].Entry.Error != "" })
	if got := p.Items()[0].Entry.Error; got != want || got == err.Error() {
		t.Errorf("row says %q, want Explain's %q", got, want)
	}
}
