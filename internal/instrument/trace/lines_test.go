package trace

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Lines hands a trace on as it is, and stops at a line too long or a
// header of a version this reader does not know, naming the line.
func TestLinesStopWhereTheTraceCannotBeRead(t *testing.T) {
	ok := `{"header":"perfbench-latency","version":1}` + "\n" + `{"t":1,"stage":"f.begin"}` + "\n"
	got, err := io.ReadAll(Lines(strings.NewReader(ok)))
	require.NoError(t, err)
	assert.Equal(t, ok, string(got))

	for name, c := range map[string]struct {
		trace string
		line  int
		msg   string
	}{
		"a line too long":            {"{}\n" + strings.Repeat("x", MaxLine+1), 2, "a line over 1 MiB"},
		"a header of a later format": {`{"t":1}` + "\n" + `{"header":"perfbench-latency","version":99}` + "\n", 2, "trace format version 99"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := io.ReadAll(Lines(strings.NewReader(c.trace)))
			var stop *StopError
			require.True(t, errors.As(err, &stop), "%v", err)
			assert.Equal(t, c.line, stop.Line)
			assert.Contains(t, stop.Msg, c.msg)
		})
	}
}
