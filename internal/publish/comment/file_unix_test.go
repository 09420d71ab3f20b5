//go:build unix

package comment_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/publish/comment"
)

// A FIFO would block the step for ever and /dev/zero fill its memory:
// each is refused by what it is, as the event file or through a link.
func TestNonRegularFilesAreRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "event.fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	link := filepath.Join(dir, "zero")
	require.NoError(t, os.Symlink("/dev/zero", link))
	for path, kind := range map[string]string{"/dev/zero": "a character device", link: "a character device", fifo: "a FIFO"} {
		env := map[string]string{"GITHUB_EVENT_PATH": path}
		_, err := comment.FromEnv(func(k string) string { return env[k] }, "")
		assert.EqualError(t, err, "comment: the event file GITHUB_EVENT_PATH "+path+" is not a regular file ("+kind+")")
		_, err = comment.ReadFile(path, "the report", 1<<20)
		assert.EqualError(t, err, "comment: the report "+path+" is not a regular file ("+kind+")")
	}
}
