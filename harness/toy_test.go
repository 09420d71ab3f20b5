package harness_test

import "time"

// toy is a subject whose frames nothing asks for: it draws none.
type toy struct{}

func (*toy) Refresh() bool               { return false }
func (*toy) Wait(time.Duration) int      { return 0 }
func (*toy) FrameCosts() []time.Duration { return nil }
