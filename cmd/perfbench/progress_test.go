package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
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
	require.Equal(t, harness.ExitPass, code, terminal)
	assert.Contains(t, terminal, "processes")
	assert.Contains(t, terminal, "(0/5)", "the bar counts processes, five a scenario")
	assert.Contains(t, terminal, "test-fixed 3/5")
	assert.Contains(t, terminal, "\r", "the bar redraws its line")
	assert.NotContains(t, terminal, "scenario test-fixed: ", "on a terminal the bar, not a log's lines")
	var o struct {
		Verdict string `json:"verdict"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &o), "stdout is only JSON: %q", stdout)
	assert.NotContains(t, stdout, "\r")

	code, stdout, terminal = onTerminal(t, append(args, "--quiet")...)
	require.Equal(t, harness.ExitPass, code, terminal)
	assert.Empty(t, terminal, "--quiet draws nothing")
	require.NoError(t, json.Unmarshal([]byte(stdout), &o))

	code, _, stderr := perfbench(t, args...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Regexp(t, `^scenario test-fixed: unbaselined in \d+\.\d\ds \(5 processes\)\n$`, stderr,
		"not a terminal: no bar, one line per scenario once it is judged")

	code, _, stderr = perfbench(t, append(args, "--quiet")...)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Empty(t, stderr, "--quiet prints no line either")
}

// terminalCounter reads a pseudo-terminal and counts what arrives.
type terminalCounter struct {
	mu    sync.Mutex
	got   bytes.Buffer
	marks int // markers drained has written
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

// grows reports whether more than n bytes reach the terminal within d. It
// polls rather than sleeping a fixed time, since on a loaded machine the
// goroutine copying from the pty can lag the write by more than a tick.
func (c *terminalCounter) grows(n int, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if c.len() > n {
			return true
		}
	}
	return c.len() > n
}

// drained writes a marker to the terminal and waits until it arrives: a
// pseudo-terminal keeps the order of what is written to it, so every byte
// the bar wrote before the marker has arrived too, however far the
// goroutine copying from it lags on a loaded machine. It returns how many
// bytes there are then.
func (c *terminalCounter) drained(tty io.Writer) int {
	c.marks++
	mark := fmt.Sprintf("<drained %d>", c.marks)
	_, _ = io.WriteString(tty, mark)
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		c.mu.Lock()
		arrived := bytes.Contains(c.got.Bytes(), []byte(mark))
		c.mu.Unlock()
		if arrived {
			break
		}
	}
	return c.len()
}

// A bar redraws by itself, so its elapsed time moves between steps; once
// cleared for the command's own output, it draws nothing — not a tick,
// not a spinner's turn — until the next step, and after done nothing ever:
// phase's spinner used to land inside the table it printed ("\ s26 [0s]"
// in its header, two runs in three).
func TestProgressIsSilentWhileStdoutPrints(t *testing.T) {
	fastTicks(t)
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
		assert.True(t, c.grows(before, settle), "total %d: the bar redraws with no step", total)

		p.clear()
		cleared := c.drained(tty)
		time.Sleep(settle)
		assert.Equal(t, cleared, c.len(), "total %d: nothing drawn while stdout prints", total)

		p.step("s26")
		assert.True(t, c.grows(cleared, settle), "total %d: the next step draws again", total)
		p.done()
		finished := c.drained(tty)
		time.Sleep(settle)
		assert.Equal(t, finished, c.len(), "total %d: nothing after done", total)
	}
	require.NoError(t, tty.Close())
}

// fastTicks makes the bar redraw ten times as often for one test, whose
// waits are counted in ticks.
func fastTicks(t *testing.T) {
	was := progressTick
	progressTick = was / 10
	t.Cleanup(func() { progressTick = was })
}
