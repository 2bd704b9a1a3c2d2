//go:build !linux

package client

import "time"

// threadCPU is not measured outside Linux; the CPU ratio is then not reported.
func threadCPU() time.Duration { return 0 }
