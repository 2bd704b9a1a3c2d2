package workspaceapi

import (
	"strings"

	"lectern/client/emulator/engine"
)

// Demo users and keys.
const (
	DemoUser        = "demo"
	demoKey         = "lk_demo_4f2a9c7e1b3d5a60"
	demoReadOnlyKey = "lk_demo_ro_8e1c3b5d7f9a02"
)

// IsDemoKey reports whether key is one of the keys every demo emulator accepts (SeedDemo).
func IsDemoKey(key string) bool { return key == demoKey || key == demoReadOnlyKey }

// DemoInfo tells how to use a demo emulator.
type DemoInfo struct {
	// Key is the demo key: it answers as DemoUser and may add documents.
	Key string
	// ReadOnlyKey answers as DemoUser but may not add documents (403 key_not_allowed).
	ReadOnlyKey string
	// Personal is the demo user's own personal workspace that accepts uploads.
	Personal string
	// Published is the demo user's published personal workspace (uploads: 403 workspace_read_only).
	Published string
	// Shared is a workspace another user shares with the demo user.
	Shared string
	// Organization lists the two organisation workspaces.
	Organization []string
}

// SeedDemo puts the demo data into e and its core (package emulator's NewDemo calls it): the demo
// keys, two personal workspaces of the demo user (one published), one shared with the user
// and two organisation workspaces, the engine's demo documents spread across them (a few not_ready
// or failed), and one website import. The not_ready draft in the user's own workspace becomes ready
// after Config.DemoReadyDelay, so that asking there soon stops warning documents_not_ready; the
// ones in Operations stay not_ready, to show that state for as long as the demo runs.
func (e *Service) SeedDemo() DemoInfo {
	e.core.AddKey(Key{Secret: demoKey, Owner: DemoUser, CanAdd: true})
	e.core.AddKey(Key{Secret: demoReadOnlyKey, Owner: DemoUser})
	info := DemoInfo{Key: demoKey, ReadOnlyKey: demoReadOnlyKey}
	info.Personal = e.AddWorkspace(WorkspaceSpec{ID: "ws_demo_personal", Name: "My documents", Owner: DemoUser})
	info.Published = e.AddWorkspace(WorkspaceSpec{ID: "ws_demo_handbook", Name: "Employee handbook (published)",
		Owner: DemoUser, Published: true})
	info.Shared = e.AddWorkspace(WorkspaceSpec{ID: "ws_demo_shared", Name: "Leadership team",
		Owner: "priya", SharedWith: []string{DemoUser}})
	fin := e.AddWorkspace(WorkspaceSpec{ID: "org_demo_finance", Name: "Finance", Scope: ScopeOrganization,
		Members: []string{DemoUser, "priya"}})
	ops := e.AddWorkspace(WorkspaceSpec{ID: "org_demo_operations", Name: "Operations", Scope: ScopeOrganization,
		Managers: []string{DemoUser}, Members: []string{"priya"}})
	info.Organization = []string{fin, ops}
	for _, f := range engine.DemoFiles() {
		for _, ws := range demoHome(f.Name, info) {
			e.AddDocument(ws, f.Name, f.Data, "ready")
		}
	}
	draft := e.AddDocument(info.Personal, "draft-budget-2027.txt", []byte("Draft budget for 2027, still being indexed."), "not_ready")
	e.ReadyAfter(info.Personal, draft, e.cfg.DemoReadyDelay)
	e.AddDocument(fin, "scanned-invoice-0042.pdf", []byte("%PDF-1.4\n% scanned image only\n"), "failed")
	e.AddDocument(ops, "supplier-list-2026.csv", []byte("supplier,city\nNorthwind,Pune\n"), "not_ready")
	e.AddSource(ops, "help.northwindtrails.example", demoPages())
	return info
}

// demoHome picks the demo workspaces of a demo file: spreadsheets to Finance, the handbook to the
// user's own and published workspaces, meeting notes to the shared one, PDFs to Operations.
func demoHome(name string, info DemoInfo) []string {
	switch n := strings.ToLower(name); {
	case strings.HasSuffix(n, ".csv") || strings.HasSuffix(n, ".xlsx"):
		return []string{info.Organization[0]}
	case strings.Contains(n, "handbook"):
		return []string{info.Personal, info.Published}
	case strings.Contains(n, "meeting"):
		return []string{info.Shared}
	case strings.HasSuffix(n, ".pdf"):
		return []string{info.Organization[1]}
	}
	return []string{info.Personal}
}

// demoPages are the pages of the demo website import.
func demoPages() []Page {
	return []Page{
		{Name: "Opening hours", URL: "https://help.northwindtrails.example/hours",
			Text: "The Northwind Trails help desk is open Monday to Friday from 09:00 to 18:00 IST. On public holidays the desk is closed."},
		{Name: "Returns policy", URL: "https://help.northwindtrails.example/returns",
			Text: "Products can be returned within 30 days of delivery with the original receipt. Refunds are paid within 7 working days."},
		{Name: "Shipping", URL: "https://help.northwindtrails.example/shipping",
			Text: "Orders over 5,000 rupees ship free. Standard delivery takes 3 to 5 working days; express delivery takes 1 day."},
		{Name: "Warranty", URL: "https://help.northwindtrails.example/warranty", Status: "not_ready",
			Text: "All Northwind Trails tents and packs carry a two-year warranty."},
	}
}
