package tracker_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/tracker"
)

// bencherAccepts is what Bencher's json adapter (BMF v0) accepts, as its
// source states it (lib/bencher_adapter/src/adapters/json/v0.rs and the
// types it parses into): a JSON object of benchmark names — 1 to 1024
// bytes — each an object of measure names — a resource name, 1 to 50
// bytes — each an object whose "value" is a number and whose optional
// "lower_value" and "upper_value" are numbers or null. Anything else makes
// the adapter return nothing, and `bencher run` fails to parse the results.
func bencherAccepts(data []byte) error {
	var doc map[string]map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("not a BMF v0 object of objects: %w", err)
	}
	for bench, measures := range doc {
		if len(bench) == 0 || len(bench) > 1024 {
			return fmt.Errorf("benchmark name %q: 1 to 1024 bytes", bench)
		}
		for measure, metric := range measures {
			if len(measure) == 0 || len(measure) > 50 {
				return fmt.Errorf("%s: measure name %q: 1 to 50 bytes", bench, measure)
			}
			v, ok := metric["value"]
			if !ok {
				return fmt.Errorf("%s %s: no value", bench, measure)
			}
			var f float64
			if err := json.Unmarshal(v, &f); err != nil {
				return fmt.Errorf("%s %s: value: %w", bench, measure, err)
			}
			for _, k := range []string{"lower_value", "upper_value"} {
				if raw, ok := metric[k]; ok {
					var p *float64
					if err := json.Unmarshal(raw, &p); err != nil {
						return fmt.Errorf("%s %s: %s: %w", bench, measure, k, err)
					}
				}
			}
		}
	}
	return nil
}

// The checker accepts payloads shaped like Bencher's own adapter fixtures
// (a latency triple with and without bounds; value-only counts) and
// rejects what the adapter rejects, so it can fail.
func TestBencherAcceptsItsOwnShapes(t *testing.T) {
	for _, f := range []string{"bencher-latency.json", "bencher-counts.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", f))
		require.NoError(t, err)
		assert.NoError(t, bencherAccepts(data), f)
	}
	for name, bad := range map[string]string{
		"an array (BMF v1 is another adapter)": `{"b": [{"measures": {}}]}`,
		"no value":                             `{"b": {"m": {"lower_value": 1}}}`,
		"a string value":                       `{"b": {"m": {"value": "1"}}}`,
		"an empty benchmark name":              `{"": {"m": {"value": 1}}}`,
		"a 51-byte measure name":               `{"b": {"` + strings.Repeat("m", 51) + `": {"value": 1}}}`,
		"a string bound":                       `{"b": {"m": {"value": 1, "upper_value": "2"}}}`,
	} {
		assert.Error(t, bencherAccepts([]byte(bad)), name)
	}
}

// One run of hover-storm and idle, as the harness hands it over.
var run = []tracker.Benchmark{
	{Name: "hover-storm", Measures: []tracker.Measure{
		{Name: "frame", Unit: "µs/frame", Value: 1.0127, Lower: 0.9981, Upper: 1.0302, HasInterval: true, Better: tracker.Lower},
		{Name: "restyles", Unit: "restyles/frame", Value: 2, Better: tracker.Lower},
		{Name: "frames", Unit: "frames/run", Value: 240, Better: tracker.Neither},
		{Name: "primitives-culled", Unit: "primitives-culled/run", Value: 1843, Better: tracker.Higher},
	}},
	{Name: "idle", Measures: []tracker.Measure{
		{Name: "frames", Unit: "frames/run", Value: 0, Better: tracker.Lower},
	}},
}

func TestBMFIsWhatBencherAccepts(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, tracker.WriteBMF(&b, run))
	require.NoError(t, bencherAccepts(b.Bytes()))
	assert.Equal(t, `{
  "hover-storm": {
    "frames-per-run": {
      "value": 240
    },
    "primitives-culled-per-run": {
      "value": 1843
    },
    "restyles-per-frame": {
      "value": 2
    },
    "µs-per-frame": {
      "value": 1.0127,
      "lower_value": 0.9981,
      "upper_value": 1.0302
    }
  },
  "idle": {
    "frames-per-run": {
      "value": 0
    }
  }
}
`, b.String())
}

// github-action-benchmark reads an array of {name, unit, value, range,
// extra}, value a number; customSmallerIsBetter judges every entry as
// smaller-is-better, so a floor is left out and named.
func TestGABIsCustomSmallerIsBetter(t *testing.T) {
	var b bytes.Buffer
	omitted, err := tracker.WriteGAB(&b, run)
	require.NoError(t, err)
	assert.Equal(t, []string{"hover-storm primitives-culled"}, omitted)
	var entries []struct {
		Name  string   `json:"name"`
		Unit  string   `json:"unit"`
		Value *float64 `json:"value"`
		Range string   `json:"range"`
		Extra string   `json:"extra"`
	}
	dec := json.NewDecoder(&b)
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&entries))
	require.Len(t, entries, 4)
	for _, e := range entries {
		assert.NotEmpty(t, e.Name)
		assert.NotNil(t, e.Value, "every entry has a numeric value")
	}
	assert.Equal(t, "hover-storm frame", entries[0].Name)
	assert.Equal(t, "µs/frame", entries[0].Unit)
	assert.Equal(t, "± 0.0175", entries[0].Range)
	assert.Equal(t, "95% interval [0.9981, 1.0302]", entries[0].Extra)
	assert.Equal(t, "exact count: any change is a regression", entries[2].Extra)
}

// What a service would reject is refused before anything is written.
func TestRefusesWhatAServiceRejects(t *testing.T) {
	for name, bs := range map[string][]tracker.Benchmark{
		"empty name":           {{Name: ""}},
		"long measure":         {{Name: "b", Measures: []tracker.Measure{{Name: strings.Repeat("m", 51)}}}},
		"NaN":                  {{Name: "b", Measures: []tracker.Measure{{Name: "m", Value: math.NaN()}}}},
		"interval not holding": {{Name: "b", Measures: []tracker.Measure{{Name: "m", Value: 3, Lower: 1, Upper: 2, HasInterval: true}}}},
		"twice":                {{Name: "b"}, {Name: "b"}},
	} {
		var b bytes.Buffer
		assert.Error(t, tracker.WriteBMF(&b, bs), name)
		_, err := tracker.WriteGAB(&b, bs)
		assert.Error(t, err, name)
		assert.Zero(t, b.Len(), "%s: nothing written", name)
	}
	var b bytes.Buffer
	err := tracker.WriteBMF(&b, []tracker.Benchmark{{Name: "b", Measures: []tracker.Measure{{Name: strings.Repeat("m", 51)}}}})
	assert.EqualError(t, err, "tracker: b: measure name \""+strings.Repeat("m", 51)+"\": want 1 to 50 bytes")
	assert.False(t, errors.Is(err, os.ErrNotExist))
}

// A testbed name always fits Bencher's 50 bytes, is the key itself when
// the key fits, is the same for the same key, and differs for two keys
// that differ anywhere — in the part a long key's name cuts out too.
func TestTestbedFitsAndKeepsMachinesApart(t *testing.T) {
	short := "AMD EPYC 7B13, 2 cores, linux/amd64, go1.26.8"
	long := "AMD EPYC 7B13 64-Core Processor, 2 cores, linux/amd64, go1.26.8"
	keys := []string{
		short,
		long,
		strings.Replace(long, "2 cores", "4 cores", 1), // differs only where the name cuts
		strings.Replace(long, "go1.26.8", "go1.26.9", 1),
		long + ", renderer gpu: llvmpipe (LLVM 15.0.6, 256 bits)",
		"Intel(R) Xeon(R) CPU @ 2.20GHz — ünïcödé at the cut, 8 cores, linux/arm64, go1.26.8",
		strings.Repeat("x", 50),
		strings.Repeat("x", 51),
	}
	seen := map[string]string{}
	for _, k := range keys {
		name := tracker.Testbed(k)
		assert.LessOrEqual(t, len(name), tracker.MaxTestbedName, "%q → %q", k, name)
		assert.NotEmpty(t, name)
		assert.True(t, utf8.ValidString(name), "%q", name)
		assert.Equal(t, name, tracker.Testbed(k), "deterministic")
		if len(k) <= tracker.MaxTestbedName {
			assert.Equal(t, k, name, "a key that fits is the name")
		}
		if other, ok := seen[name]; ok {
			t.Errorf("%q and %q share the testbed %q", k, other, name)
		}
		seen[name] = k
	}
	assert.Equal(t, short, tracker.Testbed(short))
}

func ExampleTestbed() {
	fmt.Println(tracker.Testbed("AMD EPYC 7B13 64-Core Processor, 2 cores, linux/amd64, go1.26.8"))
	// Output: AMD EPYC 7B13 64-Co~3e6aaa71~linux/amd64, go1.26.8
}

// A BMF measure carries its unit: Bencher keeps one Measure per name for
// the whole project, and BMF has no unit of its own.
func TestMeasureNameCarriesTheUnit(t *testing.T) {
	for _, tt := range []struct{ name, unit, want string }{
		{"restyles", "restyles/frame", "restyles-per-frame"},
		{"restyles", "restyles/run", "restyles-per-run"},
		{"frame", "µs/frame", "µs-per-frame"},
		{"input-frame", "µs/input-frame", "µs-per-input-frame"},
		{"translation-restyles", "restyles/translation-frame", "restyles-per-translation-frame"},
		{"translation-hit-index-rebuilds", "hit-index-rebuilds/translation-frame", "hit-index-rebuilds-per-translation-frame"},
		{"damage-area", "px/frame", "damage-area-px-per-frame"},
		{"primitives", "primitives", "primitives"},
		{"instructions", "instructions/step", "instructions-per-step"},
	} {
		got := tracker.MeasureName(tt.name, tt.unit)
		assert.Equal(t, tt.want, got, "%s in %s", tt.name, tt.unit)
		assert.LessOrEqual(t, len(got), tracker.MaxMeasureName)
	}
}
