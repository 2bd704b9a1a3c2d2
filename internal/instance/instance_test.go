package instance

import (
	"bufio"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// serve claims dir and serves its requests into a channel until the test ends.
func serve(t *testing.T, dir string) (*Listener, chan Request) {
	t.Helper()
	l, forwarded, err := Claim(dir, Request{})
	if err != nil || forwarded || l == nil {
		t.Fatalf("Claim of an empty data folder = %v, forwarded %v, %v; want a listener", l, forwarded, err)
	}
	got := make(chan Request, 4)
	go l.Serve(func(r Request) { got <- r })
	t.Cleanup(func() { _ = l.Close() })
	return l, got
}

func TestSecondStartHandsItsRequestToTheFirst(t *testing.T) {
	dir := t.TempDir()
	l, got := serve(t, dir)
	if l.Path() != filepath.Join(dir, SocketName) {
		t.Errorf("the socket is %s, want it in the data folder", l.Path())
	}
	if runtime.GOOS != "windows" {
		st, err := os.Stat(l.Path())
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("the socket's mode is %v, want 0600: only its owner may talk to the app", st.Mode().Perm())
		}
	}
	file := filepath.Join(dir, "report.pdf")
	second, forwarded, err := Claim(dir, Request{Files: []string{file}})
	if err != nil || !forwarded || second != nil {
		t.Fatalf("a second Claim = %v, forwarded %v, %v; want its request forwarded", second, forwarded, err)
	}
	select {
	case r := <-got:
		if len(r.Files) != 1 || r.Files[0] != file || r.Quick {
			t.Errorf("the running app got %+v, want the file %s", r, file)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the running app got nothing")
	}
	if _, forwarded, err := Claim(dir, Request{Quick: true}); err != nil || !forwarded {
		t.Fatalf("a third Claim: forwarded %v, %v", forwarded, err)
	}
	if r := <-got; !r.Quick {
		t.Errorf("the running app got %+v, want Quick", r)
	}
}

func TestSocketLeftByACrashIsTakenOver(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, SocketName)
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	_ = ln.Close() // the process "crashed": the socket file stays, nobody listens
	if _, err := os.Lstat(path); err != nil {
		t.Fatalf("the stale socket should still be there: %v", err)
	}
	l, got := serve(t, dir)
	if l.Path() != path {
		t.Errorf("the new app listens at %s, want %s", l.Path(), path)
	}
	if _, forwarded, err := Claim(dir, Request{Quick: true}); err != nil || !forwarded {
		t.Fatalf("a start after the takeover: forwarded %v, %v", forwarded, err)
	}
	if r := <-got; !r.Quick {
		t.Errorf("got %+v", r)
	}
}

func TestFirstStartMakesTheDataFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "lectern")
	l, _ := serve(t, dir)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() || (runtime.GOOS != "windows" && st.Mode().Perm() != 0o700) {
		t.Fatalf("the data folder after the first start: %v, %v; want a folder only its owner can open", st, err)
	}
	if filepath.Dir(l.Path()) != dir {
		t.Errorf("the socket is %s, want it in %s", l.Path(), dir)
	}
}

func TestClosedListenerRemovesItsSocket(t *testing.T) {
	dir := t.TempDir()
	l, _ := serve(t, dir)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(l.Path()); !os.IsNotExist(err) {
		t.Errorf("the socket is still there after Close: %v", err)
	}
}

// talk writes raw to the socket at path and returns the app's answer line.
func talk(t *testing.T, path, raw string) string {
	t.Helper()
	conn, err := net.Dial("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	answer, _ := bufio.NewReader(conn).ReadString('\n')
	return answer
}

func TestBadRequestsAreRefusedInWordsAndChangeNothing(t *testing.T) {
	dir := t.TempDir()
	l, got := serve(t, dir)
	for _, c := range []struct{ raw, want string }{
		{"not json\n", "not a request: "},
		{`{"files":["relative/report.pdf"]}` + "\n", `the file path "relative/report.pdf" is not absolute`},
		{`{"files":"one"}` + "\n", "not a request: "},
	} {
		if answer := talk(t, l.Path(), c.raw); !strings.Contains(answer, c.want) {
			t.Errorf("%q was answered %q, want %q", c.raw, answer, c.want)
		}
	}
	select {
	case r := <-got:
		t.Errorf("a bad request reached the app: %+v", r)
	case <-time.After(100 * time.Millisecond):
	}
}

func TestDeepDataFolderGetsAPrivateSocketElsewhere(t *testing.T) {
	dir := filepath.Join(t.TempDir(), strings.Repeat("a-long-folder-name/", 6))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	l, got := serve(t, dir)
	if len(l.Path()) >= 100 || strings.HasPrefix(l.Path(), dir) {
		t.Errorf("the socket of a deep data folder is %s (%d bytes), want a short one elsewhere", l.Path(), len(l.Path()))
	}
	if _, forwarded, err := Claim(dir, Request{}); err != nil || !forwarded {
		t.Fatalf("a second start of the deep data folder: forwarded %v, %v", forwarded, err)
	}
	<-got
	other := filepath.Join(t.TempDir(), strings.Repeat("another-long-folder/", 6))
	if p, err := socketPath(other); err != nil || p == l.Path() {
		t.Errorf("another deep data folder's socket is %s (%v), want one of its own", p, err)
	}
}
