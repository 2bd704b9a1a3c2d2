// Package procs counts a process's children, for the tests that check that every child process
// Lectern started (the MCP servers) ends with it.
package procs

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Children counts the running processes whose parent is this process. It reads /proc (Linux);
// elsewhere it finds none.
func Children() int {
	me := strconv.Itoa(os.Getpid())
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	n := 0
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so the fields are read after its last ')'.
		s := string(b)
		if f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]); len(f) > 1 && f[1] == me {
			n++
		}
	}
	return n
}
