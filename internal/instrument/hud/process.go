package hud

import (
	"math"
	"os"
	"time"

	"github.com/shirou/gopsutil/v4/process"

	"github.com/perfbench/perfbench/internal/instrument/clock"
)

// Process samples this process through gopsutil: its CPU time and its
// resident set. It has no GPU source, so GPU reads missing. The zero value
// is ready to use; it opens the process on the first Sample.
type Process struct {
	p   *process.Process
	err error
}

var _ ResourceProbe = (*Process)(nil)

// Sample reads this process's CPU time and resident set now. What the
// operating system does not give is left unset (CPUOK, RSSOK false) and
// reads missing.
func (p *Process) Sample() Resources {
	r := Resources{PID: os.Getpid()}
	if p.p == nil && p.err == nil {
		p.p, p.err = process.NewProcess(int32(r.PID))
	}
	if p.p != nil {
		if t, err := p.p.Times(); err == nil {
			r.CPU = time.Duration(math.Round((t.User + t.System) * 1e9))
			r.CPUOK = true
		}
		if m, err := p.p.MemoryInfo(); err == nil {
			r.RSS, r.RSSOK = m.RSS, true
		}
	}
	r.At = clock.MonoNow()
	return r
}
