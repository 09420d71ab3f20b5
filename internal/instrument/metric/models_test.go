package metric

import (
	"strconv"
	"testing"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/stretchr/testify/assert"
)

func TestIntervalRate(t *testing.T) {
	t.Run("closing an interval never opened is warmup", func(t *testing.T) {
		var r IntervalRate[clock.Mono]
		assert.Equal(t, Not(Warmup), r.Close(app, ms(100)))
		// Close opened the next interval: 300 bytes over 500 ms.
		r.Add(app, 300)
		assert.Equal(t, Of(600), r.Close(app, ms(600)))
		// Nothing moved in the next second: a true 0.
		assert.Equal(t, Of(0), r.Close(app, ms(1600)))
	})
	t.Run("an interval of no duration is missing", func(t *testing.T) {
		var r IntervalRate[clock.Mono]
		r.Open(app, ms(10))
		r.Add(app, 5)
		assert.Equal(t, Not(Missing), r.Close(app, ms(10)))
	})
	t.Run("an interval across a boundary is a discontinuity", func(t *testing.T) {
		var r IntervalRate[clock.Mono]
		r.Open(app, ms(0))
		r.Add(restart, 100) // another process's amount
		assert.Equal(t, Not(Discontinuity), r.Close(restart, ms(1000)))
		r.Add(restart, 100)
		assert.Equal(t, Of(100), r.Close(restart, ms(2000)), "the next interval is whole again")

		r.Break()
		assert.Equal(t, Not(Discontinuity), r.Close(restart, ms(3000)))
		assert.Equal(t, Not(Discontinuity), r.Close(restart, ms(2500)), "time ran backwards")
	})
	t.Run("a share of time", func(t *testing.T) {
		r := IntervalRate[clock.Mono]{Per: 1}
		r.Open(app, ms(0))
		r.Add(app, float64(250*time.Millisecond))
		assert.Equal(t, Of(0.25), r.Close(app, ms(1000)))
	})
}

func TestRollingDistribution(t *testing.T) {
	refresh := 16.7
	newDist := func(window time.Duration) *RollingDistribution[clock.Mono] {
		return &RollingDistribution[clock.Mono]{Bounds: []float64{1.5 * refresh, 2.5 * refresh}, Window: window, Min: 4}
	}
	t.Run("missing before the first sample, warmup below Min", func(t *testing.T) {
		d := newDist(0)
		assert.Equal(t, []Value{Not(Missing), Not(Missing), Not(Missing)}, d.Read(app, ms(0)))
		d.Add(app, ms(17), Of(16.7))
		d.Add(app, ms(34), Not(Warmup)) // not valid: in no bucket
		assert.Equal(t, []Value{Not(Warmup), Not(Warmup), Not(Warmup)}, d.Read(app, ms(34)))
	})
	t.Run("shares of the stated buckets, empty ones a true 0", func(t *testing.T) {
		d := newDist(0)
		for i, v := range []float64{16.7, 16.6, 33.4, 16.7} {
			d.Add(app, ms(float64(17*(i+1))), Of(v))
		}
		assert.Equal(t, []Value{Of(0.75), Of(0.25), Of(0)}, d.Read(app, ms(100)))
		assert.Equal(t, []string{"<=25.05", "<=41.75", ">41.75"}, d.Labels(func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }))
	})
	t.Run("another display starts the distribution over", func(t *testing.T) {
		d := newDist(0)
		for i := range 4 {
			d.Add(app, ms(float64(17*(i+1))), Of(16.7))
		}
		other := app
		other.Display = "HDMI-1"
		d.Add(other, ms(90), Of(50))
		assert.Equal(t, []Value{Not(Discontinuity), Not(Discontinuity), Not(Discontinuity)}, d.Read(other, ms(90)))
		for i := range 3 {
			d.Add(other, ms(float64(100+17*i)), Of(50))
		}
		assert.Equal(t, []Value{Of(0), Of(0), Of(1)}, d.Read(other, ms(140)))
		d.Break()
		assert.Equal(t, Not(Discontinuity), d.Read(other, ms(150))[0])
	})
	t.Run("a trailing window forgets old samples", func(t *testing.T) {
		d := newDist(100 * time.Millisecond)
		for i := range 4 {
			d.Add(app, ms(float64(10*(i+1))), Of(16.7))
		}
		assert.Equal(t, Of(1), d.Read(app, ms(50))[0])
		assert.Equal(t, Not(Warmup), d.Read(app, ms(135))[0], "two of four samples left the window")
	})
}

func TestConditional(t *testing.T) {
	notDischarging := FailsWith(NotApplicable, "on mains power: no discharge")
	t.Run("missing until started, warmup until the first sample", func(t *testing.T) {
		m := Conditional[clock.Mono]{Unit: "W"}
		assert.Equal(t, Not(Missing), m.Read(app, ms(0)))
		m.Start(Holds())
		assert.Equal(t, Not(Warmup), m.Read(app, ms(0)))
		m.Observe(app, ms(10), 4.5, "W")
		assert.Equal(t, Of(4.5), m.Read(app, ms(20)))
		assert.Equal(t, Not(Missing), m.Read(app, ms(2000)), "stale")
	})
	t.Run("a failed condition clears the value at once and is not held after", func(t *testing.T) {
		m := Conditional[clock.Mono]{Unit: "W"}
		m.Start(Holds())
		m.Observe(app, ms(10), 4.5, "W")
		m.Set(notDischarging)
		assert.Equal(t, Not(NotApplicable), m.Read(app, ms(20)))
		m.Observe(app, ms(30), 9, "W") // ignored: the condition fails
		m.Set(Holds())
		assert.Equal(t, Not(Warmup), m.Read(app, ms(40)), "the old value does not come back")
	})
	t.Run("an unknown unit is not guessed", func(t *testing.T) {
		m := Conditional[clock.Mono]{Unit: "W"}
		m.Start(Holds())
		m.Observe(app, ms(10), 4500, "mW")
		assert.Equal(t, Not(Missing), m.Read(app, ms(20)))
	})
	t.Run("another origin's sample, or time running backwards, is a discontinuity", func(t *testing.T) {
		m := Conditional[clock.Mono]{Unit: "W"}
		m.Start(Holds())
		m.Observe(app, ms(10), 4.5, "W")
		assert.Equal(t, Not(Discontinuity), m.Read(restart, ms(20)))
		assert.Equal(t, Not(Discontinuity), m.Read(app, ms(5)))
		m.Lost()
		assert.Equal(t, Not(Missing), m.Read(app, ms(30)))
	})
	t.Run("Apply and And", func(t *testing.T) {
		assert.Equal(t, Of(3), Holds().Apply(Of(3)))
		assert.Equal(t, Not(NotApplicable), notDischarging.Apply(Of(3)))
		virtual := FailsWith(NotApplicable, "virtual timing")
		assert.Equal(t, virtual, virtual.And(notDischarging))
		assert.Equal(t, notDischarging, Holds().And(notDischarging))
		assert.Panics(t, func() { FailsWith(Valid, "") })
	})
}
