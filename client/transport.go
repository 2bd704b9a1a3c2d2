package client

import (
	"context"
	"crypto/x509"
	"errors"
	"net"
	"net/url"
	"syscall"
)

// NetError is a request that got no HTTP answer: the server could not be reached, the
// connection broke, or a time limit passed. Its text never contains the key.
type NetError struct {
	Method, Route string // for example POST /workspace
	Host          string
	Err           error // the underlying error (context errors stay visible to errors.Is)
	Unreachable   bool  // nothing reached the server: DNS, refused, no route
	Timeout       bool  // a time limit passed
	Certificate   bool  // the server's TLS certificate is not trusted
	msg           string
}

// Error names the route and the cause.
func (e *NetError) Error() string {
	return "client: " + e.Method + " " + e.Route + ": " + e.msg
}

// Unwrap returns the underlying error.
func (e *NetError) Unwrap() error { return e.Err }

// Is matches ErrUnreachable for a server that could not be reached.
func (e *NetError) Is(target error) bool { return target == ErrUnreachable && e.Unreachable }

// wrapNetError classifies an error of http.Client.Do or of reading a body.
func (c *Client) wrapNetError(method, route, host string, err error) error {
	if err == nil {
		return nil
	}
	var ne *NetError
	if errors.As(err, &ne) {
		return err
	}
	inner := err
	var ue *url.Error
	if errors.As(err, &ue) {
		inner = ue.Err
	}
	e := &NetError{Method: method, Route: route, Host: host, Err: inner, msg: c.redact(inner.Error())}
	e.Unreachable = isUnreachable(inner)
	var te interface{ Timeout() bool }
	e.Timeout = errors.Is(inner, context.DeadlineExceeded) || (errors.As(inner, &te) && te.Timeout())
	e.Certificate = isCertificateError(inner)
	return e
}

// isUnreachable reports errors that happen before any byte reaches the server.
func isUnreachable(err error) bool {
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return true
	}
	if errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EHOSTUNREACH) ||
		errors.Is(err, syscall.ENETUNREACH) {
		return true
	}
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// isCertificateError reports TLS trust problems.
func isCertificateError(err error) bool {
	var ua x509.UnknownAuthorityError
	var hn x509.HostnameError
	var ci x509.CertificateInvalidError
	return errors.As(err, &ua) || errors.As(err, &hn) || errors.As(err, &ci)
}
