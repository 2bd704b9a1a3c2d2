package mcp

import (
	"os/exec"
	"syscall"
)

// endWithParent makes the kernel end cmd when Lectern ends, even when Lectern could not close it
// (killed, or crashed).
func endWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
