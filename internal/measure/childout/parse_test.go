package childout

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	_ "github.com/perfbench/perfbench/internal/check/suite" // the idle scenario, the fuzz's first real result
	"github.com/perfbench/perfbench/scenario"
)

// The runner reads whatever a child printed. Whatever that is, Parse
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
		res, err := Parse(out, "idle")
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

// A child's hostile names and units are that scenario's fault: refused
// with a short excerpt, so that the scenario is Broken and nothing blames
// the user's files.
func TestHostileLabelsAreRefusedShort(t *testing.T) {
	number := func(name, unit string) string {
		return `{"name":` + strconv.Quote(name) + `,"unit":` + strconv.Quote(unit) + `,"band":{"kind":"count","ceiling":1},"samples":[1]}`
	}
	long := strings.Repeat("a", 100<<10)
	for _, tt := range []struct {
		name, numbers, want string
	}{
		{"a 100 kB name", number(long, "n/run"), `reported a number name "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…", 102400 bytes long`},
		{"a unit with a newline", number("frames", "frames\nrun"), `reported number frames's unit "frames\nrun", not printable without blanks`},
		{"an empty unit", number("frames", ""), `reported number frames's unit "", empty`},
		{"a name with a blank", number("two words", "n/run"), `reported a number name "two words", not printable without blanks`},
		{"frame reported twice", number("frame", "n/run") + "," + number("frame", "n/run"), "reported number frame twice"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(`{"name":"idle","steps":1,"numbers":[`+tt.numbers+`]}`), "idle")
			require.Error(t, err)
			require.Equal(t, tt.want, err.Error())
			require.Less(t, len(err.Error()), 120)
		})
	}
}
