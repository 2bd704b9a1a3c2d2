// Package words is how Lectern writes sizes, counts and sentences for people, in one place for the
// command line, the desktop and the core. It imports only the standard library.
//
// Sizes use binary units written as KiB, MiB and GiB (1 KiB = 1024 bytes), the units the service
// states its limits in (10 MiB an image, 16 MiB an event).
package words

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Bytes writes a size such as "512 bytes", "3 KiB" or "2.5 MiB": one decimal, dropped when zero.
func Bytes(n int64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB"}
	f, i := float64(n), 0
	for (f >= 1024 || f <= -1024) && i < len(units)-1 {
		f /= 1024
		i++
	}
	if i == 0 {
		return Count(int(n), "byte")
	}
	return strings.TrimSuffix(strconv.FormatFloat(f, 'f', 1, 64), ".0") + " " + units[i]
}

// Plural is noun for one, else noun with an s: "workspace", "workspaces".
func Plural(n int, noun string) string {
	if n == 1 || n == -1 {
		return noun
	}
	return noun + "s"
}

// Count writes n with its noun: "1 file", "3 files".
func Count(n int, noun string) string { return fmt.Sprintf("%d %s", n, Plural(n, noun)) }

// Sentence capitalises s and ends it with a full stop unless it already ends a sentence (".", "?"
// or "!"). Empty or blank s stays "": a caller that must say something chooses its own words.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	first, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(first)) + s[n:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
		s += "."
	}
	return s
}

// Thousands writes n with commas between groups of three digits: "10,000".
func Thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + Thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// DocumentCounts says how many documents a workspace holds and in which state.
func DocumentCounts(documents, ready, notReady, failed int) string {
	return fmt.Sprintf("%s %s · %s ready · %s not ready · %s failed", Thousands(documents), Plural(documents, "document"),
		Thousands(ready), Thousands(notReady), Thousands(failed))
}

// Cut shortens s to at most n characters, the last of them "…" when s was longer, so that a name
// of any length fits where one line is meant; the whole of s belongs where there is room (a
// pop-up, the details). n below 1 counts as 1.
func Cut(s string, n int) string {
	n = max(n, 1)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimRightFunc(string(r[:n-1]), unicode.IsSpace) + "…"
}

// Duration writes a length of time as a person says it, in whole units of its largest unit,
// rounded down (a time left is never said longer than it is): "a minute", "23 minutes", "an
// hour", "3 days"; less than a minute is "less than a minute".
func Duration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "less than a minute"
	case d < time.Hour:
		return unitCount(int(d/time.Minute), "minute")
	case d < 48*time.Hour:
		return unitCount(int(d/time.Hour), "hour")
	}
	return unitCount(int(d/(24*time.Hour)), "day")
}

// unitCount is Count, with "a" or "an" for one ("a minute", "an hour").
func unitCount(n int, unit string) string {
	switch {
	case n == 1 && unit == "hour":
		return "an hour"
	case n == 1:
		return "a " + unit
	}
	return Count(n, unit)
}

// Wait says a wait a person is asked to sit out, rounded up to the second: "a second",
// "30 seconds", "2 minutes".
func Wait(d time.Duration) string {
	switch s := int((d + time.Second - 1) / time.Second); {
	case s <= 1:
		return "a second"
	case s < 120:
		return fmt.Sprintf("%d seconds", s)
	default:
		return fmt.Sprintf("%d minutes", (s+59)/60)
	}
}
