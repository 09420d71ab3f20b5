//go:build !nocounters

package nonvacuity_test

import (
	"fmt"

	"github.com/perfbench/perfbench/internal/instrument/counter"
	"github.com/perfbench/perfbench/nonvacuity"
)

// A scroll that re-emits what it could have translated looks perfect to a
// ceiling on ChunksTranslated. Check catches it: the skip never fires. In a
// test, write nonvacuity.Assert(t, counter.ChunksTranslated, moves, fires)
// with the same scenarios. (The engine is stood in for here by adding to
// the counters by hand.)
func ExampleCheck() {
	firstPaint := nonvacuity.Scenario{
		Name: "the first paint of a fresh document",
		Run:  func() { counter.Add(counter.PrimitivesEmitted, 120) },
	}
	unwired := nonvacuity.Scenario{
		Name: "scrolling a document already painted once",
		Run:  func() { counter.Add(counter.PrimitivesEmitted, 120) },
	}
	wired := nonvacuity.Scenario{
		Name: "scrolling a document already painted once",
		Run: func() {
			counter.Add(counter.ChunksTranslated, 6)
			counter.Add(counter.PrimitivesEmitted, 8)
		},
	}

	fmt.Println(nonvacuity.Check(counter.ChunksTranslated, firstPaint, unwired))
	fmt.Println(nonvacuity.Check(counter.ChunksTranslated, firstPaint, wired))
	// Output:
	// nonvacuity: ChunksTranslated stayed zero in "scrolling a document already painted once", where the skip must fire: it is deleted, never wired, or the scenario misses it; delta: PrimitivesEmitted=120
	// <nil>
}
