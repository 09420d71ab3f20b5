package runner

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/scenario"
)

// The runner reads whatever a child printed. Whatever that is, parseResult
// either returns the result of the scenario asked for, with numbers or a
// reason it is broken, or an error of one line; it never panics.
func FuzzParseResult(f *testing.F) {
	sc, err := scenario.Lookup("idle")
	require.NoError(f, err)
	real, err := json.Marshal(sc.Measure())
	require.NoError(f, err)
	f.Add(real)
	f.Add([]byte(`{"name":"idle","steps":0,"numbers":[],"broken":"it never opened a window"}`))
	f.Add([]byte(`{"name":"idle","steps":1,"numbers":[{"name":"f","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"samples":[1,2]}]}`))
	f.Add([]byte(`{"name":"idle","numbers":[{"band":{"kind":"count","ceiling":1,"tolerance":2}}]}`))
	f.Add([]byte("hello, runner\n"))
	f.Add([]byte(`{"name":"idle"}{"name":"idle"}`))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, out []byte) {
		res, err := parseResult(out, "idle")
		if err != nil {
			require.NotContains(t, err.Error(), "\n")
			return
		}
		require.Equal(t, "idle", res.Name)
		require.True(t, len(res.Numbers) > 0 || res.Broken != "")
	})
}
