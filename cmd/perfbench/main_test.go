package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
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
