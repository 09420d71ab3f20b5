//go:build !linux

package clock

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
