package sync

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	xwebdav "golang.org/x/net/webdav"
)

// davServer serves a WebDAV folder in memory on 127.0.0.1 (golang.org/x/net/webdav), with
// fault, when set, answering instead for the requests it picks.
func davServer(t *testing.T, fault func(w http.ResponseWriter, r *http.Request) bool) *httptest.Server {
	h := &xwebdav.Handler{FileSystem: xwebdav.NewMemFS(), LockSystem: xwebdav.NewMemLS()}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if fault != nil && fault(w, r) {
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func davTarget(t *testing.T, url string) *WebDAV {
	t.Helper()
	w, err := NewWebDAV(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// Two folders merge through a WebDAV server as through a folder.
func TestSyncThroughWebDAV(t *testing.T) {
	a, b, _ := offlinePair(t)
	srv := davServer(t, nil)
	target := davTarget(t, srv.URL+"/lectern")
	a.at(50).sync(target)
	b.at(51).sync(target)
	a.at(52).sync(target)
	if da, db := a.dump(), b.dump(); da != db {
		t.Fatalf("the two folders differ after syncing through WebDAV:\nA:\n%s\nB:\n%s", da, db)
	}
}

// putFails answers every PUT with code.
func putFails(code int) func(w http.ResponseWriter, r *http.Request) bool {
	return func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method == http.MethodPut {
			w.WriteHeader(code)
			return true
		}
		return false
	}
}

// A full server (507), a locked folder (423) and a redirect to another host each end the round
// with a sentence that says so; nothing is marked sent, and the next round to a sound server
// sends everything.
func TestSyncWebDAVFaultsInWords(t *testing.T) {
	faults := map[string]struct {
		fault func(w http.ResponseWriter, r *http.Request) bool
		want  string
	}{
		"507": {putFails(http.StatusInsufficientStorage), "is full (507)"},
		"423": {putFails(http.StatusLocked), "is locked (423)"},
		"redirect": {func(w http.ResponseWriter, r *http.Request) bool {
			http.Redirect(w, r, "http://127.0.0.2:9"+r.URL.Path, http.StatusTemporaryRedirect)
			return true
		}, "to another address (127.0.0.2:9)"},
	}
	for name, f := range faults {
		d := newDevice(t, epoch)
		d.conversation("mine", "q")
		_, err := Round(context.Background(), d.options(davTarget(t, davServer(t, f.fault).URL+"/lectern")))
		if err == nil || !strings.Contains(err.Error(), f.want) || !strings.Contains(err.Error(), "Nothing was changed") {
			t.Errorf("%s: %v, want a sentence with %q", name, err, f.want)
			continue
		}
		if res := d.sync(davTarget(t, davServer(t, nil).URL+"/lectern")); res.Out != 2 {
			t.Errorf("%s: the next round sent %d records, want the conversation and its turn", name, res.Out)
		}
	}
}
