package latency

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A sink pointed at a file that is not a trace (PERFBENCH_LATENCY=
// perf/baselines.yaml) refuses it and leaves it byte-identical, whether
// opened now (Open) or at the first mark (the environment variable); a
// previous trace, an empty file and a new one are written.
func TestSinkRefusesToOverwriteAFileThatIsNotATrace(t *testing.T) {
	dir := t.TempDir()
	baselines := filepath.Join(dir, "baselines.yaml")
	const kept = "# Time baselines for perfbench's scenario bands\nversion: 1\n"
	require.NoError(t, os.WriteFile(baselines, []byte(kept), 0o644))

	assert.ErrorIs(t, Open(baselines), ErrNotATrace)

	openLazy(baselines)
	StartEpoch(Source{})
	Mark("f.begin")
	err := Close()
	assert.ErrorIs(t, err, ErrNotATrace)
	assert.Contains(t, err.Error(), baselines, "the error names the file")
	data, rerr := os.ReadFile(baselines)
	require.NoError(t, rerr)
	assert.Equal(t, kept, string(data))

	for name, before := range map[string]string{"old.jsonl": `{"t":1,"base_unix_ns":2,"stage":"f.begin"}` + "\n", "empty.jsonl": "", "new.jsonl": "-"} {
		p := filepath.Join(dir, name)
		if before != "-" {
			require.NoError(t, os.WriteFile(p, []byte(before), 0o644))
		}
		openLazy(p)
		StartEpoch(Source{})
		Mark("f.begin")
		require.NoError(t, Close(), name)
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.Contains(t, string(data), `"stage":"f.begin"`, name)
		assert.NotEqual(t, before, string(data), name)
	}
}
