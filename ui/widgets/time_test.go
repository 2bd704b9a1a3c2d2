package widgets

import (
	"testing"
	"time"
)

// ClockOrDate tells "today" from the clock it is given, never from the day the test runs (issue
// 28: a card's test passed on the day it was written and failed on every later one).
func TestClockOrDateTellsTodayFromTheClockGiven(t *testing.T) {
	for _, zone := range []string{"UTC", "Pacific/Kiritimati", "America/Adak"} {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatalf("zone %s: %v", zone, err)
		}
		t.Run(zone, func(t *testing.T) {
			old := time.Local
			time.Local = loc
			t.Cleanup(func() { time.Local = old })
			now := time.Date(2026, 11, 26, 23, 30, 0, 0, loc)
			cases := []struct {
				at   time.Time
				want string
			}{
				{now.Add(20 * time.Minute), "23:50"},
				{now.Add(40 * time.Minute), "27 Nov 2026 00:10"},
				{now.Add(-24 * time.Hour), "25 Nov 2026 23:30"},
				{now.UTC().Add(-time.Minute), "23:29"}, // a UTC time is shown in the local zone
			}
			for _, c := range cases {
				if got := ClockOrDate(c.at, now); got != c.want {
					t.Errorf("ClockOrDate(%v, %v) = %q; want %q", c.at, now, got, c.want)
				}
			}
		})
	}
}
