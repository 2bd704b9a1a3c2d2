package settings

import (
	"encoding/json"
	"fmt"
)

// SyncedNames are the settings that sync between computers (issue 32): the person's
// preferences. Never synced: the server and anything keyed by it, API keys and the key file
// choice, the MCP servers (their commands are this computer's, their secrets the keychain's),
// the sync target itself, window sizes and panel splits (each screen's), demo mode, and
// keep-in-tray (its default is each system's).
var SyncedNames = []string{"theme", "default_tier", "thinking", "model_tier", "notifications",
	"notify_answers", "notify_ocr", "doc_sort", "doc_sort_desc"}

// Synced is s's synced settings, each as JSON under its name in settings.json ("null" when
// omitted).
func (s Settings) Synced() map[string]string {
	all := s.fields()
	out := make(map[string]string, len(SyncedNames))
	for _, n := range SyncedNames {
		out[n] = "null"
		if v, ok := all[n]; ok {
			out[n] = string(v)
		}
	}
	return out
}

// DefaultSynced is the synced settings of a new data folder.
func DefaultSynced() map[string]string {
	s := Settings{}
	_ = s.validate()
	return s.Synced()
}

// SetSynced sets s's synced settings from values (a name not synced is ignored); a value that
// does not read, or makes the settings invalid, is refused and s is left as it was.
func (s *Settings) SetSynced(values map[string]string) error {
	all := s.fields()
	for _, n := range SyncedNames {
		if v, ok := values[n]; ok {
			all[n] = json.RawMessage(v)
		}
	}
	data, _ := json.Marshal(all)
	var next Settings
	if err := json.Unmarshal(data, &next); err != nil {
		return fmt.Errorf("a synced setting does not read (%v)", err)
	}
	if err := next.validate(); err != nil {
		return fmt.Errorf("a synced setting is not valid here: %w", err)
	}
	*s = next
	return nil
}

// fields is s as settings.json's fields.
func (s Settings) fields() map[string]json.RawMessage {
	data, _ := json.Marshal(s)
	var all map[string]json.RawMessage
	_ = json.Unmarshal(data, &all)
	return all
}
