package uploads

import (
	"os"
	"slices"

	"lectern/internal/words"
)

// The uploads panel's actions: Retry (under the suggested name after duplicate_name), Remove, and
// Clear finished. Each calls the queue off the UI goroutine; the queue's events redraw the rows.

func (p *Panel) Retry(it Item) {
	if it.Refused() || !it.Entry.Retryable() {
		return
	}
	id, name := it.Entry.ID, it.Entry.SuggestedName
	go func() {
		if err := p.q.RetryAs(p.lf.Ctx, id, name); err != nil {
			p.lf.Do(func() { p.showError(id, err) })
		}
	}()
}

// showError writes why an action on entry id failed on its row, in the core's words.
func (p *Panel) showError(id int64, err error) {
	if i := p.index(id); i >= 0 {
		p.items[i].Entry.Error = words.Sentence(p.explain(err).Sentence)
		p.refreshRow(i)
	}
}

func (p *Panel) remove(it Item) {
	if it.Refused() {
		p.dropRefused(func(x Item) bool { return x.Entry.Path == it.Entry.Path && x.Reason == it.Reason })
		return
	}
	id := it.Entry.ID
	go func() {
		if err := p.q.Remove(p.lf.Ctx, id); err != nil {
			p.lf.Do(func() { p.showError(id, err) })
		}
	}()
}

// dropRefused takes the refused rows matching fn off the list.
func (p *Panel) dropRefused(fn func(Item) bool) {
	p.items = slices.DeleteFunc(p.items, func(x Item) bool { return x.Refused() && fn(x) })
	p.relist()
	p.changed()
}

// ClearFinished removes the ready entries and the refused files; failed ones stay for Retry.
func (p *Panel) ClearFinished() {
	p.dropRefused(func(Item) bool { return true })
	go func() { _ = p.q.ClearFinished(p.lf.Ctx) }()
}

func fileSize(path string) int64 {
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		return st.Size()
	}
	return 0
}
