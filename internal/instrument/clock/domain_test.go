package clock

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCrossDomainDifferenceDoesNotCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	out, err := exec.Command("go", "vet", "./testdata/crossdomain").CombinedOutput()
	require.Error(t, err, "subtracting a Mono instant from a Sched instant compiled")
	assert.Contains(t, string(out), "clock.Instant[clock.Mono]")
}
