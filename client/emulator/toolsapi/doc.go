// Package toolsapi is the emulator's family of auxiliary tool endpoints (model-api.md §4):
// POST /pdf, POST /ocr with GET /ocr/jobs/{job_id}, POST /websearch, POST /generate with
// GET /office/artifacts/{artifact_id}/download, and POST /chat with GET /workspaces.
//
// Package emulator composes it with the other families over one serve.Core: keys, request ids,
// faults, the clock and the per-address limits are shared. Where the spec is silent, the emulator
// chooses:
//   - Errors use the /v1 error object {error: {message, type, code, param, request_id}}.
//   - /chat, /generate and /pdf share a limit of 10 requests a minute per person (the key's owner,
//     or the key when it has none); past it, 429 rate_limit_exceeded with Retry-After. A refused
//     request counts against nothing.
//   - /pdf reads text with the engine's PDF extractor; mode tables keeps the lines that have
//     columns (two or more fields apart by two spaces, a tab or a bar) and joins them with " | ".
//     A file with fewer than 20 characters a page gets the warning scanned_or_empty.
//   - OCR jobs follow the shared clock: queued for OCRQueueDelay, running for OCRRunDelay (progress
//     page by page), then done with the text layer (or, for a scan, a line per page). A file whose
//     name matches OCRFailPattern ends failed; CancelOCR cancels a job.
//   - /websearch searches a small fixed offline corpus (never the network). A query with
//     "degraded" in it marks the provider degraded (status partial); several queries of which some
//     find nothing are partial; none found is no_results. BlockInternet gives a person 403
//     internet_access_blocked.
//   - /generate writes a .xlsx when the prompt asks for a spreadsheet, Excel or a table, a .docx
//     when it asks for Word, a document, a report or a letter, and no file otherwise. Files expire
//     after ArtifactTTL: the download then answers 410 artifact_expired (404 artifact_not_found
//     for an id never made).
//   - /chat answers from its attachments with the engine and saves each message in the person's
//     history (Chats); workspace_id must be one of GET /workspaces, and workspace_pin true starts a
//     conversation tied to it. The reply (response, in Markdown) names each file read and quotes
//     its first line, or says a recording's speech was turned into text (it hears nothing). It
//     carries a conversation_id; a message sent with it is answered from the files of the whole
//     conversation, with its earlier messages as history.
package toolsapi
