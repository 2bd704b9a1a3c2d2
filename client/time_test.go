package client

import (
	"testing"
	"time"
)

// Spec §2: updated is "DD-MM-YYYY HH:MM in IST", updated_at "ISO 8601 with offset".
func TestParseServerTime(t *testing.T) {
	want := time.Date(2026, 10, 17, 9, 0, 0, 0, time.UTC)
	cases := []struct{ iso, ist string }{
		{"2026-10-17T14:30:00+05:30", ""},
		{"2026-10-17T09:00:00Z", "garbage"},
		{"2026-10-17T09:00:00.000Z", ""},
		{"2026-10-17T14:30+05:30", ""},
		{"", "17-10-2026 14:30"},
		{"not a time", "17-10-2026 14:30"},
	}
	for _, tc := range cases {
		got, err := ParseServerTime(tc.iso, tc.ist)
		if err != nil || !got.Equal(want) {
			t.Errorf("%q %q: %v %v", tc.iso, tc.ist, got, err)
		}
	}
	if _, err := ParseServerTime("", "32-13-2026 25:00"); err == nil {
		t.Fatal("nonsense accepted")
	}
}
