package sync

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"strings"
	"sync/atomic"
	"time"

	"github.com/emersion/go-webdav"
)

// WebDAV is a target on a WebDAV server (Nextcloud, a NAS): the folder at URL. The client is
// emersion/go-webdav, over an http.Client of Lectern's that follows no redirect to another
// host and turns every status but 2xx into an error this package reads.
type WebDAV struct {
	url      *url.URL
	client   *webdav.Client
	doer     webdav.HTTPClient // for the MKCOLs above the target's folder
	requests atomic.Int64
}

// NewWebDAV returns the target at rawURL (http or https; a user and password in it are sent
// as basic authentication). transport nil means http.DefaultTransport.
func NewWebDAV(rawURL string, transport http.RoundTripper) (*WebDAV, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%q is not a WebDAV address: give one such as https://cloud.example.org/remote.php/dav/files/me/lectern", rawURL)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	w := &WebDAV{url: u}
	hc := &http.Client{Transport: transport, Timeout: 5 * time.Minute, CheckRedirect: w.checkRedirect}
	var doer webdav.HTTPClient = statusDoer{hc: hc, count: &w.requests}
	if u.User != nil {
		pass, _ := u.User.Password()
		doer = webdav.HTTPClientWithBasicAuth(doer, u.User.Username(), pass)
	}
	w.doer = doer
	endpoint := *u
	endpoint.User = nil
	if w.client, err = webdav.NewClient(doer, endpoint.String()); err != nil {
		return nil, err
	}
	return w, nil
}

// String is the address without its password.
func (w *WebDAV) String() string { return w.url.Redacted() }

// withoutPassword is the address with its user but not its password.
func (w *WebDAV) withoutPassword() string {
	u := *w.url
	if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	return u.String()
}

// Requests is how many HTTP requests the target has sent.
func (w *WebDAV) Requests() int64 { return w.requests.Load() }

// checkRedirect follows a redirect only on the same scheme and host: the password and the
// batches go nowhere else.
func (w *WebDAV) checkRedirect(req *http.Request, via []*http.Request) error {
	if req.URL.Scheme != w.url.Scheme || req.URL.Host != w.url.Host {
		return &redirectError{to: req.URL.Host}
	}
	if len(via) >= 5 {
		return errors.New("too many redirects")
	}
	return nil
}

// redirectError is a redirect to another host, refused.
type redirectError struct{ to string }

func (e *redirectError) Error() string { return "a redirect to " + e.to }

// statusError is a reply whose status was not 2xx.
type statusError struct{ code int }

func (e *statusError) Error() string { return fmt.Sprintf("%d %s", e.code, http.StatusText(e.code)) }

// statusDoer sends requests, counts them, and turns every status but 2xx into a statusError.
type statusDoer struct {
	hc    *http.Client
	count *atomic.Int64
}

func (d statusDoer) Do(req *http.Request) (*http.Response, error) {
	d.count.Add(1)
	resp, err := d.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		return nil, &statusError{code: resp.StatusCode}
	}
	return resp, nil
}

// List lists dir's files, with a PROPFIND of Lectern's: go-webdav's ReadDir refuses a weak
// ETag (W/"..."; its issue 118), which Apache's mod_dav sends for a file changed in the last
// second. A stamp is the ETag as sent (weak or not), else the size and time.
func (w *WebDAV) List(ctx context.Context, dir string) ([]Entry, error) {
	ms, err := w.propfind(ctx, dir+"/")
	var se *statusError
	if errors.As(err, &se) && se.code == http.StatusNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, w.fail("cannot list", err)
	}
	var out []Entry
	for _, r := range ms.Responses {
		p, err := url.PathUnescape(r.Href)
		name := path.Base(strings.TrimSuffix(p, "/"))
		if err != nil || strings.HasSuffix(p, "/") || !namePattern.MatchString(name) {
			continue // the folder itself, or another program's file
		}
		for _, ps := range r.Propstats {
			if ps.Prop.ResourceType.Collection != nil || !strings.Contains(ps.Status, " 200 ") {
				continue
			}
			stamp := strings.TrimSpace(ps.Prop.ETag)
			if stamp == "" {
				stamp = strings.TrimSpace(ps.Prop.Length) + "@" + strings.TrimSpace(ps.Prop.Modified)
			}
			out = append(out, Entry{Name: name, Stamp: stamp})
		}
	}
	return out, nil
}

// propfindBody asks for what List needs of each file.
const propfindBody = `<?xml version="1.0" encoding="utf-8"?>
<D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/><D:getcontentlength/><D:getlastmodified/><D:getetag/></D:prop></D:propfind>`

// multistatus is a PROPFIND's reply, as far as List reads it.
type multistatus struct {
	Responses []struct {
		Href      string `xml:"DAV: href"`
		Propstats []struct {
			Status string `xml:"DAV: status"`
			Prop   struct {
				ResourceType struct {
					Collection *struct{} `xml:"DAV: collection"`
				} `xml:"DAV: resourcetype"`
				Length   string `xml:"DAV: getcontentlength"`
				Modified string `xml:"DAV: getlastmodified"`
				ETag     string `xml:"DAV: getetag"`
			} `xml:"DAV: prop"`
		} `xml:"DAV: propstat"`
	} `xml:"DAV: response"`
}

// propfind lists dir (Depth: 1).
func (w *WebDAV) propfind(ctx context.Context, dir string) (multistatus, error) {
	u := *w.url
	u.User = nil
	u.Path += dir
	req, err := http.NewRequestWithContext(ctx, "PROPFIND", u.String(), strings.NewReader(propfindBody))
	if err != nil {
		return multistatus{}, err
	}
	req.Header.Set("Depth", "1")
	req.Header.Set("Content-Type", "application/xml; charset=utf-8")
	resp, err := w.doer.Do(req)
	if err != nil {
		return multistatus{}, err
	}
	defer resp.Body.Close()
	var ms multistatus
	if err := xml.NewDecoder(io.LimitReader(resp.Body, 64<<20)).Decode(&ms); err != nil {
		return multistatus{}, fmt.Errorf("the server's listing does not read as WebDAV (%v)", err)
	}
	return ms, nil
}

// Read returns a file's bytes.
func (w *WebDAV) Read(ctx context.Context, name string) ([]byte, error) {
	body, err := w.client.Open(ctx, name)
	if err != nil {
		var se *statusError
		if errors.As(err, &se) && se.code == http.StatusNotFound {
			return nil, w.fail("cannot find "+name+" in", errTargetNotFound)
		}
		return nil, w.fail("cannot read", err)
	}
	defer body.Close()
	b, err := io.ReadAll(io.LimitReader(body, maxBatch+1))
	if err != nil {
		return nil, w.fail("cannot read", err)
	}
	return b, nil
}

// Write puts a file; when its folder is missing (409), it makes the folder and puts it again.
func (w *WebDAV) Write(ctx context.Context, name string, data []byte) error {
	err := w.put(ctx, name, data)
	var se *statusError
	if errors.As(err, &se) && (se.code == http.StatusConflict || se.code == http.StatusNotFound) {
		if err = w.mkdirs(ctx, path.Dir(name)); err == nil {
			err = w.put(ctx, name, data)
		}
	}
	if err != nil {
		return w.fail("cannot write to", err)
	}
	return nil
}

// Remove deletes a file; one already gone is no error.
func (w *WebDAV) Remove(ctx context.Context, name string) error {
	err := w.client.RemoveAll(ctx, name)
	var se *statusError
	if err != nil && !(errors.As(err, &se) && se.code == http.StatusNotFound) {
		return w.fail("cannot remove a file from", err)
	}
	return nil
}

// mkdirs makes dir; when its parents are missing too (409), it makes every folder of the
// target's address first, as mkdir -p does (those that exist answer 405, or refuse: the last
// MKCOL says).
func (w *WebDAV) mkdirs(ctx context.Context, dir string) error {
	err := w.client.Mkdir(ctx, dir)
	var se *statusError
	if errors.As(err, &se) && se.code == http.StatusConflict {
		w.mkcolTarget(ctx)
		err = w.client.Mkdir(ctx, dir)
	}
	if err == nil || errors.As(err, &se) && se.code == http.StatusMethodNotAllowed {
		return nil
	}
	return err
}

// mkcolTarget makes each folder of the target's address, from the server's root down.
func (w *WebDAV) mkcolTarget(ctx context.Context) {
	u := *w.url
	u.User = nil
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	for i := range parts {
		u.Path = "/" + strings.Join(parts[:i+1], "/") + "/"
		req, err := http.NewRequestWithContext(ctx, "MKCOL", u.String(), nil)
		if err != nil {
			return
		}
		if resp, err := w.doer.Do(req); err == nil {
			resp.Body.Close()
		}
	}
}

func (w *WebDAV) put(ctx context.Context, name string, data []byte) error {
	f, err := w.client.Create(ctx, name)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, bytes.NewReader(data)); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// fail says in words what went wrong with the server.
func (w *WebDAV) fail(what string, err error) error {
	var se *statusError
	var re *redirectError
	var s string
	switch {
	case errors.As(err, &re):
		s = fmt.Sprintf("The WebDAV server %s sent Lectern to another address (%s), which Lectern does not follow: give the address the server redirects to, if you trust it. Nothing was changed.", w, re.to)
	case errors.As(err, &se) && se.code == http.StatusInsufficientStorage:
		s = fmt.Sprintf("The WebDAV server %s is full (507): free some space there, then sync again. Nothing was changed.", w)
	case errors.As(err, &se) && se.code == http.StatusLocked:
		s = fmt.Sprintf("The WebDAV folder %s is locked (423) by another program or person: sync again once it is unlocked. Nothing was changed.", w)
	case errors.As(err, &se) && (se.code == http.StatusUnauthorized || se.code == http.StatusForbidden):
		s = fmt.Sprintf("The WebDAV server %s refused Lectern (%v): check the user and password in the address, and that the folder may be written. Nothing was changed.", w, se)
	case errors.As(err, &se) && se.code == http.StatusMethodNotAllowed:
		s = fmt.Sprintf("The WebDAV server %s does not let Lectern write there (405: read-only?): choose a folder you can write to. Nothing was changed.", w)
	default:
		s = fmt.Sprintf("Lectern %s the WebDAV folder %s (%v): check the address and that the server is reachable, then sync again. Nothing was changed.", what, w, err)
	}
	return &TargetError{Sentence: s, Err: err}
}
