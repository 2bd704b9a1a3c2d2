package engine

import (
	"reflect"
	"testing"
)

// Questions and documents meet on their terms: plural and possessive forms,
// -ed and -ing and a few irregular past forms share a stem, and question
// words carry none.
func TestTokens(t *testing.T) {
	cases := map[string][]string{
		"What is the lighthouse keeper's name?":         {"lighthous", "keeper"},
		"Who is the lighthouse keeper at Zorblax?":      {"lighthous", "keeper", "zorblax"},
		"How many cats are fed at the station?":         {"cat", "feed", "station"},
		"She feeds the station’s cats and kept a diary": {"feed", "station", "cat", "keep", "diary"},
		"The cats' names; named, naming":                {"cat", "nam", "nam"},
		"policies, policy; shipping, shipped":           {"policy", "policy", "ship", "ship"},
		"Don't stop":                                    {"don", "t", "stop"},
	}
	for in, want := range cases {
		if got := tokens(in); !reflect.DeepEqual(got, want) {
			t.Errorf("tokens(%q) = %q, want %q", in, got, want)
		}
	}
}
