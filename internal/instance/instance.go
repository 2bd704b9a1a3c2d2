// Package instance keeps one desktop app per data folder. The first start listens on a local
// socket in the data folder (Go's "unix" network: Linux, macOS and Windows 10 or later); a later
// start finds it, hands over what it was asked (the Quick ask window, files to open) and ends, and
// the running app brings its window forward. The socket is readable and writable by its owner
// alone (0600, in the data folder, which Lectern makes 0700), and one left behind by a process
// that crashed is taken over. The command line's one-shot commands never come here: they run
// beside the app, as they always did.
package instance

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"
)

// SocketName is the socket's name in the data folder.
const SocketName = "lectern.sock"

// maxRequest is the most a request may take on the wire: a few thousand file paths.
const maxRequest = 1 << 20

// answerWithin is how long a start waits for the running app to take its request: an app that
// does not answer within it is stuck, and the new start says so rather than hang.
const answerWithin = 5 * time.Second

// Request is what a start asks of the app: to show its window (the zero Request), the Quick ask
// window, or to open files.
type Request struct {
	Quick bool     `json:"quick,omitempty"`
	Files []string `json:"files,omitempty"` // absolute paths
}

// Listener is the running app's end: it takes the requests of later starts.
type Listener struct {
	ln   net.Listener
	path string
}

// Claim makes this process the one app of data folder dir, or hands req to the app already
// running there. forwarded is true when the running app took req: this process has nothing more
// to do. Otherwise l listens for later starts (Serve); l is nil with err when no socket can be
// made here, and the app runs on its own, as before there was one instance.
func Claim(dir string, req Request) (l *Listener, forwarded bool, err error) {
	path, err := socketPath(dir)
	if err != nil {
		return nil, false, err
	}
	for try := 0; try < 3; try++ {
		if err := send(path, req); err == nil {
			return nil, true, nil
		} else if !errors.Is(err, errNoApp) {
			return nil, false, err
		}
		l, err = listen(path)
		if err == nil || !errors.Is(err, errInUse) {
			return l, false, err
		}
		// Another start made the socket between our look and our listen: hand req to it.
	}
	return nil, false, errors.New("another Lectern started at the same moment and neither could take the data folder's socket")
}

// errNoApp is send's error when no app listens at the socket (none there, or one left by a crash).
var errNoApp = errors.New("no Lectern app is running")

// errInUse is listen's error when another process made the socket meanwhile.
var errInUse = errors.New("the socket is in use")

// socketPath is the socket's path for data folder dir. A socket's path is limited to about 100
// bytes (104 on macOS): a deeper data folder gets one in a private folder of the system's
// temporary folder instead, named after the data folder.
func socketPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(abs, 0o700); err != nil { // the first start makes the data folder, as app.Open does
		return "", err
	}
	path := filepath.Join(abs, SocketName)
	if len(path) < 100 {
		return path, nil
	}
	sum := sha256.Sum256([]byte(abs))
	private := filepath.Join(os.TempDir(), "lectern-"+strconv.Itoa(os.Getuid()))
	if err := os.MkdirAll(private, 0o700); err != nil {
		return "", err
	}
	if st, err := os.Stat(private); err != nil || (st.Mode().Perm()&0o077 != 0 && os.Getuid() >= 0) {
		return "", fmt.Errorf("the folder %s for Lectern's socket can be read by others; remove it, or set LECTERN_HOME to a shorter path", private)
	}
	return filepath.Join(private, hex.EncodeToString(sum[:8])+".sock"), nil
}

// send hands req to the app listening at path and waits for it to take it; errNoApp when none
// listens there.
func send(path string, req Request) error {
	conn, err := net.DialTimeout("unix", path, answerWithin)
	if err != nil {
		return errNoApp
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(answerWithin))
	b, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if _, err := conn.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("the running Lectern did not take the request: %w", err)
	}
	answer, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return fmt.Errorf("the running Lectern did not answer within %s (%v): quit it, or end its process, and start Lectern again", answerWithin, err)
	}
	if answer != "ok\n" {
		return fmt.Errorf("the running Lectern refused the request: %s", answer)
	}
	return nil
}

// answers reports whether an app listens at path (it is told nothing: a dial without a request).
func answers(path string) bool {
	conn, err := net.DialTimeout("unix", path, answerWithin)
	if err != nil {
		return false
	}
	_ = conn.Close()
	return true
}

// listen listens at path, taking over a socket that no app answers at (left by a crash);
// errInUse when another process listens there.
func listen(path string) (*Listener, error) {
	ln, err := net.Listen("unix", path)
	if err != nil {
		if _, statErr := os.Lstat(path); statErr != nil {
			return nil, err // not a socket left behind: the folder cannot hold one
		}
		if answers(path) {
			return nil, errInUse
		}
		if err := takeOver(path); err != nil {
			return nil, err
		}
		if ln, err = net.Listen("unix", path); err != nil {
			return nil, errInUse // another start took it over first
		}
	}
	if err := os.Chmod(path, 0o600); err != nil && runtime.GOOS != "windows" { // Windows: the folder's ACL guards it
		_ = ln.Close()
		return nil, err
	}
	if ul, ok := ln.(*net.UnixListener); ok {
		ul.SetUnlinkOnClose(true)
	}
	return &Listener{ln: ln, path: path}, nil
}

// takeOver removes the socket at path that no app answers at. Only one start does it: the one that
// makes path's ".lock" file first (a lock older than a few seconds was left by a start that
// crashed right there, and is taken too).
func takeOver(path string) error {
	lock := path + ".lock"
	f, err := os.OpenFile(lock, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		if st, serr := os.Stat(lock); serr == nil && time.Since(st.ModTime()) > answerWithin {
			_ = os.Remove(lock)
		}
		return errInUse
	}
	_ = f.Close()
	defer os.Remove(lock)
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("the socket %s left by an earlier Lectern cannot be removed (%v): remove it and start Lectern again", path, err)
	}
	return nil
}

// Path is where the listener listens.
func (l *Listener) Path() string { return l.path }

// Serve hands each request of a later start to handle, until Close. handle must not block: it
// passes the request on (to the UI goroutine) and returns; the start is then told its request was
// taken, and ends.
func (l *Listener) Serve(handle func(Request)) {
	for {
		conn, err := l.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			continue
		}
		go serveOne(conn, handle)
	}
}

// serveOne reads one request from conn, hands it to handle and says it was taken. A request that
// is not one (too long, not JSON) is refused in words and changes nothing.
func serveOne(conn net.Conn, handle func(Request)) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(answerWithin))
	line, err := bufio.NewReader(io.LimitReader(conn, maxRequest)).ReadBytes('\n')
	if err != nil {
		_, _ = io.WriteString(conn, "not a request: it did not end with a new line within 1 MiB\n")
		return
	}
	var req Request
	if err := json.Unmarshal(line, &req); err != nil {
		_, _ = io.WriteString(conn, "not a request: "+err.Error()+"\n")
		return
	}
	for _, f := range req.Files {
		if !filepath.IsAbs(f) {
			_, _ = fmt.Fprintf(conn, "not a request: the file path %q is not absolute\n", f)
			return
		}
	}
	handle(req)
	_, _ = io.WriteString(conn, "ok\n")
}

// Close stops listening and removes the socket.
func (l *Listener) Close() error { return l.ln.Close() }
