package main

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"testing"

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

// On a terminal, a command that runs scenarios draws its progress on stderr; its
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
