package script

import "fmt"

// Bounce returns the index of step i of a walk down 0…n-1 and back up
// (0, 1, …, n-1, n-2, …, 1, 0, 1, …), so that no two steps running stand
// on one index: every step of a hover over n rows crosses onto a new row.
// For n of 1 every step is 0. An n below 1 or a negative i panics.
func Bounce(i, n int) int {
	if n < 1 || i < 0 {
		panic(fmt.Sprintf("script: Bounce(%d, %d): the step must be ≥ 0 and the walk at least one long", i, n))
	}
	if n == 1 {
		return 0
	}
	j := i % (2 * (n - 1))
	if j >= n {
		j = 2*(n-1) - j
	}
	return j
}

// Sweep returns the value of step i of a walk from from by by a step, n
// values out and back ([Bounce] over from, from+by, …, from+(n-1)·by), so
// a window resized by it narrows and widens again and a scroll position
// returns where it began:
//
//	s.Repeat("resize", 20, func(i int) { sub.Resize(int(script.Sweep(i, 10, 1264, -16)), 800) })
func Sweep(i, n int, from, by float32) float32 {
	return from + by*float32(Bounce(i, n))
}

// WheelRun is how many steps [Wheel] turns one way before it turns back:
// a run long enough to bring rows into view that were not (40 steps of
// 7 px move a list by 280 px, a dozen rows), and the same for every
// subject, so their scroll scenarios compare.
const WheelRun = 40

// Wheel returns the wheel's delta at step i: step for WheelRun steps,
// then -step for WheelRun, and so on, so that a scroll of 2×WheelRun steps
// ends where it began. Positive is whatever the subject's wheel calls
// down.
func Wheel(i int, step float32) float32 {
	if i < 0 {
		panic(fmt.Sprintf("script: Wheel(%d, …): the step must be ≥ 0", i))
	}
	if (i/WheelRun)%2 == 0 {
		return step
	}
	return -step
}

// Each returns the target of step i of a tour over ts: the [Bounce] walk
// over them, so every target is visited in turn and no step aims where
// the one before did. No targets panics: a tour of a window with nothing
// labelled on screen would drive nothing.
func Each(ts []Target, i int) Target {
	if len(ts) == 0 {
		panic("script: Each over no targets")
	}
	return ts[Bounce(i, len(ts))]
}

// Tour returns the targets of ts that have role r, in order, for [Each]
// to visit in turn; where there are none, an error a scenario's Run
// returns as it is (the run is Broken, not aimed at nothing), naming
// every label on screen, as [Match.Find]'s does.
func Tour(ts []Target, r Role) ([]Target, error) {
	out := Only(ts, r)
	if len(out) == 0 {
		what := "target"
		if r != Any {
			what = r.String()
		}
		return nil, notOnScreen(what, ts)
	}
	return out, nil
}

// Named returns the targets of ts labelled labels, in the order given
// (the first of each label, in tree order), for [Each] to visit in turn:
// a tour of some of what is on screen, where [Tour] keeps a whole role.
// A label not on screen is an error a scenario's Run returns as it is,
// naming it and every label on screen.
func Named(ts []Target, labels ...string) ([]Target, error) {
	if len(labels) == 0 {
		panic("script: Named with no labels")
	}
	out := make([]Target, 0, len(labels))
	for _, l := range labels {
		t, err := Match{}.Find(ts, l)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// Only returns the targets of ts that have role r, in order: a tour of a
// list's rows keeps the buttons (or labels) and leaves the field above.
func Only(ts []Target, r Role) []Target {
	var out []Target
	for _, t := range ts {
		if r == Any || t.Role == r {
			out = append(out, t)
		}
	}
	return out
}
