//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// A FIFO as the report would block the step for ever, /dev/zero as the
// report or the event fill its memory.
func TestCommentRefusesFilesThatAreNotFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "report.fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	t.Cleanup(func() {
		// A reader blocked in opening the FIFO is let go.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	refuseBadInput(t, []badInput{
		{name: "dev-zero-report", report: "/dev/zero", want: "comment: the report /dev/zero is not a regular file (a character device)"},
		{name: "fifo-report", report: fifo, want: "comment: the report " + fifo + " is not a regular file (a FIFO)"},
		{name: "dev-zero-event", env: map[string]string{"GITHUB_EVENT_PATH": "/dev/zero"},
			want: "comment: the event file GITHUB_EVENT_PATH /dev/zero is not a regular file (a character device)"},
	})
}
