//go:build unix

package markdown

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used so far, all threads together. On a machine
// whose cores are busy with other work a frame's wall time stretches; its CPU time does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
