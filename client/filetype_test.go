package client

import (
	"errors"
	"slices"
	"testing"
)

// A refused file type is data: the file's own extension as written ("" when it has none), the type
// to save it as for .md, .doc and .xls, and the allowed types; allowed types pass in any case.
func TestFileTypeRefusalNamesTheFilesType(t *testing.T) {
	for _, n := range []string{"a.txt", "Report.PDF", "x.Docx", "t.XLSX", "d.csv"} {
		if ve := FileTypeRefusal(n); ve != nil {
			t.Errorf("%q refused: %v", n, ve)
		}
	}
	cases := map[string][2]string{ // name: extension, type to save as
		"x.exe":      {".exe", ""},
		"SETUP.EXE":  {".EXE", ""},
		"a.tar.gz":   {".gz", ""},
		"notes.md":   {".md", ".txt"},
		"old.DOC":    {".DOC", ".docx"},
		"old.xls":    {".xls", ".xlsx"},
		"noext":      {"", ""},
		"trailing.":  {"", ""},
		"v1.2 final": {"", ""},
	}
	for name, want := range cases {
		got := FileTypeRefusal(name)
		if got == nil || got.Code != InvalidFileType || got.Field != "name" || got.Value != want[0] || got.Want != want[1] ||
			!slices.Equal(got.Choices, AllowedExtensions) {
			t.Errorf("FileTypeRefusal(%q) = %+v, want extension %q, save as %q", name, got, want[0], want[1])
		}
		var ve *ValidationError
		if err := Preflight(name, 10, Limits{}); !errors.As(err, &ve) || ve.Code != InvalidFileType || ve.Value != want[0] {
			t.Errorf("Preflight(%q) = %v", name, err)
		}
	}
}
