package runner

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// clockTicks is the unit of /proc/PID/stat's CPU times, USER_HZ: 100 on
// every architecture Linux runs Go on.
const clockTicks = 100

// cpuTime returns the CPU time process pid has used, user and system,
// from /proc/PID/stat (its 14th and 15th fields, after the command name,
// which may itself hold spaces and parentheses).
func cpuTime(pid int) (time.Duration, bool) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, false
	}
	// Fields from the state on: state is field 3, utime 14, stime 15.
	f := bytes.Fields(stat[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	user, err1 := strconv.ParseUint(string(f[11]), 10, 64)
	sys, err2 := strconv.ParseUint(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(user+sys) * time.Second / clockTicks, true
}
