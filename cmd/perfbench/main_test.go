package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
)

// perfbench runs the command in-process and returns its exit status and
// outputs. The tests that mostly wait (a timeout, real time) call
// t.Parallel, so they wait together once the others have run: none of them
// swaps a package variable (withScenarios, withBuild, commentEnv…) that
// another parallel test's command reads.
func perfbench(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(&out, &errb, args)
	return code, out.String(), errb.String()
}

func TestUnknownCommandIsUsageError(t *testing.T) {
	code, _, stderr := perfbench(t, "frobnicate")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Contains(t, stderr, "unknown command")
}

func TestHelpReads(t *testing.T) {
	code, stdout, _ := perfbench(t, "--help")
	assert.Equal(t, harness.ExitPass, code)
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

// golden compares got with the file at path; on a mismatch it writes
// path.got beside it for a diff, and with update it rewrites path. flag
// names the update flag, for the message when the file is missing.
func golden(t *testing.T, path, got string, update bool, flag string) {
	t.Helper()
	if update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -run %s -%s to create it", t.Name(), flag)
	if string(want) != got {
		require.NoError(t, os.WriteFile(path+".got", []byte(got), 0o644))
	}
	assert.Equal(t, string(want), got, "wrote %s.got", path)
}
