package gates

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
)

func readings(cache string, limit int, after []int, evicted uint64) []CacheReading {
	var out []CacheReading
	for i, a := range after {
		out = append(out, CacheReading{Cache: cache, Burst: i, Limit: limit, After: a, Evicted: evicted})
	}
	return out
}

func TestBudgetJudge(t *testing.T) {
	healthy := append(readings(RunCache, 64, []int{64, 60, 64}, 100), readings(Atlas, 128, []int{128, 128, 90}, 40)...)
	tests := []struct {
		name string
		rs   []CacheReading
		want band.Verdict
	}{
		{"both back under", healthy, band.Pass},
		{"a cache that grows and never evicts is Broken", append(readings(RunCache, 64, []int{64, 64, 64}, 10), readings(Atlas, 128, []int{300, 520, 760}, 0)...), band.Broken},
		{"a cache over its limit after one frame fails", append(readings(RunCache, 64, []int{64, 65, 64}, 10), readings(Atlas, 128, []int{128, 128, 128}, 5)...), band.Fail},
		{"a cache never pushed over is Broken", append(readings(RunCache, 64, []int{10, 10}, 0), readings(Atlas, 128, []int{128}, 3)...), band.Broken},
		{"a cache not read is Broken", readings(RunCache, 64, []int{64}, 3), band.Broken},
		{"nothing read is Broken", nil, band.Broken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := JudgeBudget(tt.rs)
			assert.Equal(t, tt.want, r.Verdict, "%+v", r.Checks)
			assert.Len(t, r.Checks, 2, "one check per cache")
		})
	}
}

// A cache that never shrinks, though it evicts a little: it keeps growing
// past its limit frame after frame.
func TestBudgetFailsACacheThatNeverShrinks(t *testing.T) {
	rs := append(readings(RunCache, 64, []int{64, 64}, 100), readings(Atlas, 128, []int{300, 520, 760}, 1)...)
	r := JudgeBudget(rs)
	assert.Equal(t, band.Fail, r.Verdict)
	assert.Equal(t, band.Fail, r.Checks[1].Verdict)
	assert.Contains(t, r.Checks[1].Detail, "after burst 2 it holds 760, over its soft limit of 128 (3 of 3 frames over)")
}

func TestBurstStringsAreUniqueAndWideEnoughToOverflow(t *testing.T) {
	seen := map[string]bool{}
	runes := map[rune]bool{}
	for b := range DefaultBudget.Bursts {
		for i := range DefaultBudget.Strings {
			s := burstString(b, i)
			require.True(t, utf8.ValidString(s))
			require.False(t, seen[s], "burst %d string %d repeats %q", b, i, s)
			seen[s] = true
			if b == 0 {
				for _, r := range s {
					runes[r] = true
				}
			}
		}
	}
	assert.Greater(t, len(runes), 2*DefaultBudget.GlyphLimit, "one burst alone uses more letters than the atlas may keep")
	assert.Greater(t, DefaultBudget.Strings, 2*DefaultBudget.RunLimit, "one burst alone has more strings than the run cache may keep")
}

// The gate itself, on the engine: the caches' sizes and evictions are
// counts, the same on every machine.
func TestBudgetPassesOnTheEngine(t *testing.T) {
	rs := MeasureBudget(DefaultBudget)
	require.Len(t, rs, 2*DefaultBudget.Bursts)
	r := JudgeBudget(rs)
	assert.Equal(t, band.Pass, r.Verdict, "%+v", r.Checks)
	for _, x := range rs {
		assert.NotZero(t, x.Evicted, "%s burst %d went over its limit", x.Cache, x.Burst)
	}
}
