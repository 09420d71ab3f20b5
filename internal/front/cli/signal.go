package cli

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// ExitInterrupted is the exit status of a run stopped by SIGINT or
// SIGTERM: 128 + SIGINT, what a shell reports for a command Ctrl-C
// stopped.
const ExitInterrupted = 130

// Interrupted is the cause of a context Interruptible cancelled: the
// signal that stopped the run.
type Interrupted struct {
	Signal os.Signal
	// Finished says the signal came while the command was doing what
	// must not be cut short (a write group), which it finished first.
	Finished bool
}

func (e *Interrupted) Error() string {
	if e.Finished {
		return "interrupted (" + e.Signal.String() + ") as the run ended: what it was doing (a write of its files) was finished first, so every file it wrote is whole"
	}
	return "interrupted (" + e.Signal.String() + "): every child process was stopped and every temporary directory removed"
}

// Interruptible returns a context that SIGINT, SIGTERM or SIGHUP cancels
// with an [*Interrupted] cause, so that a command stops its children (the
// runner kills them when the context ends) and removes its temporary
// directories (their removal is deferred) and returns, rather than leaving
// them behind as a process the signal killed would. SIGHUP too, since the
// runner's children, each in a process group of its own, do not hear the
// hangup of a closed terminal themselves. After the first signal the next
// is the operating system's again: a second Ctrl-C ends the process at
// once, and on Linux its children with it (the runner's parent-death
// signal), though not their temporary directories. stop releases the
// signals; call it when the command returns.
func Interruptible() (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			signal.Stop(sigs)
			cancel(&Interrupted{Signal: sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}

// interruption returns the [*Interrupted] that cancelled ctx, in place of
// the error a command returned for it, or err as it is.
func interruption(ctx context.Context, err error) error {
	var in *Interrupted
	switch {
	case !errors.As(context.Cause(ctx), &in):
		return err
	case err == nil || errors.Is(err, ErrFailed):
		// The command ran to its end regardless: the signal came while
		// it finished what must not be cut short. It is still told.
		return &Interrupted{Signal: in.Signal, Finished: true}
	}
	return in
}

// Execute runs root under [Interruptible] and returns its error, an
// [*Interrupted] when a signal stopped it; ExitCode turns that into
// ExitInterrupted.
func Execute(root interface {
	ExecuteContext(context.Context) error
}) error {
	ctx, stop := Interruptible()
	defer stop()
	return interruption(ctx, root.ExecuteContext(ctx))
}
