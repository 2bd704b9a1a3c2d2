// Package words is the desktop's few words for numbers: plurals, counts with thousands separators,
// sizes, and sentences. (The application core's words leaf is to take them over.)
package words

import (
	"fmt"
	"strings"
)

// Plural is word, with an s unless n is 1.
func Plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// Sentence capitalises s and ends it with a full stop.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// Thousands writes n with commas between groups of three digits: 10,000.
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

// Bytes renders a byte count such as "12.5 MB".
func Bytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %cB", float64(n)/float64(div), "KMGTPE"[exp])
}

// DocumentCounts says how many documents a workspace holds and in which state.
func DocumentCounts(documents, ready, notReady, failed int) string {
	return fmt.Sprintf("%s %s · %s ready · %s not ready · %s failed", Thousands(documents), Plural(documents, "document"),
		Thousands(ready), Thousands(notReady), Thousands(failed))
}
