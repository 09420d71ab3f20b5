package clock

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestVirtualRunsTimersInOrderAtTheirInstant(t *testing.T) {
	var v Virtual
	var got []string
	var at []time.Duration
	rec := func(name string) func() {
		return func() { got = append(got, name); at = append(at, v.Now().Sub(Instant[Sched]{})) }
	}
	v.At(At[Sched](30), rec("c"))
	v.At(At[Sched](10), rec("a"))
	v.At(At[Sched](10), rec("b")) // same instant: set order
	stopped := v.At(At[Sched](20), rec("never"))
	assert.True(t, stopped.Stop())
	assert.False(t, stopped.Stop())
	v.Advance(25)
	assert.Equal(t, []string{"a", "b"}, got)
	assert.Equal(t, []time.Duration{10, 10}, at)
	assert.Equal(t, int64(25), v.Now().Nanos())
	// A timer that sets a timer due within the same advance runs too.
	v.At(At[Sched](40), func() { v.At(v.Now().Add(5), rec("chained")) })
	v.Advance(100)
	assert.Equal(t, []string{"a", "b", "c", "chained"}, got)
	assert.Equal(t, []time.Duration{10, 10, 30, 45}, at)
	assert.Equal(t, 0, v.Pending())
	_, ok := v.NextDue()
	assert.False(t, ok)
}

func TestInstantArithmetic(t *testing.T) {
	a := At[Mono](100)
	b := a.Add(50)
	assert.Equal(t, time.Duration(50), b.Sub(a))
	assert.True(t, a.Before(b))
	assert.True(t, b.After(a))
	assert.True(t, MonoNow().After(Instant[Mono]{}) || MonoNow() == Instant[Mono]{})
}

func TestRealRunsDueTimers(t *testing.T) {
	var r Real
	fired := 0
	r.At(r.Now().Add(time.Millisecond), func() { fired++ })
	r.At(r.Now(), func() { fired++ })
	assert.NoError(t, r.Run(context.Background()))
	assert.Equal(t, 2, fired)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r.At(r.Now().Add(time.Hour), func() { fired++ })
	assert.ErrorIs(t, r.Run(ctx), context.Canceled)
	assert.Equal(t, 2, fired)
}

func TestRearmReusesTheTimer(t *testing.T) {
	var v Virtual
	n := 0
	tm := v.At(At[Sched](10), func() { n++ })
	v.Advance(10)
	assert.False(t, tm.Pending())
	v.Rearm(tm, At[Sched](20))
	assert.True(t, tm.Pending())
	v.Rearm(tm, At[Sched](30)) // pending: moved, not doubled
	v.Advance(100)
	assert.Equal(t, 2, n)
	var other Virtual
	assert.Panics(t, func() { other.Rearm(tm, At[Sched](5)) })
}

func TestRealRunDueRunsOnlyWhatIsDue(t *testing.T) {
	var r Real
	_, ok := r.NextDue()
	assert.False(t, ok)
	var ran []string
	now := r.Now()
	r.At(now.Add(-time.Millisecond), func() { ran = append(ran, "past") })
	r.At(now, func() {
		ran = append(ran, "now")
		r.At(now, func() { ran = append(ran, "set by a timer") })
	})
	later := now.Add(time.Hour)
	r.At(later, func() { ran = append(ran, "later") })
	assert.Equal(t, 3, r.RunDue())
	assert.Equal(t, []string{"past", "now", "set by a timer"}, ran)
	due, ok := r.NextDue()
	assert.True(t, ok)
	assert.Equal(t, later, due)
	assert.Equal(t, 0, r.RunDue())
}
