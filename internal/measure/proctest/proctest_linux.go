// Package proctest holds what tests of process handling share: whether a
// process they started, or one it started, still runs.
package proctest

import (
	"bytes"
	"os"
	"strconv"
)

// Running reports whether process pid runs: it exists and is not a zombie
// (a killed orphan waits as one until its new parent reaps it, which in a
// container need not happen soon).
func Running(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}
