package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"

	"lectern/client"
	"lectern/internal/words"
)

// The sentences that tell a person what happened and what to do live here, in the application
// core, and nowhere else: the client's errors are data (status, code, message, param, retryable,
// Retry-After, request id), and both front-ends show what Explain says.

// sentences holds, for each code of spec §7, what happened and what to do.
var sentences = map[string]string{
	"invalid_request":        "The server could not read the request. This is probably a bug in Lectern; please report it with the request id.",
	"unknown_parameter":      "The server does not accept a field Lectern sent. The server may be older than this version of Lectern; ask an administrator to update it, or report this.",
	"unsupported_parameter":  "The server does not support a feature in this request, such as asking more than one document at once. Ask the whole workspace or one document.",
	"invalid_history":        "The earlier turns of this conversation could not be sent. Start a new conversation, or ask again without the earlier turns.",
	"invalid_cursor":         "The list could not be continued, probably because the server restarted. Refresh the list.",
	"unsupported_file_type":  unsupportedFileType(), // worded with the local check (check_words.go)
	"api_key_owner_required": "This API key has no owner, so it cannot open any workspace. Create a key from your own account in the service's key management page.",
	"key_not_allowed":        "This API key may not add documents. An administrator must mark the key 'Can add documents'; keys made before 17-10-2026 can never add, so create a new key and ask for it to be marked.",
	"workspace_read_only":    "This workspace is published for others, so files cannot be added to it through the API. Add the file in the web app, or choose another of your personal workspaces.",
	"api_disabled":           "Adding documents is not switched on for this server. Ask an administrator to switch it on.",
	"workspace_not_found":    "This key cannot open that workspace, or it is not one of your own personal workspaces (files can only be added there). Refresh the workspace list and choose again.",
	"workspace_access_lost":  "The key's owner no longer has access to this workspace (it was unshared, or they left the organisation). Refresh the workspace list.",
	"knowledge_not_found":    "The chosen document is not in this workspace. Refresh the list and choose the document again, or ask the whole workspace.",
	"document_not_found":     "That document is not in this workspace: the server kept nothing under that id, or it was deleted in the web app. Add the file again.",
	"knowledge_not_ready":    "The chosen document is still being prepared. Wait until it is ready, or ask the whole workspace meanwhile.",
	"id_in_use":              "Another file was already added under this upload id. Add the file again so that Lectern picks a new id.",
	"duplicate_name":         "A document with this name already exists in the workspace. Rename the file and add it again.",
	"length_required":        "The server needs the request's size before reading it (Content-Length). A proxy between you and the server may be removing it; report this to an administrator.",
	"file_too_large":         "The file is too large for this server. Choose a smaller file, or split it into parts.",
	"unsupported_media_type": "The server did not receive the request as JSON. A proxy between you and the server may be changing requests; report this to an administrator.",
	"too_many_uploads":       "This file is still being added from an earlier attempt. Wait a moment and check its status instead of sending it again.",
	"file_too_complex":       "The server could not read this file because it is too complex (for example too many scanned pages). Split it, or save it as plain text, and add it again.",
	"daily_upload_limit":     "This key has reached today's upload limit. Try again tomorrow, or ask an administrator to raise the limit.",
}

// keyRefused says that the server refused the key, and what to do, by where the key came from.
var keyRefused = map[KeySource]string{
	KeyFromEnv:      "The server refused the key in LECTERN_API_KEY: it is missing or wrong. Set LECTERN_API_KEY to a valid key, or create a new one in the service's key management page.",
	KeyFromKeychain: "The server refused the API key saved for this server: it is missing or wrong. Enter the key again (desktop: Settings; command line: lectern connect), or create a new one in the service's key management page.",
	KeyFromSession:  "The server refused the API key given for this session: it is missing or wrong. Connect again with a valid key, or create a new one in the service's key management page.",
	KeyNone:         "The API key is missing or wrong. Check the key in the settings, or create a new one in the service's key management page.",
}

// paramSentences refine invalid_request when the server names the field.
var paramSentences = map[string]string{
	"data":        "The file's content did not arrive intact (invalid base64). Add the file again.",
	"document_id": "The document id is not in the right form (12 letters and digits, or a server id). Check the id and try again.",
	"question":    "The question was missing or not text. Type a question and ask again.",
}

// Explanation is an error told to a person: what happened and what to do, and what to quote
// when reporting it.
type Explanation struct {
	Sentence  string // what happened and what to do
	Code      string // the service's error code, "" when none
	Status    int    // the HTTP status of a service error, 0 otherwise
	RequestID string // the request id to quote, "" when none
}

// Explain tells err to a person. A refused key is explained by where the current key came from.
func (a *App) Explain(err error) Explanation { return explain(err, a.conn.keySource()) }

// ExplainLocal tells err to a person as Explain does, for a front-end with no App open yet, such
// as a check of the command line's arguments that failed before anything was sent.
func ExplainLocal(err error) Explanation { return explain(err, KeyNone) }

// Describe returns Explain's sentence with the request id, in one line of text (as saved with a
// failed answer or upload).
func (a *App) Describe(err error) string { return explain(err, a.conn.keySource()).String() }

// String is the sentence followed by the request id, when there is one.
func (x Explanation) String() string {
	if x.RequestID == "" {
		return x.Sentence
	}
	return x.Sentence + " (request id " + x.RequestID + ")"
}

// explain tells err to a person; src is where the key in use came from.
func explain(err error, src KeySource) Explanation {
	var (
		ae *client.APIError
		ve *client.ValidationError
		ie *client.InterruptedError
		ue *client.UploadUnknownError
		re *client.RedirectError
		fe *client.FileError
		nk *NoKeyError
		me *modelError
	)
	switch {
	case err == nil:
		return Explanation{}
	case errors.As(err, &me):
		return explainModel(me, src)
	case errors.As(err, &ie):
		return Explanation{Sentence: interruptedSentence(ie), RequestID: ie.RequestID}
	case errors.As(err, &re):
		return Explanation{Sentence: "The server answered with a redirect to " + OneLine(re.Location) +
			"; Lectern only talks to the address you configured, so nothing was sent there. Check the server address (https, host and port)."}
	case errors.As(err, &ue):
		return Explanation{Sentence: "The upload's outcome is unknown: the connection broke and the status could not be checked. Check the document's status before adding it again."}
	case errors.As(err, &ae):
		return Explanation{Sentence: apiSentence(ae, src), Code: ae.Code, Status: ae.StatusCode, RequestID: ae.RequestID}
	case errors.As(err, &nk):
		return Explanation{Sentence: noKeySentence(nk)}
	case errors.As(err, &ve):
		return Explanation{Sentence: checkSentence(ve)}
	case errors.As(err, &fe):
		return Explanation{Sentence: fileSentence(fe)}
	}
	if x, ok := replySentence(err); ok {
		return x
	}
	if s, ok := syncSentence(err); ok {
		return Explanation{Sentence: s}
	}
	return Explanation{Sentence: netSentence(err)}
}

// fileSentence says why a file could not be sent, in the words of whoever opened it; the request
// it cut short stored nothing.
func fileSentence(fe *client.FileError) string {
	if errors.Is(fe.Err, client.ErrFileChanged) {
		return "The file " + strconv.Quote(fe.Name) + " changed before Lectern could send it whole, so nothing was stored. Retry to send the new version."
	}
	var pe *fs.PathError
	if errors.As(fe.Err, &pe) && pe.Path != "" {
		return "The file " + strconv.Quote(pe.Path) + " cannot be read: " + strings.TrimRight(pe.Err.Error(), ".") + "."
	}
	return errorSentence(fe.Err)
}

// noKeySentence says that the server needs a key and where each front-end takes one.
func noKeySentence(e *NoKeyError) string {
	if e.Err != nil {
		return "The API key for " + OneLine(e.Server) + " could not be read from the keychain (" + OneLine(e.Err.Error()) +
			"). Enter the key again (desktop: the banner at the top of the window; command line: set LECTERN_API_KEY)."
	}
	return "No API key is stored for " + OneLine(e.Server) + ". Enter your key (desktop: the banner at the top of the " +
		"window, or Settings; command line: lectern connect " + OneLine(e.Server) + ", or set LECTERN_API_KEY)."
}

// apiSentence says what a service error means and what to do, with when to try again.
func apiSentence(e *client.APIError, src KeySource) string {
	s := apiBaseSentence(e, src)
	if e.RetryAfter > 0 {
		s += " You can try again in " + humanDuration(e.RetryAfter) + "."
	}
	return s
}

// apiBaseSentence picks the sentence for the code, the status, or the server's message.
func apiBaseSentence(e *client.APIError, src KeySource) string {
	switch {
	case e.Code == "invalid_request" && e.Param != "":
		if s, ok := paramSentences[e.Param]; ok {
			return s
		}
		return fmt.Sprintf("The server did not accept the field '%s' (missing or of the wrong type). This is probably a bug in Lectern; please report it with the request id.", e.Param)
	case (e.Code == "unknown_parameter" || e.Code == "unsupported_parameter") && e.Param != "":
		return strings.Replace(sentences[e.Code], "a field Lectern sent", "the field '"+e.Param+"'", 1)
	case e.Code == "api_key_required", e.Code == "invalid_api_key", e.StatusCode == http.StatusUnauthorized:
		return keyRefused[src] // the workspace endpoints' code, and the /v1 and tool endpoints' (model-api.md §5)
	}
	if s, ok := sentences[e.Code]; ok {
		return s
	}
	if e.StatusCode == 429 {
		return "Too many requests, or too many wrong keys from this address (20 in 10 minutes). Check the key, then wait before trying again."
	}
	return genericSentence(e)
}

// genericSentence describes an unknown code or a bare status. A body that was not JSON (a
// proxy's HTML page, for example) is never shown: its status is said in words instead.
func genericSentence(e *client.APIError) string {
	what := ""
	switch {
	case e.StatusCode == 0:
		what = "The answer failed on the server"
	case e.Snippet != "" && e.StatusCode >= 500:
		what = "The server, or a proxy in front of it, had a problem (" + statusWords(e.StatusCode) + ")"
	case e.Snippet != "":
		what = "The server, or a proxy in front of it, refused the request (" + statusWords(e.StatusCode) + ")"
	case e.StatusCode >= 500:
		what = "The server had a problem (" + statusWords(e.StatusCode) + ")"
	default:
		what = "The server refused the request (" + statusWords(e.StatusCode) + ")"
	}
	if e.Code != "" {
		what += " with code " + e.Code
	}
	if e.Message != "" {
		what += ": " + strings.TrimRight(e.Message, ".")
	}
	if e.StatusCode >= 500 || e.StatusCode == 0 || e.Retryable {
		return what + ". Try again in a moment."
	}
	return what + ". If it persists, report it with the request id."
}

// statusWords names an HTTP status with its standard words: "HTTP 502, Bad Gateway".
func statusWords(code int) string {
	if t := http.StatusText(code); t != "" {
		return fmt.Sprintf("HTTP %d, %s", code, t)
	}
	return fmt.Sprintf("HTTP %d", code)
}

// humanDuration renders a wait such as "30 seconds" or "2 minutes".
func humanDuration(d time.Duration) string {
	switch s := int((d + time.Second - 1) / time.Second); {
	case s <= 1:
		return "a second"
	case s < 120:
		return fmt.Sprintf("%d seconds", s)
	default:
		return fmt.Sprintf("%d minutes", (s+59)/60)
	}
}

// interruptedSentence explains a stream that stopped early, each cause in its own words.
func interruptedSentence(ie *client.InterruptedError) string {
	var tl *client.TooLargeError
	var de *client.DecodeError
	why := "the connection was lost"
	switch {
	case ie.Cause == nil:
		why = "the reply was cut off"
	case errors.As(ie.Cause, &tl):
		why = tooLargeWhy(tl)
	case errors.As(ie.Cause, &de):
		why = "the server sent an answer Lectern cannot read"
	case errors.Is(ie.Cause, client.ErrIdleTimeout):
		why = "the server sent nothing for too long"
	case errors.Is(ie.Cause, client.ErrHeaderTimeout):
		why = "the server did not begin to answer in time"
	case errors.Is(ie.Cause, client.ErrStreamClosed), errors.Is(ie.Cause, context.Canceled):
		why = "it was stopped"
	}
	if ie.Text == "" {
		return "The answer stopped before any of it arrived because " + why + ". Ask again."
	}
	return "The answer stopped before it was finished because " + why + ". The text received so far is kept; ask again for the full answer."
}

// replySentence explains a reply that came but could not be taken: too large, cut off, unreadable.
func replySentence(err error) (Explanation, bool) {
	var tl *client.TooLargeError
	var de *client.DecodeError
	switch {
	case errors.As(err, &tl):
		return Explanation{Sentence: words.Sentence(tooLargeWhy(tl)) + " Nothing of it was kept; try again, or report it with the request id.",
			RequestID: tl.RequestID}, true
	case errors.As(err, &de) && de.Truncated:
		return Explanation{Sentence: "The reply was cut off before it was complete. Try again.", RequestID: de.RequestID}, true
	case errors.As(err, &de):
		return Explanation{Sentence: "The server's answer could not be read. The address may not be a workspace service; check it.",
			RequestID: de.RequestID}, true
	}
	return Explanation{}, false
}

// tooLargeWhy says what went over its cap, with the cap.
func tooLargeWhy(tl *client.TooLargeError) string {
	size := words.Bytes(tl.Limit)
	switch tl.What {
	case "event":
		return "the server sent an event larger than " + size
	case "answer":
		return "the answer grew larger than " + size + ", more than Lectern accepts"
	}
	return "the server sent a reply larger than " + size + ", more than Lectern accepts"
}

// netSentence explains errors without an HTTP answer; any other error is the core's own, and
// already a sentence.
func netSentence(err error) string {
	var ne *client.NetError
	host := "the server"
	if errors.As(err, &ne) && ne.Host != "" {
		host = "the server at " + ne.Host
	}
	switch {
	case errors.Is(err, context.Canceled):
		return "The request was cancelled."
	case errors.Is(err, client.ErrUnreachable):
		return "Cannot reach " + host + ". Check the server address and your network connection, then try again."
	case errors.Is(err, context.DeadlineExceeded) || (ne != nil && ne.Timeout):
		return "No answer from " + host + " in time. " + mayHaveArrived(ne, "Try again later.")
	case ne != nil && ne.Certificate:
		return "The certificate of " + host + " is not trusted. Check the server address, or ask an administrator."
	case ne != nil:
		return "The connection to " + host + " broke before an answer arrived. " + mayHaveArrived(ne, "Try again.")
	case strings.HasPrefix(err.Error(), "client: "):
		// The client's own wording is for logs ("client: GET /workspace: …"), never for a person.
		return "The server's answer could not be used. Try again; if it happens again, tell the server's administrator."
	}
	return errorSentence(err)
}

// mayHaveArrived is what to do after a request's answer was lost: retry, unless the request may
// already have done its work on the server (a message /chat saved, a file made, an OCR job
// started), which is said first.
func mayHaveArrived(ne *client.NetError, retry string) string {
	if ne == nil || ne.Method != http.MethodPost {
		return retry
	}
	switch ne.Route {
	case "/chat":
		return "The message may already be saved on the server, in the key owner's chat history: look there before sending it again."
	case "/generate":
		return "The server may already have made the file and counted the request; ask for it again to get one."
	case "/ocr":
		return "The OCR job may already have started on the server, but its id did not arrive; start the OCR again to follow one."
	}
	return retry
}

// errorSentence is an error's own text as a sentence; an error without text is "Something went
// wrong.".
func errorSentence(err error) string {
	return cmp.Or(words.Sentence(err.Error()), "Something went wrong.")
}
