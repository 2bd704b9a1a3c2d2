package mcpserver

import (
	"encoding/json"
	"strings"
	"testing"
)

// Each host's lines are JSON that names Lectern's own program with the argument mcp, under the
// key that host reads, and the file is the one of the system asked for.
func TestHostConfigs(t *testing.T) {
	exe := `C:\Program Files\Lectern\lectern.exe`
	for _, goos := range []string{"darwin", "windows", "linux"} {
		hosts := HostConfigs(goos, exe)
		if len(hosts) != 3 {
			t.Fatalf("%s: %d hosts", goos, len(hosts))
		}
		for _, h := range hosts {
			var cfg map[string]map[string]struct {
				Command string
				Args    []string
			}
			if err := json.Unmarshal([]byte(h.JSON), &cfg); err != nil {
				t.Fatalf("%s: %v\n%s", h.Host, err, h.JSON)
			}
			key := "mcpServers"
			if h.Host == "VS Code" {
				key = "servers"
			}
			s := cfg[key]["lectern"]
			if s.Command != exe || len(s.Args) != 1 || s.Args[0] != "mcp" {
				t.Errorf("%s on %s: %s", h.Host, goos, h.JSON)
			}
			if goos == "windows" && !strings.Contains(h.Path, `\`) || goos != "windows" && !strings.HasPrefix(h.Path, "~/") {
				t.Errorf("%s on %s: %s", h.Host, goos, h.Path)
			}
		}
	}
}
