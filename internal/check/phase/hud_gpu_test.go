package phase

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/perfbench/perfbench/internal/instrument/hud"
)

type fakeGPU struct {
	busy time.Duration
	ok   bool
}

func (f *fakeGPU) GPUBusy() (time.Duration, bool, string) {
	return f.busy, f.ok, "the GL driver has no GL_EXT_disjoint_timer_query"
}

func TestHUDGPURowIsTheShareOfRealTimeTheGPUWasBusy(t *testing.T) {
	var out bytes.Buffer
	var g gpuUse
	f := &fakeGPU{ok: true}
	t0 := clock.MonoNow()
	s := hud.Resources{At: t0}
	g.sample(&out, f, &s)
	assert.False(t, s.GPUOK, "the first sample only primes the rate")
	f.busy = 125 * time.Millisecond
	s = hud.Resources{At: t0.Add(500 * time.Millisecond)}
	g.sample(&out, f, &s)
	assert.True(t, s.GPUOK)
	assert.InDelta(t, 25.0, s.GPU, 1e-9, "125 ms busy in 500 ms")
	assert.Empty(t, out.String())
}

func TestHUDGPURowIsMissingWithTheReason(t *testing.T) {
	var out bytes.Buffer
	var g gpuUse
	for range 3 {
		s := hud.Resources{At: clock.MonoNow()}
		g.sample(&out, &fakeGPU{}, &s)
		assert.False(t, s.GPUOK)
	}
	assert.Equal(t, "hud: GPU row missing: the GL driver has no GL_EXT_disjoint_timer_query\n", out.String(), "said once")
	out.Reset()
	s := hud.Resources{At: clock.MonoNow()}
	(&gpuUse{}).sample(&out, struct{}{}, &s)
	assert.False(t, s.GPUOK)
	assert.Empty(t, out.String(), "a renderer on no GPU leaves the row missing as it always was")
}
