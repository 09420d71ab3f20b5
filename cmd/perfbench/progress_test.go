package main

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// onTerminal runs perfbench with a pseudo-terminal as its stderr and
// returns the exit status, stdout and what the terminal received.
func onTerminal(t *testing.T, args ...string) (code int, stdout, terminal string) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	var got bytes.Buffer
	copied := make(chan struct{})
	go func() {
		_, _ = io.Copy(&got, ptmx) // ends with EIO once the terminal side is closed
		close(copied)
	}()
	var out bytes.Buffer
	code = run(&out, tty, args)
	require.NoError(t, tty.Close())
	<-copied
	return code, out.String(), got.String()
}

// On a terminal, a command that runs scenarios draws a bar on stderr; its
// --json output on stdout stays exactly JSON. With --quiet, or when stderr
// is not a terminal, nothing is drawn.
func TestProgressOnATerminalOnly(t *testing.T) {
	baselines := filepath.Join(t.TempDir(), "b.yaml")
	args := []string{"scenarios", "test-fixed", "--json", "--baselines", baselines}

	code, stdout, terminal := onTerminal(t, args...)
	require.Equal(t, exitPass, code, terminal)
	assert.Contains(t, terminal, "processes")
	assert.Contains(t, terminal, "(0/5)", "the bar counts processes, five a scenario")
	assert.Contains(t, terminal, "test-fixed 3/5")
	assert.Contains(t, terminal, "\r", "the bar redraws its line")
	var o struct {
		Verdict string `json:"verdict"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &o), "stdout is only JSON: %q", stdout)
	assert.NotContains(t, stdout, "\r")

	code, stdout, terminal = onTerminal(t, append(args, "--quiet")...)
	require.Equal(t, exitPass, code, terminal)
	assert.Empty(t, terminal, "--quiet draws nothing")
	require.NoError(t, json.Unmarshal([]byte(stdout), &o))

	code, _, stderr := perfbench(t, args...)
	require.Equal(t, exitPass, code, stderr)
	assert.Empty(t, stderr, "no bar when stderr is not a terminal")
}

// terminalCounter reads a pseudo-terminal and counts what arrives.
type terminalCounter struct {
	mu  sync.Mutex
	got bytes.Buffer
}

func (c *terminalCounter) Write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.got.Write(b)
}

func (c *terminalCounter) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.got.Len()
}

// A bar redraws by itself, so its elapsed time moves between steps; once
// cleared for the command's own output, it draws nothing — not a tick,
// not a spinner's turn — until the next step, and after done nothing ever:
// phase's spinner used to land inside the table it printed ("\ s26 [0s]"
// in its header, two runs in three).
func TestProgressIsSilentWhileStdoutPrints(t *testing.T) {
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	var c terminalCounter
	go func() { _, _ = io.Copy(&c, ptmx) }()
	s := &streams{out: io.Discard, err: tty}
	settle := 3 * progressTick

	for _, total := range []int{-1, 4} {
		p := s.progress(total, "hover s26")
		require.NotNil(t, p)
		before := c.len()
		time.Sleep(settle)
		assert.Greater(t, c.len(), before, "total %d: the bar redraws with no step", total)

		p.clear()
		time.Sleep(progressTick / 5)
		cleared := c.len()
		time.Sleep(settle)
		assert.Equal(t, cleared, c.len(), "total %d: nothing drawn while stdout prints", total)

		p.step("s26")
		time.Sleep(progressTick / 5)
		assert.Greater(t, c.len(), cleared, "total %d: the next step draws again", total)
		p.done()
		time.Sleep(progressTick / 5)
		finished := c.len()
		time.Sleep(settle)
		assert.Equal(t, finished, c.len(), "total %d: nothing after done", total)
	}
	require.NoError(t, tty.Close())
}
