package ui

import (
	"time"

	"lectern/app/connection"
	"lectern/client"
)

// pollEvery is the background refresh's first wait; each refresh waits half as long again, up to
// pollMax. Tests shorten it.
var pollEvery = 15 * time.Second

const pollMax = 2 * time.Minute

// poller is the background refresh of the workspace shown while some of its documents are not
// ready: only while the window is in the foreground and online, never two at once, stopping when
// every document is ready or failed. Used on the UI goroutine only.
type poller struct {
	every   time.Duration
	wait    time.Duration
	wsID    string // the workspace refreshed, "" when idle
	timer   *time.Timer
	running bool // a refresh is in flight
}

func (p *poller) stop() {
	if p.timer != nil {
		p.timer.Stop()
		p.timer = nil
	}
	p.wsID = ""
}

// pending reports whether some documents are still being read (neither ready nor failed).
func pending(docs []client.Document) bool {
	for _, d := range docs {
		if d.Status != client.StatusReady && d.Status != client.StatusFailed {
			return true
		}
	}
	return false
}

// pollPending starts, keeps or stops the background refresh after workspace wsID's documents were
// shown.
func (m *mainView) pollPending(wsID string, docs []client.Document) {
	if wsID != m.docs.Workspace().WorkspaceID || !pending(docs) {
		m.poll.stop()
		return
	}
	if m.poll.wsID != wsID {
		m.poll.stop()
		m.poll.wsID, m.poll.wait = wsID, m.poll.every
	}
	m.schedulePoll()
}

func (m *mainView) schedulePoll() {
	if m.poll.timer != nil || m.poll.running || m.poll.wsID == "" {
		return
	}
	m.poll.timer = time.AfterFunc(m.poll.wait, func() { m.lf.Do(m.pollTick) })
}

// pollTick refreshes the workspace, or waits again while offline, in the background or during a
// full refresh. Its DocumentsChanged reloads the table, which calls pollPending again.
func (m *mainView) pollTick() {
	m.poll.timer = nil
	id := m.poll.wsID
	if id == "" || m.lf.Ctx.Err() != nil || id != m.docs.Workspace().WorkspaceID {
		m.poll.stop()
		return
	}
	m.poll.wait = min(m.poll.wait*3/2, pollMax)
	if m.b.SignIn().Connection().State == connection.ConnOffline || !windowFocused() || m.busy {
		m.schedulePoll()
		return
	}
	m.poll.running = true
	go func() {
		_ = m.sync.RefreshWorkspace(m.lf.Ctx, id)
		m.lf.Do(func() {
			m.poll.running = false
			if m.poll.wsID == id {
				m.schedulePoll()
			}
		})
	}()
}
