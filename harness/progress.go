package harness

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/publish/progress"
)

// runner returns the runner the commands use (this binary, one process
// per scenario, each scenario in repeats processes interleaved round by
// round with the others') and the run's progress over the processes of
// total scenarios: on a terminal the display's count, which goes on
// through the counted processes after them (counted of them, see
// countedBar, which counting draws on it); elsewhere the log's line per
// scenario once it is judged. Call Done when the runs are over. It counts
// processes, which finish one by one, not scenarios, which interleave and
// finish together.
func (h *front) runner(cmd *cobra.Command, timeout time.Duration, total, repeats, counted int) (*runner.Runner, *runProgress) {
	r := &runner.Runner{Timeout: timeout, Repeats: repeats}
	if Quiet(cmd) {
		return r, &runProgress{}
	}
	reps := repeats
	if reps <= 0 {
		reps = runner.DefaultRepeats
	}
	j := &runProgress{}
	if progress.IsTerminal(cmd.ErrOrStderr()) {
		j.d = progress.New(cmd.ErrOrStderr(), false)
		j.d.Count(total*reps+counted, "processes")
		r.Progress = steps(j.d, "")
	} else {
		j.log = newScenarioLog(cmd.ErrOrStderr())
		r.Progress = j.log
	}
	return r, j
}

// runProgress is a judged run's progress (scenarios, perf, scenario NAME): a
// display on a terminal, a log elsewhere, nothing with --quiet.
type runProgress struct {
	d   *progress.Display
	log *scenarioLog
}

// judged logs run (of runs) off a terminal: one line per scenario.
func (j *runProgress) judged(o outcome.Outcome, run, runs int) {
	if j.log != nil {
		j.log.judged(o, run, runs)
	}
}

// counting is where a command's counted processes report as they finish:
// the display alone, each step named "NAME instructions", so that a log's
// line per scenario keeps the wall time of its timed processes; nil
// without a display.
func (j *runProgress) counting() io.Writer {
	if j.d == nil {
		return nil
	}
	return steps(j.d, " instructions")
}

// Done finishes the display before the report prints.
func (j *runProgress) Done() { j.d.Done() }

// steps makes each of the runner's progress lines a step of d, its
// scenario's name followed by suffix.
func steps(d *progress.Display, suffix string) io.Writer {
	return &lineSteps{d: d, suffix: suffix}
}

type lineSteps struct {
	d      *progress.Display
	suffix string
	line   []byte
}

func (s *lineSteps) Write(b []byte) (int, error) {
	s.line = append(s.line, b...)
	for {
		i := bytes.IndexByte(s.line, '\n')
		if i < 0 {
			return len(b), nil
		}
		s.d.Step(stepLabel(string(s.line[:i]), s.suffix))
		s.line = s.line[i+1:]
	}
}

// stepLabel shortens a runner's line for the display: "scenario
// hover-storm: process in 0.31s (2 of 5 processes)" reads "hover-storm
// 2/5", a broken one "hover-storm broken"; suffix follows the name.
func stepLabel(line, suffix string) string {
	name, rest, ok := strings.Cut(strings.TrimPrefix(line, "scenario "), ": ")
	if !ok {
		return line
	}
	name += suffix
	if strings.HasPrefix(rest, "broken") {
		return name + " broken"
	}
	var k, n int
	if i := strings.LastIndex(rest, "("); i >= 0 {
		if _, err := fmt.Sscanf(rest[i:], "(%d of %d processes)", &k, &n); err == nil {
			return fmt.Sprintf("%s %d/%d", name, k, n)
		}
	}
	return name
}
