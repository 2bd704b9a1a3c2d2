package notify

import (
	"bufio"
	"errors"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// privateBus starts a session bus of the test's own (dbus-daemon) and returns its address; the
// test is skipped where dbus-daemon is not installed (make test-deps installs it).
func privateBus(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		t.Skip("dbus-daemon not installed (make test-deps installs it as root)")
	}
	cmd := exec.Command("dbus-daemon", "--session", "--nofork", "--print-address=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon: %v", err)
	}
	return strings.TrimSpace(addr)
}

// server is a notification service as the desktop's is, on its own connection: it keeps what it
// was sent and clicks a notification on request.
type server struct {
	conn *dbus.Conn
	mu   sync.Mutex
	sent []sent
	next uint32
}

type sent struct {
	app, icon, title, body string
	actions                []string
	hints                  map[string]dbus.Variant
}

// Notify is the service's method: it keeps the notification and returns its id.
func (s *server) Notify(app string, replaces uint32, icon, title, body string, actions []string,
	hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, sent{app, icon, title, body, actions, hints})
	s.next++
	return s.next, nil
}

// click says that notification id was clicked, as the service does.
func (s *server) click(t *testing.T, id uint32) {
	if err := s.conn.Emit(objectPath, iface+".ActionInvoked", id, defaultAction); err != nil {
		t.Fatal(err)
	}
}

func startServer(t *testing.T, addr string) *server {
	t.Helper()
	conn, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	s := &server{conn: conn}
	if err := conn.ExportMethodTable(map[string]any{"Notify": s.Notify}, objectPath, iface); err != nil {
		t.Fatal(err)
	}
	if reply, err := conn.RequestName(service, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("the fake notification service could not take its name: %v %v", reply, err)
	}
	return s
}

func TestClickOpensWhatTheNotificationIsAbout(t *testing.T) {
	addr := privateBus(t)
	srv := startServer(t, addr)
	s, err := Connect(addr, "Lectern", "io.lectern.app")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	opened := make(chan string, 2)
	if err := s.Send("Answer ready", "How much leave?", "io.lectern.app", func() { opened <- "answer" }); err != nil {
		t.Fatal(err)
	}
	if err := s.Send("3 files ready", "a, b and c", "", func() { opened <- "uploads" }); err != nil {
		t.Fatal(err)
	}
	srv.mu.Lock()
	first := srv.sent[0]
	srv.mu.Unlock()
	if first.app != "Lectern" || first.title != "Answer ready" || first.body != "How much leave?" ||
		len(first.actions) != 2 || first.actions[0] != "default" || first.hints["desktop-entry"].Value() != "io.lectern.app" {
		t.Errorf("the service got %+v", first)
	}
	srv.click(t, 2)
	select {
	case what := <-opened:
		if what != "uploads" {
			t.Errorf("a click on the second notification opened %q", what)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a click opened nothing")
	}
	srv.click(t, 2) // clicked again: already taken
	select {
	case what := <-opened:
		t.Errorf("a second click opened %q again", what)
	case <-time.After(200 * time.Millisecond):
	}
}

func TestNoServiceIsSaid(t *testing.T) {
	addr := privateBus(t)
	if !BusUp(addr) || BusUp("disabled:") {
		t.Errorf("BusUp: the test's bus %v, a disabled one %v; want true, false", BusUp(addr), BusUp("disabled:"))
	}
	if _, err := Connect(addr, "Lectern", ""); !errors.Is(err, ErrNoService) {
		t.Errorf("Connect without a notification service = %v, want ErrNoService", err)
	}
}
