package harness

import (
	"bytes"
	"io"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --version names the program and its toolchain.
func TestVersionFlag(t *testing.T) {
	var out bytes.Buffer
	require.Equal(t, ExitPass, Main([]string{"--version"}, &out, io.Discard, Options{Program: "prog"}))
	assert.True(t, strings.HasPrefix(out.String(), "prog "), out.String())
	assert.Contains(t, out.String(), "go1.")
}

// -v is one thing in every command: --wide, where a command has it. The
// root's --version has no short form, so -v there is an unknown flag.
func TestVIsWideEverywhere(t *testing.T) {
	var errb bytes.Buffer
	assert.Equal(t, ExitUsage, Main([]string{"-v"}, io.Discard, &errb, Options{Program: "prog"}))
	assert.Contains(t, errb.String(), "unknown shorthand flag: 'v'")
	root := Root(io.Discard, io.Discard, Options{Program: "prog"})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if f := c.Flags().ShorthandLookup("v"); f != nil {
			assert.Equal(t, "wide", f.Name, "%s -v", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, path := range []string{"scenarios", "perf"} {
		cmd, _, err := root.Find([]string{path})
		require.NoError(t, err)
		require.NotNil(t, cmd.Flags().ShorthandLookup("v"), "%s -v", path)
	}
}

// Every program on Main gets the same help as perfbench: what a command
// does, how to call it, examples, flags — and the long reasoning after
// them — within 80 columns.
func TestEveryProgramGetsTheHelpLayout(t *testing.T) {
	own := &cobra.Command{Use: "own", Short: "A command of the program's own", Example: "  prog own",
		Long: "What it does, at length, after its flags.", RunE: func(*cobra.Command, []string) error { return nil }}
	own.Flags().Bool("loud", false, "a flag of its own")
	opts := Options{Program: "prog", Commands: func() []*cobra.Command { return []*cobra.Command{own} }}
	for _, path := range []string{"scenarios", "perf", "reference", "scenario", "own"} {
		t.Run(path, func(t *testing.T) {
			var out bytes.Buffer
			require.Equal(t, ExitPass, Main([]string{path, "--help"}, &out, io.Discard, opts))
			lines := strings.Split(out.String(), "\n")
			for i, l := range lines {
				assert.LessOrEqual(t, len([]rune(l)), 80, "line %d is wider than 80 columns: %q", i+1, l)
			}
			usage := slices.Index(lines, "Usage:")
			require.Positive(t, usage, "a Usage: line")
			examples := slices.Index(lines, "Examples:")
			flags := slices.Index(lines, "Flags:")
			require.Positive(t, flags)
			assert.Less(t, usage, examples)
			assert.Less(t, examples, flags, "examples before the flags")
			long := usage + slices.IndexFunc(lines[usage:], func(l string) bool {
				return strings.HasPrefix(l, "What it does") || strings.HasPrefix(l, "Run every scenario")
			})
			if path == "own" || path == "scenarios" {
				assert.Greater(t, long, flags, "the reasoning comes after the flags")
			}
			assert.Contains(t, out.String(), "Global flags:\n  -q, --quiet")
		})
	}
}

// A program is named after its main package, as go build names it, not
// after whatever its binary's file is called.
func TestProgramIsNamedAfterItsMainPackage(t *testing.T) {
	assert.Equal(t, "kitchen-perf", programName(&debug.BuildInfo{Path: "example.com/kitchen/cmd/kitchen-perf"}, "/tmp/kitchen-perf.bin"))
	assert.Equal(t, "gioapp", programName(&debug.BuildInfo{Path: "github.com/perfbench/perfbench/examples/gioapp"}, "/tmp/go-build1/b001/exe/gioapp"))
	assert.Equal(t, "prog", programName(&debug.BuildInfo{Path: "command-line-arguments"}, "/tmp/prog"), "go run of a file names no package")
	assert.Equal(t, "harness", programName(&debug.BuildInfo{Path: "github.com/perfbench/perfbench/harness.test"}, "/tmp/harness.test"))
	assert.Equal(t, "prog", programName(nil, `C:\prog.exe`[3:]))
}

// The root's help opens with examples, and completion's says how to load
// each shell's script, bash's needing bash-completion.
func TestRootAndCompletionHelpShowHow(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"--help"}, []string{"Examples:\n  toy scenarios ", "toy perf --check"}},
		{[]string{"completion", "--help"}, []string{"source <(toy completion bash)", "needs bash-completion", "completion fish | source"}},
	} {
		var out bytes.Buffer
		root := Root(&out, io.Discard, Options{Program: "toy"})
		root.SetArgs(tt.args)
		require.NoError(t, root.Execute())
		for _, w := range tt.want {
			assert.Contains(t, out.String(), w, "%v", tt.args)
		}
	}
}
