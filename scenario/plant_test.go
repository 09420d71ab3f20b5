package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A plant is a scenario and a factor, with a step's reference cost for
// the plant of work; anything else is an error, so a harness that thinks
// it planted a slowdown never measures an unplanted build.
func TestParsePlant(t *testing.T) {
	for _, tt := range []struct {
		in          string
		target      string
		factor, ref float64
	}{
		{"hover-storm:2", "hover-storm", 2, 0},
		{"hover-storm:1.03@1.19", "hover-storm", 1.03, 1.19},
		{"scroll:1", "scroll", 1, 0},
	} {
		target, factor, ref, err := parsePlant(tt.in)
		assert.NoError(t, err, tt.in)
		assert.Equal(t, tt.target, target)
		assert.Equal(t, tt.factor, factor)
		assert.Equal(t, tt.ref, ref)
	}
	for _, bad := range []string{"hover-storm", "hover-storm:0.9", "hover-storm:x", ":2", "hover-storm:1.1@", "hover-storm:1.1@0", "hover-storm:1.1@-1", "hover-storm:NaN"} {
		_, _, _, err := parsePlant(bad)
		assert.Error(t, err, bad)
	}
}

// CheckPlant names the variable and the form it wants, in one line.
func TestCheckPlant(t *testing.T) {
	assert.NoError(t, CheckPlant("PERFBENCH_BASE_PLANT", ""))
	assert.NoError(t, CheckPlant("PERFBENCH_BASE_PLANT", "hover-storm:1.1@1.2"))
	assert.EqualError(t, CheckPlant("PERFBENCH_BASE_PLANT", "hover-storm:fast"),
		`PERFBENCH_BASE_PLANT="hover-storm:fast": want SCENARIO:FACTOR or SCENARIO:FACTOR@REF with FACTOR from 1 to 1000 and REF > 0 µs`)
}
