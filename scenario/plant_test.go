package scenario

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
		want plantSpec
	}{
		{"hover-storm:2", plantSpec{target: "hover-storm", factor: 2}},
		{"hover-storm:1.03@1.19", plantSpec{target: "hover-storm", factor: 1.03, ref: 1.19}},
		{"scroll:1", plantSpec{target: "scroll", factor: 1}},
		{"hover-storm:+20", plantSpec{target: "hover-storm", factor: 1, spins: 20}},
	} {
		got, err := parsePlant(tt.in)
		assert.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
	for _, bad := range []string{"hover-storm", "hover-storm:0.9", "hover-storm:x", ":2", "hover-storm:1.1@", "hover-storm:1.1@0", "hover-storm:1.1@-1", "hover-storm:NaN",
		"hover-storm:+", "hover-storm:+0", "hover-storm:+-3", "hover-storm:+1.5", ":+3"} {
		_, err := parsePlant(bad)
		assert.Error(t, err, bad)
	}
}
