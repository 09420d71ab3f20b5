package frontend

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/measure/builds"
)

// scenarioLog is what a judged run (scenarios, perf) prints on stderr when
// stderr is not a terminal — a CI log, a file — and --quiet is not set:
// one line per scenario once its verdict is known,
//
//	scenario hover-storm: pass in 1.52s (5 processes)
//	scenario kitchen-sink: fail in 2.10s (6 processes, remeasured): input-frame, allocs
//	scenario scroll: broken in 0.40s (1 process): exited with status 2; …
//
// so a log shows every scenario, its verdict and its cost, and nothing
// that redraws. The scenarios' processes interleave, so they finish
// together at the end of the run; a line waits for the verdict, which is
// known only once the run is judged (a straddling time is measured once
// more first). The wall time is the sum of the scenario's processes',
// read from the runner's progress lines ([runner.Runner.Progress]).
type scenarioLog struct {
	w io.Writer

	mu   sync.Mutex
	line []byte
	// spent is each scenario's wall time over the runner's earlier calls,
	// cur its running total within the current one (the runner's lines
	// count from each call's start), procs its processes over all.
	spent, cur map[string]time.Duration
	procs      map[string]int
}

func newScenarioLog(w io.Writer) *scenarioLog {
	return &scenarioLog{w: w, spent: map[string]time.Duration{}, cur: map[string]time.Duration{}, procs: map[string]int{}}
}

// Write reads the runner's progress lines: "scenario NAME: STATE in
// 0.31s (K of N processes)".
func (l *scenarioLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.line = append(l.line, b...)
	for {
		i := bytes.IndexByte(l.line, '\n')
		if i < 0 {
			return len(b), nil
		}
		l.read(string(l.line[:i]))
		l.line = l.line[i+1:]
	}
}

func (l *scenarioLog) read(line string) {
	name, rest, ok := strings.Cut(strings.TrimPrefix(line, "scenario "), ": ")
	if !ok {
		return
	}
	var state string
	var secs float64
	var k, n int
	if _, err := fmt.Sscanf(rest, "%s in %fs (%d of %d processes)", &state, &secs, &k, &n); err != nil {
		return
	}
	if k == 1 {
		// The runner's first process of a new call: what the last call
		// spent is settled.
		l.spent[name] += l.cur[name]
	}
	l.cur[name] = time.Duration(secs * float64(time.Second))
	l.procs[name]++
}

// judged prints one line per scenario of a judged run; run and runs
// number the run among --count's.
func (l *scenarioLog) Judged(o outcome.Outcome, run, runs int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, sc := range o.Scenarios {
		wall := l.spent[sc.Name] + l.cur[sc.Name]
		procs := l.procs[sc.Name]
		delete(l.spent, sc.Name)
		delete(l.cur, sc.Name)
		delete(l.procs, sc.Name)
		fmt.Fprintln(l.w, scenarioLine(sc, wall, procs, run, runs))
	}
}

// scenarioLine is one scenario's log line.
func scenarioLine(sc outcome.Scenario, wall time.Duration, procs, run, runs int) string {
	var about []string
	switch procs {
	case 0:
	case 1:
		about = append(about, "1 process")
	default:
		about = append(about, fmt.Sprintf("%d processes", procs))
	}
	if sc.Remeasured {
		about = append(about, "remeasured")
	}
	if runs > 1 {
		about = append(about, fmt.Sprintf("run %d of %d", run, runs))
	}
	line := fmt.Sprintf("scenario %s: %s in %.2fs", sc.Name, sc.Verdict, wall.Seconds())
	if len(about) > 0 {
		line += " (" + strings.Join(about, ", ") + ")"
	}
	switch {
	case sc.Broken != "":
		line += ": " + builds.FirstLine(sc.Broken)
	case sc.Verdict == band.Fail:
		var failed []string
		for _, n := range sc.Numbers {
			if n.BandVerdict == band.Fail {
				failed = append(failed, n.Name)
			}
		}
		line += ": " + strings.Join(failed, ", ")
	case len(sc.Advisory) > 0:
		line += ": over its limit, as advice: " + strings.Join(sc.Advisory, ", ")
	}
	return line
}
