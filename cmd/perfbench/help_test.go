package main

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
)

// commands returns every command a user runs, with its path.
func commands() map[string]*cobra.Command {
	out := map[string]*cobra.Command{}
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || sub.Name() == "completion" {
				continue
			}
			p := append(slices.Clone(path), sub.Name())
			out[strings.Join(p, " ")] = sub
			walk(sub, p)
		}
	}
	walk(newRoot(&streams{out: io.Discard, err: io.Discard}), nil)
	return out
}

func TestEveryCommandHasExamples(t *testing.T) {
	for path, c := range commands() {
		assert.NotEmpty(t, c.Example, "perfbench %s has no examples", path)
	}
}

// Help reads top down as the best CLIs' does: what it does, how to call
// it, examples, flags — and the long reasoning after them. It fits an
// 80-column terminal.
func TestHelpPutsUsageFirstAndFitsEightyColumns(t *testing.T) {
	for path, c := range commands() {
		t.Run(path, func(t *testing.T) {
			code, stdout, _ := perfbench(t, append(strings.Fields(path), "--help")...)
			require.Equal(t, harness.ExitPass, code)
			lines := strings.Split(stdout, "\n")
			for i, l := range lines {
				assert.LessOrEqual(t, len([]rune(l)), 80, "line %d is wider than 80 columns: %q", i+1, l)
			}
			usage := slices.Index(lines, "Usage:")
			require.Positive(t, usage)
			assert.Equal(t, c.Short, strings.Join(strings.Fields(strings.Join(lines[:usage-1], " ")), " "), "the summary, a blank line, then the usage")
			assert.Empty(t, lines[usage-1])
			flags := slices.Index(lines, "Flags:")
			examples := slices.Index(lines, "Examples:")
			require.Positive(t, flags)
			assert.Less(t, examples, flags)
			if c.Long != "" {
				first, _, _ := strings.Cut(c.Long, "\n")
				long := slices.IndexFunc(lines, func(l string) bool {
					return strings.HasPrefix(first, strings.TrimSpace(l)) && strings.TrimSpace(l) != "" && len(l) > 20
				})
				assert.Greater(t, long, flags, "the reasoning comes after the flags")
			}
		})
	}
	_, stdout, _ := perfbench(t, "scenarios", "--help")
	assert.Less(t, slices.Index(strings.Split(stdout, "\n"), "Flags:"), 20, "scenarios --help reaches its flags on the first screen")
}

// maxProse is how many lines of prose a command's help may end with: what
// it does in a sentence or two, its names and its exit status. Its
// reference lives in docs/, which the prose names (81 lines of scenarios
// --help were prose before its flags moved first).
const maxProse = 12

// Help's prose is a few lines and names the docs page that says the rest.
func TestHelpProseIsAFewLinesAndNamesItsDocs(t *testing.T) {
	cmds := commands()
	cmds[""] = newRoot(&streams{out: io.Discard, err: io.Discard})
	for path, c := range cmds {
		t.Run(path, func(t *testing.T) {
			require.NotEmpty(t, c.Long, "perfbench %s --help says nothing after its flags", path)
			code, stdout, _ := perfbench(t, append(strings.Fields(path), "--help")...)
			require.Equal(t, harness.ExitPass, code)
			lines := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
			flags := slices.Index(lines, "Global flags:")
			if flags < 0 {
				flags = slices.Index(lines, "Flags:")
			}
			require.Positive(t, flags)
			prose := lines[flags+slices.Index(lines[flags:], "")+1:]
			assert.LessOrEqual(t, len(prose), maxProse, "perfbench %s --help ends with %d lines of prose:\n%s",
				path, len(prose), strings.Join(prose, "\n"))
			assert.Regexp(t, `docs/[a-z/-]+\.md|README\.md`, c.Long, "perfbench %s --help names no docs page", path)
		})
	}
}

// -v means --wide in every perfbench command that has a short -v, as in
// the harness's; the root's --version has none.
func TestVIsWideInEveryCommand(t *testing.T) {
	for path, c := range commands() {
		if f := c.Flags().ShorthandLookup("v"); f != nil {
			assert.Equal(t, "wide", f.Name, "perfbench %s -v", path)
		}
	}
	code, _, stderr := perfbench(t, "-v")
	assert.Equal(t, harness.ExitUsage, code)
	assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	code, stdout, _ := perfbench(t, "--version")
	assert.Equal(t, harness.ExitPass, code)
	assert.True(t, strings.HasPrefix(stdout, "perfbench "), stdout)
}
