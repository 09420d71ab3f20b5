package metric

import (
	"math"
	"testing"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/stretchr/testify/assert"
)

func TestGauge(t *testing.T) {
	type op struct {
		observe *float64 // sample this value
		lost    bool
		o       Origin
		at      float64 // ms
		want    Value   // a read at `at` after the op
	}
	f := func(x float64) *float64 { return &x }
	tests := []struct {
		name   string
		maxAge time.Duration
		ops    []op
	}{
		{"nothing sampled is missing", 0, []op{
			{o: app, at: 0, want: Not(Missing)},
		}},
		{"the first sample is publishable", 0, []op{
			{observe: f(12.5), o: app, at: 0, want: Of(12.5)},
			{o: app, at: 1000, want: Of(12.5)},
		}},
		{"a true 0 is valid", 0, []op{
			{observe: f(0), o: app, at: 0, want: Of(0)},
		}},
		{"a stale sample is missing", 0, []op{
			{observe: f(30), o: app, at: 0, want: Of(30)},
			{o: app, at: 1001, want: Not(Missing)},
		}},
		{"MaxAge sets the freshness", 200 * time.Millisecond, []op{
			{observe: f(30), o: app, at: 0, want: Of(30)},
			{o: app, at: 200, want: Of(30)},
			{o: app, at: 201, want: Not(Missing)},
		}},
		{"a lost source is missing, not 0", 0, []op{
			{observe: f(30), o: app, at: 0, want: Of(30)},
			{lost: true, o: app, at: 1, want: Not(Missing)},
			{observe: f(31), o: app, at: 2, want: Of(31)},
		}},
		{"a NaN sample is no fact", 0, []op{
			{observe: f(30), o: app, at: 0, want: Of(30)},
			{observe: f(math.NaN()), o: app, at: 1, want: Not(Missing)},
		}},
		{"another process's sample is missing for this one", 0, []op{
			{observe: f(30), o: app, at: 0, want: Of(30)},
			{o: restart, at: 1, want: Not(Missing)},
		}},
		{"time running backwards is a discontinuity", 0, []op{
			{observe: f(30), o: app, at: 100, want: Of(30)},
			{o: app, at: 50, want: Not(Discontinuity)},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := Gauge[clock.Mono]{MaxAge: tt.maxAge}
			for i, o := range tt.ops {
				if o.lost {
					g.Lost()
				}
				if o.observe != nil {
					g.Observe(o.o, ms(o.at), *o.observe)
				}
				assert.Equal(t, o.want, g.Read(o.o, ms(o.at)), "op %d", i)
			}
		})
	}
}
