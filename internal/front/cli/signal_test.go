package cli

import (
	"context"
	"errors"
	"io"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A signal that arrives while a command finishes what must not be cut
// short (perf's or reference's write group) is not absorbed: the command
// says so and exits 130, the files whole.
func TestASignalDuringTheWriteIsTold(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&Interrupted{Signal: syscall.SIGTERM})
	for _, err := range []error{nil, ErrFailed} {
		got := interruption(ctx, err)
		var in *Interrupted
		if assert.ErrorAs(t, got, &in) {
			assert.True(t, in.Finished)
			assert.Contains(t, got.Error(), "interrupted (terminated) as the run ended")
		}
		assert.Equal(t, ExitInterrupted, ExitCode(got, "prog", io.Discard))
	}
	stopped := interruption(ctx, context.Canceled)
	assert.Equal(t, "interrupted (terminated): every child process was stopped and every temporary directory removed", stopped.Error())
	assert.NoError(t, interruption(context.Background(), nil))
	assert.True(t, errors.Is(interruption(context.Background(), ErrFailed), ErrFailed))
}
