package runner

import (
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// The runner reads whatever a child printed. Whatever that is, parseResult
// either returns the result of the scenario asked for, with numbers or a
// reason it is broken, or an error of one line; it never panics. What it
// returns holds no value the baselines file would refuse to read back: a
// time's fastest sample and its samples pass band.CheckTime, a count is a
// finite number ≥ 0, and the steps are not negative.
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
	f.Add([]byte(`{"name":"idle","steps":1,"numbers":[{"name":"f","unit":"µs/frame","band":{"kind":"time","tolerance":0.4},"samples":[5e-324],"wall":[1e308]}]}`))
	f.Fuzz(func(t *testing.T, out []byte) {
		res, err := parseResult(out, "idle")
		if err != nil {
			require.NotContains(t, err.Error(), "\n")
			return
		}
		require.Equal(t, "idle", res.Name)
		require.True(t, len(res.Numbers) > 0 || res.Broken != "")
		require.GreaterOrEqual(t, res.Steps, 0)
		for _, n := range res.Numbers {
			if n.Band.Kind != band.KindTime {
				for _, v := range n.Samples {
					require.True(t, v >= 0 && !math.IsInf(v, 0), "count %s %v", n.Name, v)
				}
				continue
			}
			for _, samples := range [][]float64{n.Samples, n.Wall} {
				if len(samples) > 0 {
					require.Nil(t, band.CheckTime(slices.Min(samples), samples), "time %s %v", n.Name, samples)
				}
			}
		}
	})
}
