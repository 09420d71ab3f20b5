//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/instrument/trace"
)

// Files that are not a trace a user can hand trace summarize: each is exit
// 2 with one line naming the file, and none blocks or is read whole.
func TestTraceSummarizeRefusesWhatIsNotATrace(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name   string
		make   func(t *testing.T, p string)
		args   []string
		want   string // stderr's only line, after "perfbench: " and the path
		noPath bool
	}{
		{"one line longer than the cap", func(t *testing.T, p string) {
			require.NoError(t, os.WriteFile(p, []byte(`{"t":1,"base_unix_ns":1,"stage":"`+strings.Repeat("x", trace.MaxLine+1)), 0o644))
		}, nil, ":1: a line over 1 MiB, which no trace has", false},
		{"a link to /dev/zero", func(t *testing.T, p string) { require.NoError(t, os.Symlink("/dev/zero", p)) },
			nil, ": not a regular file (a character device); summarize a trace file recorded with PERFBENCH_LATENCY=FILE", false},
		{"a FIFO", func(t *testing.T, p string) { require.NoError(t, syscall.Mkfifo(p, 0o644)) },
			nil, ": not a regular file (a FIFO)", false},
		{"a directory", func(t *testing.T, p string) { require.NoError(t, os.Mkdir(p, 0o755)) },
			nil, ": not a regular file (a directory)", false},
		{"a header of an unknown version", func(t *testing.T, p string) {
			require.NoError(t, os.WriteFile(p, []byte(`{"t":0,"base_unix_ns":1,"stage":"f.begin"}`+"\n"+
				`{"header":"perfbench-latency","version":999,"base_unix_ns":2,"clock":"mono","timing":"virtual"}`+"\n"), 0o644))
		}, nil, ":2: a header of trace format version 999; this perfbench reads version 1: summarize it with the perfbench that recorded it", false},
		{"--defs 0", func(t *testing.T, p string) {
			require.NoError(t, os.WriteFile(p, []byte(`{"t":0,"base_unix_ns":1,"stage":"f.begin"}`+"\n"), 0o644))
		}, []string{"--defs", "0"}, "--defs 0: no such definition set (valid: ", true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := path(string(rune('a' + i)))
			tt.make(t, p)
			code, stdout, stderr := perfbench(t, append(append([]string{"trace", "summarize"}, tt.args...), p)...)
			assert.Equal(t, harness.ExitUsage, code)
			assert.Empty(t, stdout)
			want := "perfbench: " + p + tt.want
			if tt.noPath {
				want = "perfbench: " + tt.want
			}
			assert.True(t, strings.HasPrefix(stderr, want), "got  %q\nwant %q", stderr, want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line")
		})
	}
}

// phase --real whose trace cannot be written (a full disk) stops with exit
// 2 and one line naming the variable and the file, not a panic.
func TestPhaseRealWithAnUnwritableTraceIsAnInputError(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	t.Setenv(latency.EnvVar, "/dev/full")
	require.NoError(t, latency.Open("/dev/full"))
	t.Cleanup(func() { latency.SetSink(nil); latency.Close() })
	code, _, stderr := perfbench(t, "phase", "hover", "s1", "8", "--real")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Equal(t, "perfbench: PERFBENCH_LATENCY=/dev/full: cannot write the latency trace: no space left on device; point it at a new or writable file\n", stderr)
}
