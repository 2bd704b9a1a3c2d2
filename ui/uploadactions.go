package ui

import (
	"os"
	"slices"

	"lectern/internal/words"
)

// The uploads panel's actions: Retry (under the suggested name after duplicate_name), Remove, and
// Clear finished. Each calls the queue off the UI goroutine; the queue's events redraw the rows.

func (p *uploadsPanel) retry(it uploadItem) {
	if it.refused() {
		return
	}
	id, name := it.Entry.ID, it.Entry.SuggestedName
	go func() {
		if err := p.b.Uploads().RetryAs(p.ctx, id, name); err != nil {
			uiDo(func() { p.showError(id, err) })
		}
	}()
}

// showError writes why an action on entry id failed on its row.
func (p *uploadsPanel) showError(id int64, err error) {
	if i := p.index(id); i >= 0 {
		p.items[i].Entry.Error = words.Sentence(err.Error())
		p.list.RefreshItem(i)
	}
}

func (p *uploadsPanel) remove(it uploadItem) {
	if it.refused() {
		p.dropRefused(func(x uploadItem) bool { return x.Entry.Path == it.Entry.Path && x.Reason == it.Reason })
		return
	}
	id := it.Entry.ID
	go func() {
		if err := p.b.Uploads().Remove(p.ctx, id); err != nil {
			uiDo(func() { p.showError(id, err) })
		}
	}()
}

// dropRefused takes the refused rows matching fn off the list.
func (p *uploadsPanel) dropRefused(fn func(uploadItem) bool) {
	p.items = slices.DeleteFunc(p.items, func(x uploadItem) bool { return x.refused() && fn(x) })
	p.list.Refresh()
	p.changed()
}

// clearFinished removes the ready entries and the refused files; failed ones stay for Retry.
func (p *uploadsPanel) clearFinished() {
	p.dropRefused(func(uploadItem) bool { return true })
	go func() { _ = p.b.Uploads().ClearFinished(p.ctx) }()
}

func fileSize(path string) int64 {
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		return st.Size()
	}
	return 0
}
