package app

import "strings"

// The words both front-ends use around an answer: its stage while it is written, its warnings, and
// how a source was used. Tokens the spec does not name are shown as they come.

// The stages of an answer the app adds to the server's (retrieving, computing, reading, writing).
const (
	// StageWaiting: the question was sent and the server has not answered yet (no headers): the
	// desktop shows how long since TurnChanged.Sent, with Stop.
	StageWaiting = "waiting"
	// StageStarted: the server answered and the answer is on its way, before it says a stage.
	StageStarted = "started"
	// StageWriting: text is arriving (the server's own stage, also given when it says none).
	StageWriting = "writing"
	// StageConsent, StageTool and StageToolLimit: a model chat's tool call waits for the person's
	// consent, runs, or waits out the tools' shared limit (its card shows which and how long).
	StageConsent   = "tool_consent"
	StageTool      = "tool_running"
	StageToolLimit = "tool_limit"
	// StageRetryWait: the server asked to be asked again later (429, or 503 with Retry-After), and
	// the question is sent again at TurnChanged.RetryAt.
	StageRetryWait = "retry_wait"
)

// StageText says what the server is doing while an answer is on its way ("" before it says).
func StageText(stage string) string {
	switch stage {
	case "":
		return "Sending the question…"
	case StageWaiting:
		return "Waiting for the server to answer…"
	case StageStarted:
		return "The server is preparing the answer…"
	case "retrieving":
		return "Looking through the documents…"
	case "computing":
		return "Calculating from the spreadsheet…"
	case "reading":
		return "Reading the documents…"
	case "writing":
		return "Writing the answer…"
	case StageConsent:
		return "Waiting for you to allow or refuse the call above…"
	case StageTool:
		return "Running the call the model asked for…"
	case StageToolLimit:
		return "Waiting for the tools' shared limit (see the card)…"
	case StageRetryWait:
		return "The server is busy; the question is sent again shortly…"
	}
	return stage + "…"
}

// WarningText says an answer warning token in words; unknown tokens stay as they are.
func WarningText(token string) string {
	switch token {
	case "documents_not_ready":
		return "Some documents are still being prepared and were skipped; ask again once they are ready."
	case "prompt_trimmed":
		return "The question or the earlier turns were too long and were trimmed."
	case "max_output_tokens_reached":
		return "The answer was cut off at the length limit."
	}
	return token
}

// SourceUse says how an answer used a source, as the spec defines used: true means the answer is
// known to come from that document, false that the document was given to the model as context.
// Never a citation the server did not make.
func SourceUse(used bool) string {
	if used {
		return "Used"
	}
	return "Consulted"
}

// EndSentence says how a turn's answer ended when it is not a whole answer, for the turn view:
// a refusal (its reason is the Answer), an answer cut at the longest answer, a failure part-way
// (the text received is kept) or before any text, a stop; "" for a completed or pending turn.
func (t Turn) EndSentence() string {
	switch t.Status {
	case TurnRefused:
		return refusedNotice
	case TurnIncomplete:
		return WarningText("max_output_tokens_reached")
	case TurnFailed:
		if strings.TrimSpace(t.Answer) != "" {
			return strings.TrimSpace("The answer failed part-way; the text received so far is kept. " + t.Error)
		}
		return orDefault(t.Error, "The answer failed.")
	case TurnInterrupted:
		return orDefault(t.Error, "The answer was interrupted; the text so far is kept. Retry asks again.")
	}
	return ""
}
