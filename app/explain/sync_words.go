package explain

import (
	"errors"
	"fmt"

	"lectern/client"
	"lectern/internal/words"
)

// pagingSentence says why a listing stopped before the server said it was complete, and that
// what arrived is kept (spec §4: "While has_more is true, send next_after as after").
func pagingSentence(e *client.PagingError) string {
	what := "documents of this workspace"
	if e.What == "workspaces" {
		what = "workspaces"
	}
	kept := fmt.Sprintf("the %d that arrived are shown", e.Items)
	pages := words.Count(e.Pages, "page")
	var why string
	switch e.Reason {
	case client.PagingLoop:
		why = fmt.Sprintf("The server's list of %s went round in a circle (a page pointed back to one already read), so Lectern stopped after %s", what, pages)
	case client.PagingNoCursor:
		why = fmt.Sprintf("The server said more %s followed but not where they start, so Lectern stopped after %s", what, pages)
	case client.PagingPages:
		why = fmt.Sprintf("The server's list of %s did not end after %s, so Lectern stopped reading it", what, pages)
	case client.PagingItems:
		why = fmt.Sprintf("The server lists more than %d %s, more than Lectern keeps", e.Limit, what)
		kept = fmt.Sprintf("the first %d are shown", e.Items)
	default:
		why = fmt.Sprintf("The server's list of %s grew past %s, more than Lectern keeps", what, words.Bytes(e.Limit))
	}
	return why + "; " + kept + ". Refresh later; if it happens again, tell the server's administrator."
}

// notInAnswerSentence says that a listing of one workspace came back without it.
const notInAnswerSentence = "The server's answer did not include this workspace. Refresh the list; if it happens again, tell the server's administrator."

// syncSentence tells the listing errors that have no sentence elsewhere; false for any other.
func syncSentence(err error) (string, bool) {
	var pe *client.PagingError
	switch {
	case errors.As(err, &pe):
		return pagingSentence(pe), true
	case errors.Is(err, client.ErrNotInAnswer):
		return notInAnswerSentence, true
	}
	return "", false
}
