package revisions

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/scenario"
)

// For every range of up to 70 commits and every first bad commit in it,
// the search finds it, asking about ⌈log₂ N⌉ commits at most and never
// about BAD, which it takes on trust: with GOOD's, ⌈log₂ N⌉+1 builds.
func TestFirstCrossed(t *testing.T) {
	for n := 1; n <= 70; n++ {
		for bad := 0; bad < n; bad++ {
			asked := 0
			got, err := firstCrossed(n, func(i int) (bool, error) {
				require.True(t, i >= 0 && i < n-1, "asks about a commit inside, not BAD: %d of %d", i, n)
				asked++
				return i >= bad, nil
			})
			require.NoError(t, err)
			assert.Equal(t, bad, got, "n %d", n)
			assert.LessOrEqual(t, asked, maxProbes(n), "n %d bad %d", n, bad)
		}
	}
	assert.Equal(t, 6, maxProbes(64))
	_, err := firstCrossed(8, func(int) (bool, error) { return false, errors.New("build failed") })
	assert.EqualError(t, err, "build failed")
}

// A commit's instructions cross when they rise past base's by more than
// their tolerance, per label.
func TestJudgeInstructions(t *testing.T) {
	res := func(hover, wheel uint64) []scenario.Result {
		return []scenario.Result{{Name: "s", Instructions: []scenario.Instructions{{Label: "hover", Steps: 10, Count: hover}, {Label: "wheel", Steps: 10, Count: wheel}}}}
	}
	o := judgeInstructions(res(10000, 20000), res(10020, 20000))
	assert.Equal(t, band.Pass, o.Verdict, "0.2%: within 0.25%")
	o = judgeInstructions(res(10000, 20000), res(10030, 19000))
	assert.Equal(t, band.Fail, o.Verdict)
	require.Len(t, o.Scenarios[0].Numbers, 2)
	assert.Equal(t, "hover-instructions", o.Scenarios[0].Numbers[0].Name)
	assert.True(t, o.Scenarios[0].Numbers[0].Verdict.Failed())
	assert.False(t, o.Scenarios[0].Numbers[1].Verdict.Failed(), "less work does not cross")
}
