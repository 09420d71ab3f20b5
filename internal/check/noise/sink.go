package noise

import "sync/atomic"

// sink keeps the spinners' arithmetic from being optimised away.
var sink atomic.Uint64
