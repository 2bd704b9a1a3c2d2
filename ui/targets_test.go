package ui

import (
	"strings"
	"testing"

	"lectern/app/settings"
)

// Only workspaces that take files are offered for them (spec §4, POST /workspace/documents rule 4:
// organisation, shared and others' workspaces give 404; the owner's own published one 403
// workspace_read_only, which the list does not show): Add files… is disabled with the reason in
// words before a file is picked, the published workspace's refusal offers no Retry and its storage
// is not shown, and a first start picks a workspace that takes files as the upload target.
func TestOnlyWorkspacesThatTakeFilesAreOffered(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "Finance")
	until(t, "Add files… disabled on Finance", func() bool { return !m.uploads.AddEnabled() })
	if why := m.uploads.AddWhy(); !strings.Contains(why, "organisation") {
		t.Errorf("Finance: %q", why)
	}
	m.selectNamed(t, "My documents")
	until(t, "Add files… enabled on My documents", m.uploads.AddEnabled)
	m.selectNamed(t, "Employee handbook (published)")
	p := writeTestFile(t, t.TempDir(), "memo.txt", []byte("A memo."))
	driver{f.u}.addFiles(p)
	until(t, "the server's refusal", func() bool { return stateOf(m.uploads, "memo.txt") == "failed" })
	until(t, "Add files… disabled once published is known", func() bool { return !m.uploads.AddEnabled() })
	if it, _ := m.uploads.Item("memo.txt"); it.Entry.Retryable() {
		t.Errorf("a Retry that cannot succeed is offered: %+v", it.Entry)
	}
	if m.docs.LimitsShown() || !strings.Contains(m.uploads.AddWhy(), "published") {
		t.Errorf("published: limits shown %v, why %q", m.docs.LimitsShown(), m.uploads.AddWhy())
	}
	m.selectNamed(t, "Finance")
	driver{f.u}.addFiles(p)
	until(t, "Finance's refusal", func() bool { return strings.Contains(m.uploads.Notice(), "organisation") })
	if n := m.uploads.Notice(); strings.Contains(n, "handbook") || !strings.Contains(n, "“My documents”") {
		t.Errorf("Finance recommends %q", n)
	}

	f.u.Close()
	drain()
	if err := f.app.UpdateSettings(func(s *settings.Settings) { s.LastWorkspace = nil }); err != nil {
		t.Fatal(err)
	}
	m = f.show(core{}).main
	until(t, "the browser again", driver{f.u}.settled)
	until(t, "a first selection", func() bool { return m.docs.Workspace().WorkspaceID != "" })
	if got := m.docs.Workspace().Workspace.Name; got != "My documents" {
		t.Errorf("first start selects %q as the upload target", got)
	}
}

// Adding a file already queued or added (same name and content: the queue keeps one) says so.
func TestReAddingTheSameFileSaysItIsThere(t *testing.T) {
	f := newFixture(t, uploadConfig())
	m := f.browser()
	m.selectNamed(t, "My documents")
	p := writeTestFile(t, t.TempDir(), "travel.txt", []byte("Travel is booked two weeks ahead."))
	driver{f.u}.addFiles(p)
	until(t, "the row", func() bool { _, ok := m.uploads.Item("travel.txt"); return ok })
	driver{f.u}.addFiles(p)
	until(t, "the notice", func() bool { return m.uploads.Notice() != "" })
	if got := m.uploads.Notice(); got != "travel.txt is already in My documents." {
		t.Errorf("notice %q", got)
	}
}
