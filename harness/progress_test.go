package harness

import (
	"bytes"
	"os"
	"testing"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file is not a terminal, even one that is a character device.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	assert.False(t, isTerminal(null), os.DevNull)
	assert.False(t, isTerminal(&bytes.Buffer{}))
	_, tty, err := pty.Open()
	require.NoError(t, err)
	defer tty.Close()
	assert.True(t, isTerminal(tty))
}

// The default bar writes the runner's lines on a terminal, and nothing
// elsewhere or with --quiet.
func TestLinesOnATerminalOnly(t *testing.T) {
	assert.Nil(t, Lines(&bytes.Buffer{}, false, 3, "scenarios"), "not a terminal")
	_, tty, err := pty.Open()
	require.NoError(t, err)
	defer tty.Close()
	assert.Nil(t, Lines(tty, true, 3, "scenarios"), "--quiet")
	b := Lines(tty, false, 3, "scenarios")
	require.NotNil(t, b)
	n, err := b.Write([]byte("scenario a: done\n"))
	assert.NoError(t, err)
	assert.Equal(t, 17, n)
	b.Done()
}

// The counted processes move a command's bar, each named for its
// instructions, and stay out of a log: a log's line per scenario keeps the
// time of its timed processes, and off a terminal nothing counts there.
func TestCountedProcessesMoveTheBarAndStayOutOfTheLog(t *testing.T) {
	var bar, log bytes.Buffer
	d := &done{bar: lines{&bar}, log: newScenarioLog(&log)}
	w := d.counting()
	require.NotNil(t, w)
	_, err := w.Write([]byte("scenario hover-storm: done in 4.10s (1 of 1 processes)\nscenario scr"))
	require.NoError(t, err)
	_, err = w.Write([]byte("oll: done in 2.00s (1 of 1 processes)\n"))
	require.NoError(t, err)
	assert.Equal(t, "scenario hover-storm instructions: done in 4.10s (1 of 1 processes)\n"+
		"scenario scroll instructions: done in 2.00s (1 of 1 processes)\n", bar.String())
	assert.Empty(t, d.log.procs, "the log counted no process")

	assert.Nil(t, (&done{log: newScenarioLog(&log)}).counting(), "no bar, nothing to draw on")
}
