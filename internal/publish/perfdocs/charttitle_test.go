package perfdocs

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/internal/keep/baselines"
)

func TestChartTitlePutsTheRendererOnALineOfItsOwn(t *testing.T) {
	m := baselines.Machine{CPU: "AMD EPYC", Cores: 2, OS: "linux", Arch: "amd64", Go: "go1.26.8"}
	assert.Equal(t, "idle on AMD EPYC, 2 cores, linux/amd64, go1.26.8", chartTitle("idle", m.String()))
	m.Renderer = "gpu: llvmpipe (LLVM 15.0.6, 256 bits)"
	assert.Equal(t, "idle on AMD EPYC, 2 cores, linux/amd64, go1.26.8\nrenderer gpu: llvmpipe (LLVM 15.0.6, 256 bits)", chartTitle("idle", m.String()))
}
