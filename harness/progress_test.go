package harness

import (
	"bytes"
	"os"
	"testing"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file is not a terminal, even one that is a character device.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	assert.False(t, isTerminal(null), os.DevNull)
	assert.False(t, isTerminal(&bytes.Buffer{}))
	_, tty, err := pty.Open()
	require.NoError(t, err)
	defer tty.Close()
	assert.True(t, isTerminal(tty))
}

// A nil Progress draws nothing and needs no checks.
func TestNilProgressIsSilent(t *testing.T) {
	var p *Progress
	p.Step("x")
	p.Describe("y")
	p.Clear()
	p.Done()
	n, err := p.Write([]byte("scenario a: done\n"))
	assert.NoError(t, err)
	assert.Equal(t, 17, n)
	assert.Nil(t, NewProgress(&bytes.Buffer{}, false, 3, "scenarios"), "not a terminal")
}
