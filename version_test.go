package main

import (
	"regexp"
	"testing"
)

// The version the binary reports is FyneApp.toml's, which the packages carry too.
func TestAppVersionFromFyneAppToml(t *testing.T) {
	if v := appVersion(); !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(v) {
		t.Fatalf("version %q", v)
	}
}
