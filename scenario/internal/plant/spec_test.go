package plant

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A plant is a scenario and a factor, with a step's reference cost for
// the plant of work, or a scenario and a number of spins a step; anything else is an error, so a harness that thinks
// it planted a slowdown never measures an unplanted build.
func TestParsePlant(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Spec
	}{
		{"hover-storm:2", Spec{Target: "hover-storm", Factor: 2}},
		{"hover-storm:1.03@1.19", Spec{Target: "hover-storm", Factor: 1.03, Ref: 1.19}},
		{"scroll:1", Spec{Target: "scroll", Factor: 1}},
		{"hover-storm:+20", Spec{Target: "hover-storm", Factor: 1, Spins: 20}},
		{"hover-storm:allocs+3", Spec{Target: "hover-storm", Factor: 1, Allocs: 3}},
	} {
		got, err := Parse(tt.in)
		assert.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
	for _, bad := range []string{"hover-storm", "hover-storm:0.9", "hover-storm:x", ":2", "hover-storm:1.1@", "hover-storm:1.1@0", "hover-storm:1.1@-1", "hover-storm:NaN",
		"hover-storm:+", "hover-storm:+0", "hover-storm:+-3", "hover-storm:+1.5", ":+3", "hover-storm:allocs+0", "hover-storm:allocs+", ":allocs+2"} {
		_, err := Parse(bad)
		assert.Error(t, err, bad)
	}
}
