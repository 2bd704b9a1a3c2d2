package words

import (
	"testing"
	"time"
)

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 bytes", 1: "1 byte", 1023: "1023 bytes", 1024: "1 KiB", 1536: "1.5 KiB",
		3 << 20: "3 MiB", 5 << 19: "2.5 MiB", 12<<20 + 1<<19: "12.5 MiB", 1 << 30: "1 GiB",
	} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCountAndPlural(t *testing.T) {
	if Count(1, "file") != "1 file" || Count(0, "file") != "0 files" || Count(2, "workspace") != "2 workspaces" {
		t.Fatal(Count(1, "file"), Count(0, "file"), Count(2, "workspace"))
	}
}

func TestSentence(t *testing.T) {
	for in, want := range map[string]string{
		"":                      "",
		"  ":                    "",
		"the file is gone":      "The file is gone.",
		"is it there?":          "Is it there?",
		"stop!":                 "Stop!",
		"done.":                 "Done.",
		"élan":                  "Élan.",
		" padded with spaces  ": "Padded with spaces.",
	} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestThousandsAndDocumentCounts(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 10000: "10,000", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
	if got := DocumentCounts(10000, 9000, 999, 1); got != "10,000 documents · 9,000 ready · 999 not ready · 1 failed" {
		t.Errorf("DocumentCounts: %q", got)
	}
	if got := DocumentCounts(1, 1, 0, 0); got != "1 document · 1 ready · 0 not ready · 0 failed" {
		t.Errorf("DocumentCounts of one: %q", got)
	}
}

func TestCut(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a name that is too long", 10, "a name th…"},
		{"two words", 5, "two…"},
		{"한국어 이름입니다", 4, "한국어…"},
		{"x", 0, "x"},
		{"xy", 0, "…"},
	} {
		if got := Cut(tc.in, tc.n); got != tc.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "less than a minute", 59 * time.Second: "less than a minute", time.Minute: "a minute",
		119 * time.Second: "a minute", 59*time.Minute + 59*time.Second: "59 minutes", time.Hour: "an hour",
		150 * time.Minute: "2 hours", 47 * time.Hour: "47 hours", 48 * time.Hour: "2 days", 95 * time.Hour: "3 days",
	} {
		if got := Duration(d); got != want {
			t.Errorf("Duration(%s) = %q, want %q", d, got, want)
		}
	}
}
