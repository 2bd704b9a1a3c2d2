package app

import "testing"

// Names the server chooses that Windows reserves or reads differently are refused on every
// system; ordinary names are kept (their last element only).
func TestSaveNameRefusesNamesReservedOnWindows(t *testing.T) {
	refused := []string{
		"CON", "con.docx", "PRN.xlsx", "aux", "NUL.tar.gz", "nul .docx", "COM1", "com9.docx", "LPT1.xlsx",
		"lpt9", "COM0.docx", "LPT¹.docx", "COM³", "CONIN$", "conout$.txt",
		"C:x.docx", "report.docx.", "report.docx ", "report.", "a<b.docx", "a>b.docx", `a"b.docx`, "a|b.docx",
		"a?b.docx", "a*b.docx", "tab\there.docx", "line\nbreak.docx", ".hidden.docx", "..", ".", "",
		"report:stream.docx", string(make([]byte, 256)),
	}
	for _, name := range refused {
		got, ok := SaveName(name, "docx")
		if ok || got != "generated.docx" {
			t.Errorf("SaveName(%q) = %q, %v; want refused, generated.docx", name, got, ok)
		}
	}
	kept := map[string]string{
		"report.docx": "report.docx", "Quarterly Report (2).xlsx": "Quarterly Report (2).xlsx",
		"CONTROL.docx": "CONTROL.docx", "COM10.docx": "COM10.docx", "lpt.docx": "lpt.docx",
		"console.txt": "console.txt", "café.docx": "café.docx", "nul-report.docx": "nul-report.docx",
	}
	for name, want := range kept {
		if got, ok := SaveName(name, "docx"); !ok || got != want {
			t.Errorf("SaveName(%q) = %q, %v; want %q, true", name, got, ok, want)
		}
	}
	// A path keeps its last element, but says that the name was not taken as sent.
	if got, ok := SaveName("../../etc/report.docx", "docx"); got != "report.docx" || ok {
		t.Errorf("a path gave %q, %v", got, ok)
	}
	if got, ok := SaveName(`C:\Users\x\NUL.docx`, "docx"); got != "generated.docx" || ok {
		t.Errorf("a Windows path to NUL gave %q, %v", got, ok)
	}
	// The kind becomes an extension only when it is a plain word.
	if got, _ := SaveName("CON", "../x:y"); got != "generated" {
		t.Errorf("an odd kind gave %q", got)
	}
}

// Issue 35: Save as… offered "generated.xlsx" for a file titled "Quarterly budget"; it offers the
// title with the kind's extension, when that is a plain name on every system.
func TestSaveAsNameIsTheTitle(t *testing.T) {
	for _, c := range []struct{ title, server, kind, want string }{
		{"Quarterly budget", "generated.xlsx", "xlsx", "Quarterly budget.xlsx"},
		{"  Minutes\nof the  meeting ", "generated.docx", "docx", "Minutes of the meeting.docx"},
		{"Report.docx", "generated.docx", "docx", "Report.docx"},
		{"Budget: 2027", "generated.xlsx", "xlsx", "generated.xlsx"}, // a colon names a drive on Windows
		{"CON", "generated.xlsx", "xlsx", "generated.xlsx"},
		{"", "team-plan.docx", "docx", "team-plan.docx"},
		{"Plan", "plan.pptx", "", "Plan.pptx"},
	} {
		if got := SaveAsName(c.title, c.server, c.kind); got != c.want {
			t.Errorf("SaveAsName(%q, %q, %q) = %q, want %q", c.title, c.server, c.kind, got, c.want)
		}
	}
}
