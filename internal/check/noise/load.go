// Package noise is the background load the noise harness measures
// perfbench under: busy threads that oversubscribe the CPUs and a thread
// that streams through a buffer far larger than the caches, so the
// scenarios compete for cores, caches and memory bandwidth as they do on
// a shared CI runner.
package noise

import (
	"context"
	"runtime"
	"sync"
)

// Load describes the background load. The zero Load is no load.
type Load struct {
	// Spinners is how many threads spin on arithmetic.
	Spinners int
	// MemoryBytes is the size of the buffer the memory hog copies back
	// and forth; zero starts no hog.
	MemoryBytes int
}

// DefaultLoad is the noise harness's load: 2× CPU oversubscription, as
// two busy threads per CPU of which one is the memory hog streaming
// through 256 MiB, so the CPUs are twice oversubscribed before the suite
// itself runs.
func DefaultLoad() Load {
	return Load{Spinners: 2*runtime.NumCPU() - 1, MemoryBytes: 256 << 20}
}

// Run runs the load until ctx is done, then returns once every thread has
// stopped.
func (l Load) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for range l.Spinners {
		wg.Go(func() { spin(ctx) })
	}
	if l.MemoryBytes > 0 {
		wg.Go(func() { hog(ctx, l.MemoryBytes) })
	}
	wg.Wait()
}

// spin keeps one OS thread busy with arithmetic until ctx is done.
func spin(ctx context.Context) {
	runtime.LockOSThread()
	x := uint64(1)
	for ctx.Err() == nil {
		for range 1 << 16 {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	sink.Store(x)
}

// hog copies between two halves of a buffer of n bytes until ctx is done:
// every copy misses every cache, so it takes memory bandwidth from
// everything else on the machine.
func hog(ctx context.Context, n int) {
	runtime.LockOSThread()
	buf := make([]byte, n)
	a, b := buf[:n/2], buf[n/2:]
	for i := range a {
		a[i] = byte(i)
	}
	for ctx.Err() == nil {
		copy(b, a)
		a, b = b, a
	}
}
