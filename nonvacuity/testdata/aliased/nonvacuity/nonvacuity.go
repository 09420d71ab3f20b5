// Package nonvacuity is the fixture's stand-in for the real one: only its
// import path and the name Assert matter to the scanner.
package nonvacuity

import (
	"testing"

	"example.com/fixture/counter"
)

type Scenario struct {
	Name string
	Run  func()
}

func Assert(t testing.TB, c counter.Counter, moves, fires Scenario) {}
