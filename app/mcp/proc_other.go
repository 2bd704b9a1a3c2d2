//go:build !linux

package mcp

import "os/exec"

// endWithParent does nothing here: the servers end when Lectern closes their stdin (Close).
func endWithParent(*exec.Cmd) {}
