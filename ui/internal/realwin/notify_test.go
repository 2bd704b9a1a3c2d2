//go:build realwindow

package realwin

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/godbus/dbus/v5"
)

// notifications is a desktop notification service (org.freedesktop.Notifications) on the
// session's bus, as a desktop runs one: it keeps what the app sends, and clicks a notification as
// a person does (ActionInvoked with the "default" action, which the service reports on a click).
type notifications struct {
	conn *dbus.Conn
	mu   sync.Mutex
	sent []string // "title: body"
	acts [][]string
}

// Notify is the service's method: it keeps the notification and returns its id (1, 2, …).
func (n *notifications) Notify(app string, replaces uint32, icon, title, body string, actions []string,
	hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.sent = append(n.sent, title+": "+body)
	n.acts = append(n.acts, actions)
	return uint32(len(n.sent)), nil
}

// startNotifications runs the service on the session's bus.
func (s *session) startNotifications() *notifications {
	conn, err := dbus.Connect(s.bus)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() { _ = conn.Close() })
	n := &notifications{conn: conn}
	const path, iface = "/org/freedesktop/Notifications", "org.freedesktop.Notifications"
	if err := conn.ExportMethodTable(map[string]any{"Notify": n.Notify}, path, iface); err != nil {
		s.t.Fatal(err)
	}
	if reply, err := conn.RequestName(iface, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		s.t.Fatalf("the notification service could not take its name: %v %v", reply, err)
	}
	return n
}

// checkNotificationClick minimises the window (the app is out of sight), adds two files, waits for
// the notification of their batch, clicks it, and checks that the window is back with the
// uploads' list open.
func (s *session) checkNotificationClick(n *notifications) {
	if st, ok := s.waitState(30*time.Second, func(st State) bool { return st.Running == 0 }); !ok {
		s.t.Fatalf("%d uploads still running after 30 s", st.Running) // the batch before this one
	}
	for try := 0; try < 5 && len(s.visible("Lectern")) != 0; try++ {
		s.xdotoolMay("windowminimize", s.win)
		time.Sleep(400 * time.Millisecond)
	}
	if a, ok := s.waitAtHand(3*time.Second, func(a AtHand) bool { return !a.Focused }); !ok {
		s.check("notification-click", false, "the app is still in front after minimising its window (%+v)", a)
		return
	}
	dir := s.t.TempDir()
	var paths []string
	for i := 1; i <= 2; i++ {
		p := filepath.Join(dir, fmt.Sprintf("notified-%d.txt", i))
		if err := os.WriteFile(p, []byte(fmt.Sprintf("File %d, told by a notification when ready.\n", i)), 0o644); err != nil {
			s.t.Fatal(err)
		}
		paths = append(paths, p)
	}
	if err := s.ask("add "+strings.Join(paths, "\t"), nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	var sent []string
	var id uint32
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) && id == 0 {
		n.mu.Lock()
		sent = append([]string(nil), n.sent...)
		for i, text := range n.sent {
			if strings.HasPrefix(text, "2 files ready: ") && len(n.acts[i]) > 0 && n.acts[i][0] == "default" {
				id = uint32(i + 1)
			}
		}
		n.mu.Unlock()
		time.Sleep(100 * time.Millisecond)
	}
	if id == 0 {
		s.check("notification-click", false, "no notification with an action for the batch of two files; the service got %q", sent)
		return
	}
	if err := n.conn.Emit("/org/freedesktop/Notifications", "org.freedesktop.Notifications.ActionInvoked", id, "default"); err != nil {
		s.t.Fatal(err)
	}
	a, ok := s.waitAtHand(5*time.Second, func(a AtHand) bool { return a.UploadsOpen && len(s.visible("Lectern")) == 1 })
	time.Sleep(500 * time.Millisecond) // the window shown again paints its next frame
	shot := s.screenshot("athand-notification-click")
	s.check("notification-click", ok, "the notification %q, clicked, brings the window back (%v) with the uploads' list open (%v); %s",
		sent[id-1], len(s.visible("Lectern")) == 1, a.UploadsOpen, shot)
}
