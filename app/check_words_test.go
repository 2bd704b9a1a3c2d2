package app

import (
	"strings"
	"testing"

	"lectern/client"
)

// TestFileTypeRefusalReadsAsTheFilesType: the client's refusal of a file's type is worded here,
// naming the file's own type ("".exe files cannot be added"), with the types that can be added,
// and what to save it as for .md, .doc and .xls.
func TestFileTypeRefusalReadsAsTheFilesType(t *testing.T) {
	cases := map[string]string{
		"x.exe":      ".exe files cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can.",
		"SETUP.EXE":  ".EXE files cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can.",
		"a.tar.gz":   ".gz files cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can.",
		"notes.md":   ".md (Markdown) files cannot be added; save it as .txt (or export it as PDF) and add that.",
		"old.DOC":    ".DOC (old Word) files cannot be added; save it as .docx in Word and add that.",
		"old.xls":    ".xls (old Excel) files cannot be added; save it as .xlsx in Excel and add that.",
		"noext":      "A file without a type extension cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can.",
		"v1.2 final": "A file without a type extension cannot be added; only .txt, .pdf, .docx, .xlsx and .csv files can.",
	}
	for name, want := range cases {
		if got := explain(client.Preflight(name, 10, client.Limits{}), KeyNone).Sentence; got != want {
			t.Errorf("%q: %q\nwant %q", name, got, want)
		}
	}
}

// TestServerFileTypeRefusalUsesTheSameWords: the server's unsupported_file_type (spec §7) and the
// local check name .md, .doc and .xls with the same advice, worded once.
func TestServerFileTypeRefusalUsesTheSameWords(t *testing.T) {
	server := explain(&client.APIError{StatusCode: 400, Code: "unsupported_file_type"}, KeyNone).Sentence
	for _, name := range []string{"notes.md", "old.doc", "old.xls"} {
		local := explain(client.Preflight(name, 10, client.Limits{}), KeyNone).Sentence
		fix := local[strings.Index(local, "; ")+2 : strings.Index(local, " and add that")]
		if !strings.Contains(server, fix) {
			t.Errorf("the server's sentence %q lacks the local advice %q", server, fix)
		}
	}
	if !strings.Contains(server, "only .txt, .pdf, .docx, .xlsx and .csv files") {
		t.Errorf("server sentence %q", server)
	}
}

// TestChecksReadAsSentences: each check the client makes before sending reads as a sentence with
// its data (sizes in the one unit system, counts, the values accepted), never as a code.
func TestChecksReadAsSentences(t *testing.T) {
	cases := []struct {
		err  *client.ValidationError
		want string
	}{
		{&client.ValidationError{Field: "question", Code: client.InvalidTooLong, Got: 9000, Limit: 8000},
			"The question has 9000 characters; at most 8000 are allowed."},
		{&client.ValidationError{Field: "file", Code: client.InvalidTooLarge, File: "a.txt", Got: 3<<20 + 1, Limit: 3 << 20},
			`The file "a.txt" is 3 MiB; at most 3 MiB can be sent.`},
		{&client.ValidationError{Field: "file", Code: client.InvalidEmptyFile, File: "e.txt"},
			`The file "e.txt" is empty (0 bytes); there is nothing to add.`},
		{&client.ValidationError{Field: "model", Code: client.InvalidChoice, Value: "turbo", Choices: []string{"fast", "smart", "genius"}},
			`"turbo" is not accepted for the model tier; use fast, smart or genius.`},
		{&client.ValidationError{Field: "max_results", Code: client.InvalidRange, Value: "11", Want: "1..10"},
			"The number of results must be between 1 and 10."},
		{&client.ValidationError{Field: "queries", Code: client.InvalidTooMany, Want: "query", Got: 6, Limit: 5},
			"At most 5 searches can be made at once; 6 were given."},
		{&client.ValidationError{Field: "base_url", Code: client.InvalidForm, Want: client.FormHTTPSURL},
			"The server address must start with https:// (or http://) and name a host."},
		{&client.ValidationError{Field: "history", Code: client.InvalidUnpaired}, sentences["invalid_history"]},
		{&client.ValidationError{Field: "attachments", Code: client.InvalidFileType, File: "old.doc", Value: ".doc", Want: ".docx"},
			`The file "old.doc" is in an old Office format; save it as .docx first.`},
		{&client.ValidationError{Field: "attachments", Code: client.InvalidFileType, File: "a.txt", Value: ".txt", Choices: []string{".pdf"}},
			`The file "a.txt" is not a .pdf file.`},
		{&client.ValidationError{Field: "attachments", Code: client.InvalidFileType, File: "README"},
			`The file "README" has no type extension, so it cannot be sent to the chat. ` + chatTakes},
		{&client.ValidationError{Field: "attachments", Code: client.InvalidFileType, File: "a.exe", Value: ".exe"},
			`The file "a.exe": .exe files cannot be sent to the chat. ` + chatTakes},
		{&client.ValidationError{Field: "file", Code: client.InvalidUnreadable, File: "/tmp/x.pdf", Value: "permission denied"},
			`The file "/tmp/x.pdf" cannot be read: permission denied.`},
		{&client.ValidationError{Field: "attachments", Code: client.InvalidMissing}, "No file given."},
		{&client.ValidationError{Field: "history", Code: client.InvalidTooLong, Got: 25000, Limit: 24000}, sentences["invalid_history"]},
		{&client.ValidationError{Field: "input[3].bogus", Code: "new_rule"}, "The field 'input[3].bogus' is not accepted (new_rule)."},
	}
	for _, tc := range cases {
		if got := explain(tc.err, KeyNone).Sentence; got != tc.want {
			t.Errorf("%v:\n got %q\nwant %q", tc.err, got, tc.want)
		}
	}
}
