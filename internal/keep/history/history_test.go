package history_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

// A point whose interval is upside down (low above high) is refused with
// the file and the line of the point, as every other bad value is.
func TestParseRefusesAnIntervalUpsideDown(t *testing.T) {
	const file = "version: 1\n" +
		"machines:\n" +
		"  M:\n" +
		"    hover-storm:\n" +
		"      frame:\n" +
		"        - [2026-09-10T08:00:00Z, 41.2, 40.9, 41.6, 240, recorded, abc1234]\n" +
		"        - [2026-09-11T08:00:00Z, 30.5, 31.6, 29.9, 240, lowered, abc1235]\n"
	_, err := history.Parse([]byte(file), "perf/history.yaml")
	var ie *writegroup.InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, "perf/history.yaml", ie.File)
	assert.Equal(t, 7, ie.Line)
	assert.Contains(t, err.Error(), "the interval's low 31.6 is above its high 29.9")
	assert.NotContains(t, err.Error(), "\n")

	_, err = history.Parse([]byte(file[:len(file)-len("        - [2026-09-11T08:00:00Z, 30.5, 31.6, 29.9, 240, lowered, abc1235]\n")]), "perf/history.yaml")
	assert.NoError(t, err, "an interval in order reads")
}
