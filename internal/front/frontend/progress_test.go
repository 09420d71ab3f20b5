package frontend

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/publish/progress"
)

// The counted processes move a command's display, each named for its
// instructions, and stay out of a log: a log's line per scenario keeps the
// time of its timed processes, and off a terminal nothing counts there.
func TestCountedProcessesMoveTheDisplayAndStayOutOfTheLog(t *testing.T) {
	var term, log bytes.Buffer
	j := &runProgress{d: progress.On(&term, true), log: newScenarioLog(&log)}
	j.d.Count(2, "processes")
	w := j.Counting()
	require.NotNil(t, w)
	_, err := w.Write([]byte("scenario hover-storm: done in 4.10s (1 of 1 processes)\nscenario scr"))
	require.NoError(t, err)
	_, err = w.Write([]byte("oll: done in 2.00s (1 of 1 processes)\n"))
	require.NoError(t, err)
	j.Done()
	got := term.String()
	assert.Contains(t, got, "\rprocesses (1/2) hover-storm instructions 1/1 · ")
	assert.Contains(t, got, "\rprocesses (2/2) scroll instructions 1/1 · ")
	assert.NotContains(t, got, "\n", "one line, redrawn in place")
	assert.Empty(t, j.log.procs, "the log counted no process")

	assert.Nil(t, (&runProgress{log: newScenarioLog(&log)}).Counting(), "no display, nothing to draw on")
}

// The display's step names the scenario and how many of its processes
// are done, and says when one broke.
func TestStepLabel(t *testing.T) {
	for line, want := range map[string]string{
		"scenario hover-storm: process in 0.31s (2 of 5 processes)": "hover-storm 2/5",
		"scenario scroll: broken in 0.10s (1 of 5 processes)":       "scroll broken",
		"scenario idle: done": "idle",
		"not a runner's line": "not a runner's line",
	} {
		assert.Equal(t, want, cli.StepLabel(line, ""), line)
	}
	assert.Equal(t, "hover-storm instructions 1/1", cli.StepLabel("scenario hover-storm: done in 4.10s (1 of 1 processes)", " instructions"))
}
