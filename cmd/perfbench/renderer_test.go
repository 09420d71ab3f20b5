package main

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/renderer"
)

func TestPerfbenchGPUWithoutTheBuildTagIsAUsageError(t *testing.T) {
	if slices.Contains(renderer.Names(), "gpu") {
		t.Skip("this binary has the gpu renderer")
	}
	t.Setenv("PERFBENCH_GPU", "1")
	code, _, stderr := perfbench(t, "phase", "idle", "s0", "1")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Contains(t, stderr, "go build -tags gpu ./cmd/perfbench")
}

func TestPerfbenchGPUTakesOnlyZeroOrOne(t *testing.T) {
	t.Setenv("PERFBENCH_GPU", "yes")
	code, _, stderr := perfbench(t, "phase", "idle", "s0", "1")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Contains(t, stderr, `PERFBENCH_GPU="yes": want 1`)
}

func TestRendererFlag(t *testing.T) {
	code, stdout, stderr := perfbench(t, "phase", "hover", "s0", "3", "--renderer", "cpu")
	assert.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "hover")
	for _, args := range [][]string{
		{"phase", "hover", "s0", "3", "--renderer", "vulkan"},
		{"verify", "--renderer", "vulkan"},
		{"scenario", "idle", "--renderer", "vulkan"},
		{"scenarios", "--renderer", "vulkan"},
	} {
		code, _, stderr := perfbench(t, args...)
		assert.Equal(t, harness.ExitUsage, code, "%v", args)
		assert.Contains(t, stderr, `unknown renderer "vulkan" (valid: null cpu gpu)`, "%v", args)
	}
}

// The machine key's renderer part is the name and, for a renderer on a
// graphics device, the device: read from the registry, so the parent makes
// no renderer. An unknown name, or one not in this build, is a usage error.
func TestScenarioRendererKey(t *testing.T) {
	key, err := scenarioRenderer("cpu")
	assert.NoError(t, err)
	assert.Equal(t, "cpu", key)
	for _, name := range []string{"metal", "gpu"} {
		if slices.Contains(renderer.Names(), name) {
			continue
		}
		_, err := scenarioRenderer(name)
		var usage harness.UsageError
		assert.ErrorAs(t, err, &usage, name)
	}
	if !slices.Contains(renderer.Names(), "gpu") {
		return
	}
	caps, err := renderer.Describe("gpu")
	if err != nil {
		t.Skipf("no GPU here: %v", err)
	}
	key, err = scenarioRenderer("gpu")
	assert.NoError(t, err)
	assert.Equal(t, "gpu: "+caps.Device, key)
}
