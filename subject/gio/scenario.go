package gio

import (
	"github.com/perfbench/perfbench/scenario"
)

var _ scenario.Subject = (*Subject)(nil)

// Attach opens ui headless with opts (each zero field DefaultOptions' own),
// settles it, and makes it the subject of a scenario session: from then
// on the scenario drives it with Session.Drive and Session.Wait, calling
// the returned Subject's input methods (which panic outside a step, where
// their frame would come late), and the runner, bands, ratchet and
// docs treat its numbers as they treat perfbench's own.
func Attach(s *scenario.Session, ui UI, opts Options) *Subject {
	sub := &Subject{UI: ui, Options: opts}
	sub.Open()
	s.Attach(sub)
	sub.session = s
	return sub
}

// The Values below read the counts a Gio subject keeps, for a scenario's
// Numbers. Each is missing (nil, so the number judges Broken) when the run
// drew no frame or drove no Gio subject.

// Allocs is the median heap allocations of a frame (layout and
// Router.Frame): a count. A median rather than a mean, because a single
// frame's allocations can differ by one or two between runs (see Median).
func Allocs(r *scenario.Record) []float64 {
	return median(r, func(f Frame) uint64 { return f.Allocs })
}

// AllocBytes is the median bytes a frame allocated.
func AllocBytes(r *scenario.Record) []float64 {
	return median(r, func(f Frame) uint64 { return f.Bytes })
}

// OpsBytes is the median size of a frame's recorded op list, in bytes.
func OpsBytes(r *scenario.Record) []float64 {
	return median(r, func(f Frame) uint64 { return uint64(f.OpsBytes) })
}

// Wakeups counts the frames after which the router asked for another
// (an invalidation, an animation): zero for a program at rest. Unlike the
// others it is a true zero, not missing, over a run that drew nothing.
func Wakeups(r *scenario.Record) []float64 {
	if _, ok := r.Subject.(*Subject); !ok {
		return nil
	}
	n, _ := r.Total.Get("Wakeups")
	return []float64{float64(n)}
}

func median(r *scenario.Record, count func(Frame) uint64) []float64 {
	sub, ok := r.Subject.(*Subject)
	if !ok || len(sub.frames) == 0 {
		return nil
	}
	return []float64{float64(Median(sub.frames, count))}
}
