package peers

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDurationsKeepThreeFigures(t *testing.T) {
	for _, tc := range []struct {
		us   float64
		want string
	}{
		{14.02, "14.02 µs"}, {114, "114 µs"}, {2021.5, "2.02 ms"}, {200920, "201 ms"}, {2281790, "2.28 s"},
	} {
		assert.Equal(t, tc.want, duration(tc.us), "%v µs", tc.us)
	}
}
