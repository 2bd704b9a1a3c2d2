package sync

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// These tests sync through WebDAV servers nobody here wrote, started on 127.0.0.1 with a
// configuration of their own: rclone's (rclone serve webdav) and Apache's mod_dav (Debian's
// rclone and apache2 packages; make test-deps installs them). Without the binary they are
// skipped, except in CI, where they fail.

// needBinary returns the path of name, skipping the test when it is not installed (failing it
// in CI).
func needBinary(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed (Debian package %s; make test-deps installs it)", name, pkg)
		}
		t.Skipf("%s is not installed: install the Debian package %s (make test-deps) to run this test", name, pkg)
	}
	return path
}

// freePort returns a port on 127.0.0.1 that nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startServer starts cmd, stops it (SIGKILL, then waits) when the test ends, and waits until
// url answers an OPTIONS request; logFile, when set, is shown when it does not.
func startServer(t *testing.T, cmd *exec.Cmd, url, logFile string) {
	t.Helper()
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequest(http.MethodOptions, url, nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return
			}
		}
		select {
		case <-exited:
			log, _ := os.ReadFile(logFile)
			t.Fatalf("%s ended before it answered: %s%s", cmd.Path, out.String(), log)
		case <-time.After(50 * time.Millisecond):
		}
	}
	log, _ := os.ReadFile(logFile)
	t.Fatalf("%s did not answer at %s within 20 s: %s%s", cmd.Path, url, out.String(), log)
}

// rcloneServer serves an empty folder with rclone serve webdav and returns its address.
func rcloneServer(t *testing.T) string {
	bin := needBinary(t, "rclone", "rclone")
	dir := t.TempDir()
	conf := filepath.Join(dir, "rclone.conf")
	must(t, os.WriteFile(conf, nil, 0o600))
	root := filepath.Join(dir, "root")
	must(t, os.Mkdir(root, 0o700))
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	cmd := exec.Command(bin, "serve", "webdav", root, "--addr", addr, "--config", conf, "--cache-dir", filepath.Join(dir, "cache"))
	startServer(t, cmd, "http://"+addr+"/", "")
	return "http://" + addr
}

// apacheConf is a whole Apache configuration: mod_dav on a folder, nothing else.
const apacheConf = `ServerRoot "{dir}"
ServerName 127.0.0.1
Listen {addr}
PidFile "{dir}/httpd.pid"
ErrorLog "{dir}/error.log"
LogLevel warn
LoadModule mpm_event_module {modules}/mod_mpm_event.so
LoadModule authz_core_module {modules}/mod_authz_core.so
LoadModule dav_module {modules}/mod_dav.so
LoadModule dav_fs_module {modules}/mod_dav_fs.so
User {user}
Group {group}
DAVLockDB "{shared}/DAVLock"
DocumentRoot "{shared}/root"
<Directory "{shared}/root">
	Dav On
	Require all granted
</Directory>
`

// apacheServer serves an empty folder with Apache's mod_dav (in the foreground, one process:
// apache2 -X) and returns its address. Run as root, Apache serves as nobody, so the folder it
// writes is open to it.
func apacheServer(t *testing.T) string {
	bin := needBinary(t, "apache2", "apache2")
	modules := "/usr/lib/apache2/modules"
	if _, err := os.Stat(filepath.Join(modules, "mod_dav_fs.so")); err != nil {
		t.Fatalf("apache2 is installed but not its mod_dav_fs module (%v)", err)
	}
	dir := t.TempDir()
	shared, err := os.MkdirTemp("", "lectern-mod-dav-")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(shared) })
	must(t, os.Mkdir(filepath.Join(shared, "root"), 0o777))
	for _, p := range []string{shared, filepath.Join(shared, "root")} {
		must(t, os.Chmod(p, 0o777)) // the umask aside: Apache's user writes here
	}
	user, group := "nobody", "nogroup"
	if os.Getuid() != 0 { // not root: Apache runs as who started it, and these are unused
		user, group = fmt.Sprint("#", os.Getuid()), fmt.Sprint("#", os.Getgid())
	}
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	conf := strings.NewReplacer("{dir}", dir, "{addr}", addr, "{modules}", modules, "{shared}", shared,
		"{user}", user, "{group}", group).Replace(apacheConf)
	confFile := filepath.Join(dir, "httpd.conf")
	must(t, os.WriteFile(confFile, []byte(conf), 0o600))
	startServer(t, exec.Command(bin, "-X", "-f", confFile), "http://"+addr+"/", filepath.Join(dir, "error.log"))
	return "http://" + addr
}

// syncThroughRealServer merges two data folders through a server's folder, and checks that a
// file removed from it is gone and that removing it again is no error.
func syncThroughRealServer(t *testing.T, base string) {
	a, b, _ := offlinePair(t)
	target := davTarget(t, base+"/lectern/sync")
	a.at(50).sync(target)
	b.at(51).sync(target)
	a.at(52).sync(target)
	if da, db := a.dump(), b.dump(); da != db {
		t.Fatalf("the two folders differ after syncing through %s:\nA:\n%s\nB:\n%s", base, da, db)
	}
	ctx := context.Background()
	name := batchesDir + "/" + newName()
	must(t, target.Write(ctx, name, []byte("x")))
	must(t, target.Remove(ctx, name))
	if _, err := target.Read(ctx, name); err == nil {
		t.Errorf("%s is still there after Remove", name)
	}
	must(t, target.Remove(ctx, name))
}

// Two folders merge through rclone serve webdav.
func TestSyncThroughRclone(t *testing.T) {
	syncThroughRealServer(t, rcloneServer(t))
}

// Two folders merge through Apache's mod_dav.
func TestSyncThroughApacheModDav(t *testing.T) {
	syncThroughRealServer(t, apacheServer(t))
}
