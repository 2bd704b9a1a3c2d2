// Package notify sends desktop notifications that do something when clicked, where the system
// tells the sender: on Linux (and the BSDs) the org.freedesktop.Notifications service on the
// session bus, whose notifications carry a "default" action that the server reports back
// (ActionInvoked) when the person clicks the notification. Fyne 2.8's SendNotification sends no
// action and has no callback; the desktop app uses this where it can and Fyne's elsewhere (macOS
// brings the app forward on a click by itself; Windows toasts of a bare program report nothing).
package notify

import (
	"errors"
	"sync"

	"github.com/godbus/dbus/v5"
)

// The freedesktop notification service: its name, object, interface and the action a click on the
// notification itself invokes.
const (
	service       = "org.freedesktop.Notifications"
	objectPath    = "/org/freedesktop/Notifications"
	iface         = "org.freedesktop.Notifications"
	defaultAction = "default"
)

// maxPending is how many notifications' clicks are remembered: older ones are forgotten (a server
// that never says a notification closed would otherwise make the list grow for good).
const maxPending = 64

// Sender sends notifications over one session bus connection of its own and calls a notification's
// open when it is clicked. It is safe to use from any goroutine.
type Sender struct {
	conn    *dbus.Conn
	appName string
	icon    string
	mu      sync.Mutex
	pending map[uint32]func()
	order   []uint32
}

// ErrNoService is Connect's error where no notification service answers on the session bus.
var ErrNoService = errors.New("no desktop notification service runs on the session bus")

// Connect connects to the session bus at address ("" for the session's) and checks that a
// notification service runs there. appName and icon (an icon name, or a file path) are sent
// with every notification.
func Connect(address, appName, icon string) (*Sender, error) {
	var conn *dbus.Conn
	var err error
	if address == "" {
		conn, err = dbus.ConnectSessionBus()
	} else {
		conn, err = dbus.Connect(address)
	}
	if err != nil {
		return nil, err
	}
	var has bool
	if err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, service).Store(&has); err != nil || !has {
		_ = conn.Close()
		return nil, ErrNoService
	}
	if err := conn.AddMatchSignal(dbus.WithMatchObjectPath(objectPath), dbus.WithMatchInterface(iface)); err != nil {
		_ = conn.Close()
		return nil, err
	}
	s := &Sender{conn: conn, appName: appName, icon: icon, pending: map[uint32]func(){}}
	signals := make(chan *dbus.Signal, 16)
	conn.Signal(signals)
	go s.listen(signals)
	return s, nil
}

// Send shows a notification; a click on it calls open (on the bus's goroutine: open passes the
// work on). desktopEntry names the app's desktop file for the server ("" for none).
func (s *Sender) Send(title, body, desktopEntry string, open func()) error {
	hints := map[string]dbus.Variant{}
	if desktopEntry != "" {
		hints["desktop-entry"] = dbus.MakeVariant(desktopEntry)
	}
	var actions []string
	if open != nil {
		actions = []string{defaultAction, "Open"}
	}
	var id uint32
	err := s.conn.Object(service, objectPath).Call(iface+".Notify", 0, s.appName, uint32(0), s.icon, title, body,
		actions, hints, int32(-1)).Store(&id)
	if err != nil || open == nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending[id] = open
	s.order = append(s.order, id)
	if len(s.order) > maxPending {
		delete(s.pending, s.order[0])
		s.order = s.order[1:]
	}
	return nil
}

// listen calls the open of each notification clicked, and forgets those closed.
func (s *Sender) listen(signals <-chan *dbus.Signal) {
	for sig := range signals {
		if len(sig.Body) < 2 {
			continue
		}
		id, ok := sig.Body[0].(uint32)
		if !ok {
			continue
		}
		switch sig.Name {
		case iface + ".ActionInvoked":
			if key, _ := sig.Body[1].(string); key == defaultAction {
				if open := s.take(id); open != nil {
					open()
				}
			}
		case iface + ".NotificationClosed":
			s.take(id)
		}
	}
}

// take removes and returns the open of notification id (nil when none).
func (s *Sender) take(id uint32) func() {
	s.mu.Lock()
	defer s.mu.Unlock()
	open := s.pending[id]
	delete(s.pending, id)
	for i, o := range s.order {
		if o == id {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
	return open
}

// Close closes the connection.
func (s *Sender) Close() error { return s.conn.Close() }

// BusUp reports whether a session bus answers at address ("" for the session's). Where none does
// (over SSH, in a bare X session, DBUS_SESSION_BUS_ADDRESS=disabled:), no tray host or
// notification service of the desktop can hear Lectern.
func BusUp(address string) bool {
	var conn *dbus.Conn
	var err error
	if address == "" {
		conn, err = dbus.ConnectSessionBus()
	} else {
		conn, err = dbus.Connect(address)
	}
	if err != nil {
		return false
	}
	_ = conn.Close()
	return true
}
