// Package valgrind issues Valgrind's client requests from Go: whether the
// program runs under Valgrind, and the requests by which a program tells
// Callgrind which of its work to count.
//
// A client request is a short sequence of instructions that does nothing
// on a real CPU (four rotations that add up to a whole turn and an
// exchange of a register with itself) and that Valgrind's translator
// recognises and answers. Natively each function here costs a call and
// about ten instructions, allocates nothing and reads no memory but its
// arguments, so a program may leave the calls in its hot path: package
// scenario issues them around every recorded step, guarded by one
// Running check made before the steps begin.
//
// The requests are implemented in assembly for amd64 and arm64; on any
// other architecture every request returns its default (Running reports
// false), which is what a real CPU answers.
package valgrind

import "unsafe"

// Request numbers from valgrind.h and callgrind.h (Valgrind 3.x): a
// tool's requests start at its two letters shifted into the top bytes.
const (
	runningOnValgrind = 0x1001

	callgrindBase = 'C'<<24 | 'T'<<16
	dumpStats     = callgrindBase + 0
	zeroStats     = callgrindBase + 1
	toggleCollect = callgrindBase + 2
	dumpStatsAt   = callgrindBase + 3
	startInstr    = callgrindBase + 4
	stopInstr     = callgrindBase + 5
)

// Running reports whether the program runs under Valgrind (any of its
// tools).
func Running() bool {
	args := [6]uintptr{runningOnValgrind}
	return request(&args, 0) != 0
}

// ToggleCollect flips whether Callgrind counts the work of the calling OS
// thread: collection state is Callgrind's per thread, and every thread
// starts with it off under --collect-atstart=no. A caller that counts
// from a goroutine must keep that goroutine on one thread
// (runtime.LockOSThread) between the two toggles.
func ToggleCollect() {
	args := [6]uintptr{toggleCollect}
	request(&args, 0)
}

// StartInstrumentation makes Callgrind instrument the code it runs from
// here on, which a process started with --instr-atstart=no runs at
// Valgrind's bare speed (about four times slower than natively, where
// instrumented code runs 20 to 100 times slower) and cannot count.
// Callgrind throws away every translation it made, which the program
// then pays for again, and sets every thread's collection back to what
// --collect-atstart says: a caller switches instrumentation only where
// collection is off. Nothing already counted is lost.
func StartInstrumentation() {
	args := [6]uintptr{startInstr}
	request(&args, 0)
}

// StopInstrumentation is StartInstrumentation's inverse: from here on
// the code runs uninstrumented, uncounted and fast.
func StopInstrumentation() {
	args := [6]uintptr{stopInstr}
	request(&args, 0)
}

// ZeroStats sets every cost Callgrind has counted since its last dump to
// zero.
func ZeroStats() {
	args := [6]uintptr{zeroStats}
	request(&args, 0)
}

// DumpStats makes Callgrind write what it counted since its last dump
// to a profile file of its own, and zero it.
func DumpStats() {
	args := [6]uintptr{dumpStats}
	request(&args, 0)
}

// DumpStatsAt is DumpStats with a reason: the profile's trigger line
// reads "Client Request: " followed by why, which a reader of the files
// uses to tell the dumps apart. Under Valgrind it allocates a copy of
// why with a terminating NUL, as Callgrind reads a C string; natively it
// does nothing.
func DumpStatsAt(why string) {
	if !Running() {
		return
	}
	c := append([]byte(why), 0)
	args := [6]uintptr{dumpStatsAt, uintptr(unsafe.Pointer(&c[0]))}
	request(&args, 0)
	// c is reachable only through a uintptr while Callgrind reads it.
	keep(c)
}

//go:noinline
func keep([]byte) {}
