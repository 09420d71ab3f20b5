package metric

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// intervals returns n valid intervals of d ms each.
func intervals(n int, d float64) []Value {
	v := make([]Value, n)
	for i := range v {
		v[i] = interval(d)
	}
	return v
}

func TestAggregate(t *testing.T) {
	const msec = 1e6 // ns
	tests := []struct {
		name string
		in   []Value
		want Aggregates
	}{
		{
			// 99 intervals of 10 ms and one of 110 ms: Σd = 1.1 s.
			name: "a hundred intervals with one long",
			in:   append(intervals(99, 10), interval(110)),
			want: Aggregates{
				N:      100,
				P50:    Of(10 * msec), // rank 50
				P90:    Of(10 * msec), // rank 90
				P95:    Of(10 * msec), // rank 95
				P99:    Of(10 * msec), // rank 99: the long one is the 100th
				Max:    Of(110 * msec),
				Jitter: Of(0),
				AvgFPS: Of(100 * 1e9 / 1.1e9), // 90.909…, not 1000/mean of 1/d
				Low1:   Of(1e9 / 110e6),       // k = 1: the 110 ms interval, 9.09 fps
				Jank:   Of(1),                 // 110 > 2 × 10
			},
		},
		{
			// 1..10 ms, valid, with a warmup anchor and a discontinuity
			// that must not enter.
			name: "ten intervals",
			in: append([]Value{Not(Warmup), Not(Discontinuity)},
				interval(1), interval(2), interval(3), interval(4), interval(5),
				interval(6), interval(7), interval(8), interval(9), interval(10)),
			want: Aggregates{
				N:      10,
				P50:    Of(5 * msec), // rank 5
				P90:    Of(9 * msec), // rank 9
				P95:    Not(Missing), // needs 20
				P99:    Not(Missing), // needs 100
				Max:    Of(10 * msec),
				Jitter: Not(Missing),
				AvgFPS: Of(10 * 1e9 / 55e6), // Σd = 55 ms: 181.8 fps
				Low1:   Not(Missing),        // needs 100
				Jank:   Of(0),               // nothing over 10 ms
			},
		},
		{
			name: "one interval",
			in:   []Value{interval(20)},
			want: Aggregates{
				N: 1, P50: Not(Missing), P90: Not(Missing), P95: Not(Missing), P99: Not(Missing),
				Max: Of(20 * msec), Jitter: Not(Missing), AvgFPS: Of(50), Low1: Not(Missing), Jank: Not(Missing),
			},
		},
		{
			name: "nothing valid",
			in:   []Value{Not(Warmup), Not(Missing)},
			want: Aggregates{
				P50: Not(Missing), P90: Not(Missing), P95: Not(Missing), P99: Not(Missing),
				Max: Not(Missing), Jitter: Not(Missing), AvgFPS: Not(Missing), Low1: Not(Missing), Jank: Not(Missing),
			},
		},
		{
			name: "intervals of zero length have no rate",
			in:   []Value{Of(0), Of(0)},
			want: Aggregates{
				N: 2, P50: Of(0), P90: Not(Missing), P95: Not(Missing), P99: Not(Missing),
				Max: Of(0), Jitter: Not(Missing), AvgFPS: Not(Missing), Low1: Not(Missing), Jank: Of(0),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Aggregate(tt.in))
		})
	}
}

func TestLow1IsTheSlowestOnePercent(t *testing.T) {
	// 250 intervals: k = ⌈250/100⌉ = 3 slowest, 40 + 50 + 60 ms = 150 ms,
	// so the 1% low is 3 × 1e9 / 150e6 = 20 fps.
	in := append(intervals(247, 10), interval(40), interval(60), interval(50))
	a := Aggregate(in)
	assert.Equal(t, Of(20), a.Low1)
	assert.Equal(t, Of(3), a.Jank) // 40, 50 and 60 are over 2 × 10 ms
}
