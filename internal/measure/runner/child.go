package runner

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"time"

	"github.com/perfbench/perfbench/internal/measure/childout"
	"github.com/perfbench/perfbench/scenario"
)

// wait starts cmd, the process of scenario name, in a process group of its
// own and reads its result; profiles is the directory its Callgrind
// profiles go to when it runs counted. Whatever way the process ends (it
// exits, runs past the timeout, prints too much, or ctx ends), the whole
// group is killed before the result is read, so no process it started
// outlives it.
func (r *Runner) wait(ctx context.Context, name string, cmd *exec.Cmd, profiles string) (scenario.Result, error) {
	e, err := r.exec(ctx, name, cmd, r.timeout(), nil)
	if err != nil {
		return scenario.Result{}, err
	}
	return r.result(name, cmd, profiles, *e)
}

// exec runs cmd in a process group of its own until it exits, runs past
// timeout (see watch) or ctx ends, and kills the whole group however it
// ends. name leads the lines of its stderr shown on Runner.Stderr. line,
// when set, is called as each line of its stdout arrives.
func (r *Runner) exec(ctx context.Context, name string, cmd *exec.Cmd, timeout time.Duration, line func()) (*ended, error) {
	// The runner's own pipes, not writers that os/exec copies into: Wait
	// then returns as the child exits, even while a grandchild holds the
	// pipes open, and the group is killed at once.
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("scenario: starting %s: %w", name, err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("scenario: starting %s: %w", name, err)
	}
	defer outR.Close()
	defer errR.Close()
	cmd.Stdout, cmd.Stderr = outW, errW
	inGroup(cmd)
	done := make(chan error, 1)
	err = startHeld(cmd, done)
	outW.Close()
	errW.Close()
	if err != nil {
		return nil, fmt.Errorf("scenario: starting %s: %w", name, err)
	}
	stop := sync.OnceFunc(func() { stopGroup(cmd.Process) })
	defer stop()

	e := &ended{stdout: &bounded{limit: MaxOutput, full: stop}, stderr: &childout.Tail{}}
	var sink io.Writer = e.stderr
	if r.Stderr != nil {
		shown := &childout.Prefixed{To: r.Stderr, Prefix: name + ": "}
		defer shown.Flush()
		sink = io.MultiWriter(e.stderr, shown)
	}
	var out io.Reader = outR
	if line != nil {
		out = io.TeeReader(outR, lines(line))
	}
	read := make(chan struct{}, 2)
	go func() { e.stdout.readFrom(out); read <- struct{}{} }()
	go func() { _, _ = io.Copy(sink, errR); read <- struct{}{} }()

	w := newWatch(cmd.Process.Pid, timeout, time.Now())
	tick := time.NewTicker(w.every())
	defer tick.Stop()
wait:
	for {
		select {
		case e.waitErr = <-done:
			break wait
		case now := <-tick.C:
			if e.timedOut = w.over(now); e.timedOut != "" {
				stop()
				<-done
				break wait
			}
		case <-ctx.Done():
			stop()
			<-done
			drain(read, outR, errR)
			return nil, ctx.Err()
		}
	}
	stop()
	drain(read, outR, errR)
	return e, nil
}

// lines calls line for each newline written to it.
type lines func()

func (l lines) Write(b []byte) (int, error) {
	for range bytes.Count(b, []byte("\n")) {
		l()
	}
	return len(b), nil
}

// startHeld starts cmd on an OS thread that it holds until cmd has
// exited, then sends what Wait returned on done. The kernel's
// parent-death signal (dieWithParent) follows the thread that started the
// child, not the process, and the Go runtime ends a thread whose locked
// goroutine returns: a child started on a thread that such a goroutine
// later took (a load spinner's, a GL thread's) would be killed mid-run.
func startHeld(cmd *exec.Cmd, done chan<- error) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		done <- cmd.Wait()
	}()
	return <-started
}

// MaxOutput bounds what the runner reads from a child's stdout. A result
// takes a few KB (the suite's largest, scroll's, 5.7 KB); 16 MiB holds one
// with most of a million samples, more frames than any scenario draws,
// and keeps a child that prints without end from filling the parent's
// memory. A child past it is killed and Broken.
const MaxOutput = 16 << 20

// bounded keeps what a child prints on stdout up to limit bytes; past it,
// it sets over, calls full (which kills the child) and reads no further.
type bounded struct {
	buf   bytes.Buffer
	limit int
	over  bool
	full  func()
}

func (b *bounded) readFrom(r io.Reader) {
	n, _ := b.buf.ReadFrom(io.LimitReader(r, int64(b.limit)+1))
	if n > int64(b.limit) {
		b.over = true
		b.buf.Truncate(b.limit)
		b.full()
	}
}

// drain waits for the two readers of a child's pipes to reach the end,
// which they do once every process of its group is dead; after a second
// (a process that left the group on purpose and holds a pipe) it closes
// the pipes under them.
func drain(read <-chan struct{}, pipes ...*os.File) {
	wait := time.NewTimer(time.Second)
	defer wait.Stop()
	for left := 2; left > 0; left-- {
		select {
		case <-read:
		case <-wait.C:
			for _, p := range pipes {
				p.Close()
			}
			for ; left > 0; left-- {
				<-read
			}
			return
		}
	}
}
