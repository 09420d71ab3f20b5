// Package queue holds the functions other goroutines hand the subject's
// goroutine with fyne.Do, until the subject runs them between frames.
package queue

import (
	"bytes"
	"runtime"
	"sync"
)

// Queue is the functions other goroutines handed the subject's goroutine
// (fyne.Do) since it last ran them.
type Queue struct {
	mu    sync.Mutex
	funcs []queued
	owner []byte // the "goroutine N " that opened the subject
}

type queued struct {
	f    func()
	done chan struct{}
}

func (q *Queue) Add(f func(), done chan struct{}) {
	q.mu.Lock()
	q.funcs = append(q.funcs, queued{f, done})
	q.mu.Unlock()
}

// Own makes the calling goroutine the one the queue runs on.
func (q *Queue) Own() { q.owner = goroutine() }

func (q *Queue) OnOwner() bool { return bytes.Equal(goroutine(), q.owner) }

// goroutine returns "goroutine N " for the calling goroutine: the head of
// its stack trace, the one way Go names a goroutine (Fyne tells its main
// goroutine apart the same way).
func goroutine() []byte {
	var buf [32]byte
	n := runtime.Stack(buf[:], false)
	head := buf[:n]
	if i := bytes.IndexByte(head[len("goroutine "):], ' '); i >= 0 {
		head = head[:len("goroutine ")+i+1]
	}
	return append([]byte(nil), head...)
}

// Run runs the queued functions in the order they were queued, those
// queued meanwhile included, and reports whether there were any.
func (q *Queue) Run() bool {
	ran := false
	for {
		q.mu.Lock()
		funcs := q.funcs
		q.funcs = nil
		q.mu.Unlock()
		if len(funcs) == 0 {
			return ran
		}
		ran = true
		for _, x := range funcs {
			x.f()
			if x.done != nil {
				close(x.done)
			}
		}
	}
}

// Pending reports whether a function waits in the queue.
func (q *Queue) Pending() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.funcs) > 0
}
