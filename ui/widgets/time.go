package widgets

import "time"

// DateTimeLayout is how the window writes a date and time.
const DateTimeLayout = "2 Jan 2006 15:04"

// LocalTime shows a server time in the local zone; raw is shown when it could not be read.
func LocalTime(t time.Time, raw string) string {
	if t.IsZero() {
		return raw
	}
	return t.Local().Format(DateTimeLayout)
}

// ClockOrDate shows t in local time: the clock when t is on the same day as now, else with the date.
func ClockOrDate(t, now time.Time) string {
	t, now = t.Local(), now.Local()
	if y, m, d := now.Date(); t.Year() == y && t.Month() == m && t.Day() == d {
		return t.Format("15:04")
	}
	return t.Format(DateTimeLayout)
}
