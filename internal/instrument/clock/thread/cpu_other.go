//go:build !linux

package thread

import "time"

func cpu() (time.Duration, bool) { return 0, false }
