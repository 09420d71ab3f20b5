package harness_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/harness"
)

// listed is a program whose scenarios are its own list, not every one
// this binary registers (harness-quick is registered but not listed), with
// renderers of its own and a command of its own. Completion reads the
// names; nothing here runs them.
func listed() harness.Options {
	own := &cobra.Command{Use: "own", RunE: func(*cobra.Command, []string) error { return nil }}
	own.Flags().String("colour", "", "a flag of its own")
	return harness.Options{
		Program:   "prog",
		Scenarios: func() []string { return []string{"press", "hover", "scroll"} },
		Renderers: &harness.Renderers{Plain: "soft", Names: func() []string { return []string{"soft", "shiny"} }},
		Commands:  func() []*cobra.Command { return []*cobra.Command{own} },
		Root: func(root *cobra.Command) {
			own, _, _ := root.Find([]string{"own"})
			harness.CompleteFlag(own, "colour", harness.CompleteValues("red", "green"))
		},
	}
}

// completions asks the completion cobra generates (its __complete
// command) for the candidates after args, the last of which is the word
// being completed, and the directive it ends with.
func completions(t *testing.T, opts harness.Options, args ...string) (candidates []string, directive string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := harness.Main(append([]string{"__complete"}, args...), &out, &errb, opts)
	assert.Equal(t, harness.ExitPass, code, errb.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	return lines[:len(lines)-1], lines[len(lines)-1]
}

// A program on Main completes its own scenario names, each command's
// formats, its renderers and the other values of the scenario commands,
// as perfbench does its own.
func TestAProgramCompletesItsOwnValues(t *testing.T) {
	tests := []struct {
		name string
		Args []string
		want []string
	}{
		{"its scenario names", []string{"scenarios", ""}, []string{"press", "hover", "scroll"}},
		{"by prefix", []string{"scenarios", "h"}, []string{"hover"}},
		{"names not yet given", []string{"scenarios", "hover", ""}, []string{"press", "scroll"}},
		{"one scenario", []string{"scenario", "s"}, []string{"scroll"}},
		{"nothing after one scenario", []string{"scenario", "press", ""}, nil},
		{"reference names", []string{"reference", "p"}, []string{"press"}},
		{"scenarios formats", []string{"scenarios", "--format", ""}, []string{"table", "markdown", "benchfmt", "bmf",
			"gab-times", "gab-counts", "gab-floors", "gab-instructions", "json"}},
		{"perf formats", []string{"perf", "--format", ""}, []string{"table", "markdown", "json"}},
		{"reference formats", []string{"reference", "--format", "j"}, []string{"json"}},
		{"rebaseline names", []string{"perf", "--rebaseline", ""}, []string{"press", "hover", "scroll"}},
		{"its renderers", []string{"scenarios", "--renderer", "s"}, []string{"soft", "shiny"}},
		{"instructions modes", []string{"perf", "--instructions", ""}, []string{"auto", "require", "off"}},
		{"base starts at HEAD", []string{"scenarios", "--base", "HEAD"}, []string{"HEAD", "HEAD~1"}},
		{"a number completes nothing", []string{"scenarios", "--repeats", ""}, nil},
		{"its own command's flag", []string{"own", "--colour", ""}, []string{"red", "green"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, directive := completions(t, listed(), tt.Args...)
			if len(got) == 0 {
				got = nil
			}
			assert.Equal(t, tt.want, got)
			assert.NotEqual(t, ":0", directive, "no file names")
		})
	}
}

// A file flag of the scenario commands completes files of its kind.
func TestAProgramsFileFlagsCompleteFiles(t *testing.T) {
	got, directive := completions(t, listed(), "perf", "--baselines", "")
	assert.Equal(t, []string{"yaml"}, got)
	assert.Equal(t, ":8", directive, "files with these extensions")
	_, directive = completions(t, listed(), "scenarios", "--base-binary", "")
	assert.Equal(t, ":0", directive, "any file")
}

// Without a list of its renderers, a program's --renderer completes its
// plain one.
func TestRendererCompletesThePlainOneWithoutNames(t *testing.T) {
	opts := listed()
	opts.Renderers.Names = nil
	got, _ := completions(t, opts, "scenarios", "--renderer", "")
	assert.Equal(t, []string{"soft"}, got)
}

// A shell cobra has no script for is a usage error naming the program, in
// one line; a known one prints its script.
func TestAProgramRefusesAnUnknownShell(t *testing.T) {
	var out, errb bytes.Buffer
	code := harness.Main([]string{"completion", "tcsh"}, &out, &errb, listed())
	assert.Equal(t, harness.ExitUsage, code)
	assert.Empty(t, out.String())
	assert.Equal(t, "prog: completion tcsh: no script for that shell (valid: bash, fish, powershell, zsh)\n", errb.String())

	out.Reset()
	errb.Reset()
	assert.Equal(t, harness.ExitPass, harness.Main([]string{"completion", "zsh"}, &out, &errb, listed()), errb.String())
	assert.Contains(t, out.String(), "zsh completion for prog")
}
