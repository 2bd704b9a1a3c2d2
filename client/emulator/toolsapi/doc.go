// Package toolsapi will be the emulator's family of auxiliary tool endpoints (model-api.md §4:
// POST /pdf, POST /ocr and GET /ocr/jobs/{job_id}, POST /websearch, POST /generate, GET
// /office/artifacts/{artifact_id}/download, POST /chat, GET /workspaces), issue 14. Nothing is
// served yet: their paths answer the workspace family's 404 not_found.
//
// Build it as the other families are built:
//
//	type Service struct{ cfg Config; core *serve.Core; ... }
//	func New(cfg Config, core *serve.Core) *Service
//	func (s *Service) Register(mux *http.ServeMux) {
//		mux.HandleFunc("POST /pdf", s.handle(RoutePDF, s.handlePDF))
//		...
//	}
//
// and add one line to emulator.New: toolsapi.New(cfg.tools(), core).Register(e.mux). Use the
// shared core (lectern/client/emulator/internal/serve) for everything the families share:
// core.Begin (request id and count), core.ApplyLatency and core.TakeFailure (faults),
// core.CheckKey with serve.Bearer (keys and the wrong-key limit), core.Admit (request limits),
// serve.Error, serve.WriteJSON and serve.SetRetryAfter (errors in the /v1 error shape: see
// modelapi/errors.go), and serve.OpenStream for event streams. modelapi/service.go's handle is
// the pattern of a family's request pipeline.
package toolsapi
