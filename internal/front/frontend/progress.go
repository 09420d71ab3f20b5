package frontend

import (
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/internal/front/cli"
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
func (h *Front) Runner(cmd *cobra.Command, timeout time.Duration, total, repeats, counted int) (*runner.Runner, *runProgress) {
	r := &runner.Runner{Timeout: timeout, Repeats: repeats}
	if cli.Quiet(cmd) {
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
		r.Progress = cli.Steps(j.d, "")
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
func (j *runProgress) Judged(o outcome.Outcome, run, runs int) {
	if j.log != nil {
		j.log.Judged(o, run, runs)
	}
}

// counting is where a command's counted processes report as they finish:
// the display alone, each step named "NAME instructions", so that a log's
// line per scenario keeps the wall time of its timed processes; nil
// without a display.
func (j *runProgress) Counting() io.Writer {
	if j.d == nil {
		return nil
	}
	return cli.Steps(j.d, " instructions")
}

// Done finishes the display before the report prints.
func (j *runProgress) Done() { j.d.Done() }
