package metric

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCrossDomainIntervalDoesNotCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	out, err := exec.Command("go", "vet", "./testdata/crossdomain").CombinedOutput()
	require.Error(t, err, "a Sched instant was accepted by an EventInterval[Mono]")
	assert.Contains(t, string(out), "clock.Instant[clock.Sched]")
}
