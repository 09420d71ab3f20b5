package commands

import (
	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/front/counting"
	"github.com/perfbench/perfbench/internal/front/frontend"
	"github.com/spf13/cobra"
)

// complete teaches the shell completion cobra generates (PROGRAM
// completion bash|zsh|fish|powershell) the values of the scenario
// commands' arguments and flags: the program's scenario names, each
// command's output formats, its renderers, the --instructions modes and
// git revisions for --base. Every other flag of theirs that takes a value
// completes nothing, or files of its kind where its value is a file.
func (h *front) complete(cmds []*cobra.Command) {
	for _, c := range cmds {
		switch c.Name() {
		case "scenarios", "reference":
			c.ValidArgsFunction = cli.CompleteEach(h.Names)
		case "scenario":
			c.ValidArgsFunction = cli.CompleteFirst(h.Names)
		}
		if fs, ok := frontend.CommandFormats[c.Name()]; ok {
			cli.CompleteFlag(c, "format", cli.CompleteValues(frontend.FormatWords(fs)...))
		}
		cli.CompleteFlag(c, "rebaseline", func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
			return cli.CompleteValues(h.Names()...)(cmd, args, prefix)
		})
		if rs := h.Opts.Renderers; rs != nil {
			names := []string{rs.Plain}
			if rs.Names != nil {
				names = rs.Names()
			}
			cli.CompleteFlag(c, "renderer", cli.CompleteValues(names...))
		}
		cli.CompleteFlag(c, "instructions", cli.CompleteValues(counting.CountAuto, counting.CountRequire, counting.CountOff))
		cli.CompleteFlag(c, "base", cli.CompleteRefs)
		for name, exts := range map[string][]string{"baselines": {"yaml"}, "docs": {"md"}, "base-binary": nil, "head-binary": nil} {
			if c.Flags().Lookup(name) != nil {
				_ = c.MarkFlagFilename(name, exts...)
			}
		}
		cli.CompleteNoFiles(c)
	}
}
