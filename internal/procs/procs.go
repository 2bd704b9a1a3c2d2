// Package procs counts a process's children, for the tests that check that every child process
// Lectern started (the MCP servers) ends with it, and reads a child's lines, for the tests and
// benchmarks that start one.
package procs

import (
	"bufio"
	"io"
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

// Lines sends each line a child process writes to r (its stdout pipe) on the channel it returns,
// which is closed at the end of r. Read it to the end, or the child may block on a full pipe.
func Lines(r io.Reader) <-chan string {
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return lines
}
