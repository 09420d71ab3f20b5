package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// perfbench runs the command in-process and returns its exit status and
// outputs.
func perfbench(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(&out, &errb, args)
	return code, out.String(), errb.String()
}

func TestUnknownCommandIsUsageError(t *testing.T) {
	code, _, stderr := perfbench(t, "frobnicate")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "unknown command")
}

func TestHelpReads(t *testing.T) {
	code, stdout, _ := perfbench(t, "--help")
	assert.Equal(t, exitPass, code)
	assert.Contains(t, stdout, "Exit status")
}

// The README's table names every subcommand, so a new one cannot go
// undocumented.
func TestReadmeListsEverySubcommand(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	root := newRoot(&streams{out: io.Discard, err: io.Discard})
	for _, c := range root.Commands() {
		if c.Hidden || c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		assert.Contains(t, string(readme), "| `"+c.Name(), "README's command table lacks %s", c.Name())
	}
}
