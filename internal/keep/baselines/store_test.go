package baselines_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

var (
	machineA = baselines.Machine{CPU: "Test CPU 3000", Cores: 2, OS: "linux", Arch: "amd64", Go: "go1.26.0"}
	day1     = time.Date(2026, 9, 10, 8, 0, 0, 0, time.UTC)
	day2     = time.Date(2026, 9, 11, 9, 30, 0, 0, time.UTC)
)

// spread returns n samples spread evenly over [lo, hi], out of order.
func spread(n int, lo, hi float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = lo + (hi-lo)*float64((i*7)%n)/float64(n-1)
	}
	return s
}

func TestStoreRoundTrip(t *testing.T) {
	var s baselines.Store // the zero Store is ready to use
	k1 := baselines.Key{Machine: machineA.String(), Scenario: "hover-storm", Number: "frame"}
	k2 := baselines.Key{Machine: machineA.String(), Scenario: "scroll", Number: "frame"}
	k3 := baselines.Key{Machine: "yes", Scenario: "1.5", Number: "null"} // keys YAML would read as other types
	s.Put(k2, baselines.Baseline{Unit: "µs/frame", Median: 20.125, Samples: []float64{19, 20.125, 21}, Set: day1, Why: "first record on this machine"})
	s.Put(k1, baselines.Baseline{Unit: "µs/frame", Median: 0.0012345678901, Samples: []float64{0.0012345678901, 0.1 + 0.2, 123456789.123}, Set: day2, Why: "multi\nline: why"})
	s.Put(k3, baselines.Baseline{Unit: "", Median: 3, Samples: []float64{3}, Set: day1.In(time.FixedZone("X", 3600)), Why: ""})

	data := s.Marshal()
	back, err := baselines.Parse(data, "baselines.yaml")
	require.NoError(t, err)
	assert.Equal(t, []baselines.Key{k1, k2, k3}, back.Keys(), "sorted by machine, scenario, number")
	for _, k := range s.Keys() {
		want, _ := s.Get(k)
		got, ok := back.Get(k)
		require.True(t, ok)
		assert.True(t, want.Set.Equal(got.Set))
		want.Set, got.Set = time.Time{}, time.Time{}
		assert.Equal(t, want, got, "floats round-trip exactly")
	}
	assert.Equal(t, string(data), string(back.Marshal()), "marshal is deterministic")
}

func TestParseEmpty(t *testing.T) {
	for _, in := range []string{"", "# only a comment\n", "version: 1\nmachines:\n", "version: 1\nmachines: {}\n"} {
		s, err := baselines.Parse([]byte(in), "b.yaml")
		require.NoError(t, err, "%q", in)
		assert.Equal(t, 0, s.Len())
	}
}

func TestLoadMissingFileIsEmpty(t *testing.T) {
	s, err := baselines.Load(filepath.Join(t.TempDir(), "perf", "baselines.yaml"))
	require.NoError(t, err)
	assert.Equal(t, 0, s.Len())
}

// FuzzLoad checks the baselines parser never panics, and that whatever it
// accepts it writes back in a form it reads again to the same bytes.
func FuzzLoad(f *testing.F) {
	r := newRepoForFuzz(f)
	f.Add(r)
	f.Add([]byte("version: 1\nmachines:\n  m:\n    s:\n      frame: {unit: x, median: 3, set: 2026-09-10T08:00:00Z, why: w, samples: [1, 3, 5]}\n"))
	f.Add([]byte("version: 1\nmachines:\n  a: [\n"))
	f.Add([]byte("version: 1\nmachines:\n  m: &x {}\n  n: *x\n"))
	f.Add([]byte("version: 1\nmachines:\n  m:\n    s:\n      frame: {median: .nan, samples: [.inf], set: 2026-09-10T08:00:00+02:00}\n"))
	f.Add([]byte("<<: {version: 1}\n"))
	f.Add([]byte("version: 3\ncounts:\n  s:\n    allocs: {unit: a, direction: ceiling, bound: 664, range: [642, 653], set: 2026-09-10T08:00:00Z, commit: 4f6ca49b2d8b, why: w}\nmachines:\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := baselines.Parse(data, "baselines.yaml")
		if err != nil {
			var ie *writegroup.InputError
			require.ErrorAs(t, err, &ie)
			assert.NotContains(t, err.Error(), "\n")
			return
		}
		out := s.Marshal()
		back, err := baselines.Parse(out, "baselines.yaml")
		require.NoError(t, err, "the parser reads what the store writes:\n%s", out)
		assert.Equal(t, string(out), string(back.Marshal()))
	})
}

// newRepoForFuzz seeds the fuzzer with a file the ratchet really wrote.
func newRepoForFuzz(f *testing.F) []byte {
	dir := f.TempDir()
	var s baselines.Store
	s.Put(baselines.Key{Machine: machineA.String(), Scenario: "hover-storm", Number: "frame"},
		baselines.Baseline{Unit: "µs/frame", Median: 100, Samples: spread(30, 90, 110), Set: day1, Why: "first record on this machine"})
	path := filepath.Join(dir, "baselines.yaml")
	if err := os.WriteFile(path, s.Marshal(), 0o644); err != nil {
		f.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	return data
}

// A baseline's spread survives the file, and a spread below 1 is refused
// with its line.
func TestStoreKeepsSpread(t *testing.T) {
	var s baselines.Store
	k := baselines.Key{Machine: "m", Scenario: "hover-storm", Number: "frame"}
	s.Put(k, baselines.Baseline{Unit: "µs/frame", Median: 1.2, Samples: []float64{1.2}, Spread: 1.07,
		Set: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), Why: "test"})
	back, err := baselines.Parse(s.Marshal(), "b.yaml")
	require.NoError(t, err)
	b, ok := back.Get(k)
	require.True(t, ok)
	assert.Equal(t, 1.07, b.Spread)

	bad := strings.Replace(string(s.Marshal()), "spread: 1.07", "spread: 0.5", 1)
	_, err = baselines.Parse([]byte(bad), "b.yaml")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "spread 0.5 is below 1")
}
