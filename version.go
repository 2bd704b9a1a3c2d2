package main

import (
	_ "embed"
	"strings"
)

// fyneApp is the application metadata the packaging tool reads; Lectern's version lives there.
//
//go:embed FyneApp.toml
var fyneApp string

// appVersion is the Version of FyneApp.toml's [Details] ("" when it has none).
func appVersion() string {
	for _, line := range strings.Split(fyneApp, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "Version = "); ok {
			return strings.Trim(v, `"`)
		}
	}
	return ""
}
