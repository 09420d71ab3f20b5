package metric

import (
	"testing"
	"time"

	"github.com/perfbench/perfbench/internal/instrument/clock"
	"github.com/stretchr/testify/assert"
)

func TestCounterRate(t *testing.T) {
	type sample struct {
		o     Origin
		at    float64 // ms
		count uint64
		brk   bool
		want  Value
	}
	tests := []struct {
		name    string
		per     time.Duration
		samples []sample
	}{
		{"the first sample only sets a baseline", 0, []sample{
			{o: app, at: 0, count: 1000, want: Not(Warmup)},
			{o: app, at: 1000, count: 1100, want: Of(100)},
			{o: app, at: 1500, count: 1100, want: Of(0)}, // a true 0: nothing happened
		}},
		{"a counter that goes down warms up again", 0, []sample{
			{o: app, at: 0, count: 1000, want: Not(Warmup)},
			{o: app, at: 1000, count: 1200, want: Of(200)},
			{o: app, at: 2000, count: 50, want: Not(Discontinuity)},
			{o: app, at: 2500, count: 100, want: Of(100)},
		}},
		{"PID 1564's counter and PID 1832's are not one rate", 0, []sample{
			{o: app, at: 0, count: 1000, want: Not(Warmup)},
			{o: restart, at: 1000, count: 5000, want: Not(Discontinuity)},
			{o: restart, at: 2000, count: 5300, want: Of(300)},
		}},
		{"no elapsed time is no rate, and keeps the baseline", 0, []sample{
			{o: app, at: 0, count: 0, want: Not(Warmup)},
			{o: app, at: 0, count: 10, want: Not(Missing)},
			{o: app, at: 500, count: 20, want: Of(40)},
		}},
		{"a break re-baselines", 0, []sample{
			{o: app, at: 0, count: 0, want: Not(Warmup)},
			{o: app, at: 1000, count: 10, brk: true, want: Not(Discontinuity)},
			{o: app, at: 2000, count: 30, want: Of(20)},
		}},
		{"a rate per millisecond", time.Millisecond, []sample{
			{o: app, at: 0, count: 0, want: Not(Warmup)},
			{o: app, at: 4, count: 10, want: Of(2.5)},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CounterRate[clock.Mono]{Per: tt.per}
			for i, s := range tt.samples {
				if s.brk {
					r.Break()
				}
				assert.Equal(t, s.want, r.Observe(s.o, ms(s.at), s.count), "sample %d", i)
			}
		})
	}
}
