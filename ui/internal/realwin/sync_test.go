//go:build realwindow

package realwin

import (
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// syncedTitle is the title of the conversation another data folder syncs in.
const syncedTitle = "From the laptop: the offsite plan"

// checkSync (issue 32): another data folder syncs a conversation of My documents through a
// folder; sync is set up here as Settings → Sync does, and automatic sync (a change: the
// settings) brings it in: the conversation list shows it. Screenshots of the list and of the
// Sync section, in the light and dark themes; Settings is closed after, the system theme on
// again.
func (s *session) checkSync() {
	dir := filepath.Join(s.home, "Sync")
	if err := s.ask("sync-other "+dir+"\tMy documents\t"+syncedTitle, nil, 30*time.Second); err != nil {
		s.t.Fatal(err)
	}
	if err := s.ask("sync-setup "+dir, nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	var titles []string
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) && !slices.Contains(titles, syncedTitle) {
		time.Sleep(250 * time.Millisecond)
		if err := s.ask("conversations", &titles, 10*time.Second); err != nil {
			s.t.Fatal(err)
		}
	}
	var last SyncState
	_ = s.ask("sync-state", &last, 10*time.Second)
	s.check("sync-arrived", slices.Contains(titles, syncedTitle),
		"the conversation list, after automatic sync: %q (the last round: %+v)", titles, last)
	s.resize(1100, 700)
	s.key("ctrl+comma")
	found := strings.Fields(s.xdotool("search", "--sync", "--onlyvisible", "--name", "^Lectern Settings$"))
	settings := found[len(found)-1]
	s.xdotool("windowsize", settings, "640", "760")
	s.xdotool("windowmove", settings, "1120", "0")
	time.Sleep(500 * time.Millisecond)
	s.xdotool("mousemove", "--window", settings, "320", "400")
	for range 12 { // down to the Sync section, after Desktop
		s.xdotool("click", "5")
		time.Sleep(30 * time.Millisecond)
	}
	for _, theme := range []string{"dark", "light"} {
		if err := s.ask("theme "+theme, nil, 10*time.Second); err != nil {
			s.t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		s.lightness(s.win, "sync-list-"+theme)
		s.lightness(settings, "sync-settings-"+theme)
	}
	if err := s.ask("settings-close", nil, 10*time.Second); err != nil { // (Ctrl+W sent to it with xdotool ended the whole app in this start)
		s.t.Fatal(err)
	}
	if err := s.ask("theme system", nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
}
