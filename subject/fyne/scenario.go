package fyne

import (
	"runtime"

	"fyne.io/fyne/v2"

	"github.com/perfbench/perfbench/scenario"
)

var _ scenario.Subject = (*Subject)(nil)

// Attach opens the program build makes, in a headless window with opts
// (the zero Options: DefaultOptions), settles it, and makes it the subject
// of a scenario session: from then on the scenario drives it with
// Session.Drive and Session.Wait, calling the returned Subject's input
// methods, and the runner, bands, ratchet and docs treat its numbers as
// they treat perfbench's own. build receives the subject's window, with
// the subject's app current (fyne.CurrentApp), as Fyne's demo builds each
// of its pages; a program whose content exists already returns it:
//
//	sub := fyne.Attach(s, func(fyne.Window) fyne.CanvasObject { return content }, opts)
//
// and a program that opens its window itself runs its own code and
// returns nil (see Subject.Build):
//
//	sub := fyne.Attach(s, func(fyne.Window) fyne.CanvasObject {
//		c.loadUI(fyne.CurrentApp())
//		return nil
//	}, opts)
//
// Attach runs the process on one P (runtime.GOMAXPROCS(1)) from then on,
// which a scenario's process, one per scenario, can afford: Fyne's List,
// Table, Tree and GridWrap recycle their rows through a sync.Pool, whose
// caches are per P, so which recycled row a scroll gets back (and so how
// many refreshes its update costs: a row that showed the same text, or a
// one-line row for a two-line one) depends on the P the scenario's thread
// held at each step. On one P, with the session's collections between
// samples, the count is the same in every process (the demo's List page
// over 80 wheel steps: 1280–1295 refreshes across processes on two Ps,
// 1284 in every one on one).
func Attach(s *scenario.Session, build func(w fyne.Window) fyne.CanvasObject, opts Options) *Subject {
	if build == nil {
		panic("fyne: Attach with a nil build")
	}
	runtime.GOMAXPROCS(1)
	sub := &Subject{Build: build, Options: opts}
	sub.Open()
	s.Attach(sub)
	return sub
}

// The Values below read the counts a Fyne subject keeps, for a scenario's
// Numbers. Each is missing (nil, so the number judges Broken) when the run
// drew no frame or drove no Fyne subject, except Refreshes and Ticks,
// which are true zeros over a run that drew nothing.

// Allocs is the median heap allocations of a frame: a count. A median,
// because a single frame's allocations can differ by one or two between
// runs (see Median).
func Allocs(r *scenario.Record) []float64 { return median(r, func(f Frame) uint64 { return f.Allocs }) }

// AllocBytes is the median bytes a frame allocated.
func AllocBytes(r *scenario.Record) []float64 {
	return median(r, func(f Frame) uint64 { return f.Bytes })
}

// Painted is the median objects the software painter drew in a frame.
func Painted(r *scenario.Record) []float64 {
	return median(r, func(f Frame) uint64 { return uint64(f.Painted) })
}

// Appeared is the objects that appeared in the visible tree over the run
// (new objects, hidden ones shown): zero for a program that only restyles
// what it shows, one a row for a list that brings rows into view by
// showing them, and every object every frame for a program that rebuilds
// its content.
func Appeared(r *scenario.Record) []float64 { return sum(r, "Appeared") }

// Layouts is the containers and widgets the frames' minimum-size passes
// laid out again, over the run.
func Layouts(r *scenario.Record) []float64 { return sum(r, "Layouts") }

// Refreshes is the object refreshes (canvas.Refresh through the driver)
// the run's frames answered: the program's own account of what changed.
func Refreshes(r *scenario.Record) []float64 { return total(r, "Refreshes") }

// Ticks is the animation ticks the run's frames drew after: zero for a
// program at rest.
func Ticks(r *scenario.Record) []float64 { return total(r, "Ticks") }

func subjectOf(r *scenario.Record) (*Subject, bool) {
	sub, ok := r.Subject.(*Subject)
	return sub, ok
}

func median(r *scenario.Record, count func(Frame) uint64) []float64 {
	sub, ok := subjectOf(r)
	if !ok || len(sub.frames) == 0 {
		return nil
	}
	return []float64{float64(Median(sub.frames, count))}
}

// sum is the subject's count name over the run, missing over no frames.
func sum(r *scenario.Record, name string) []float64 {
	sub, ok := subjectOf(r)
	if !ok || len(sub.frames) == 0 {
		return nil
	}
	return total(r, name)
}

// total is the subject's count name over the run, read off the record.
func total(r *scenario.Record, name string) []float64 {
	if _, ok := subjectOf(r); !ok {
		return nil
	}
	n, _ := r.Total.Get(name)
	return []float64{float64(n)}
}
