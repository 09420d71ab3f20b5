package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/phase"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/workloads"
)

// addCompletions teaches the shell completion cobra generates
// (perfbench completion bash|zsh|fish|powershell) the values of the
// arguments and flags whose values are names: scenarios, phases, sizes,
// workloads, renderers and output formats. It runs once the subcommands
// exist, so that each command's file stays about its command.
func addCompletions(root *cobra.Command) {
	formats := map[string][]string{
		"scenarios": {"table", "markdown", "benchfmt"},
		"perf":      {"table", "markdown"},
		"workloads": {"table", "markdown"},
		"workload":  {"table", "markdown"},
	}
	sizes := append(sizeNames(), "all")
	// cobra adds its completion command when the root runs; made now, it
	// can refuse a shell it has no script for (completion tcsh printed
	// the help and exited 0): a usage error, exit 2.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			shells := make([]string, 0, len(c.Commands()))
			for _, sub := range c.Commands() {
				shells = append(shells, sub.Name())
			}
			c.Args = cobra.ArbitraryArgs
			c.RunE = func(cmd *cobra.Command, args []string) error {
				if len(args) > 0 {
					return usagef("completion %s: no script for that shell (valid: %s)", args[0], strings.Join(shells, ", "))
				}
				return cmd.Help()
			}
		}
	}
	for _, c := range root.Commands() {
		name := c.Name()
		switch name {
		case "scenarios":
			c.ValidArgsFunction = completeEach(scenario.Names)
		case "scenario":
			c.ValidArgsFunction = completeFirst(scenario.Names)
		case "workload":
			c.ValidArgsFunction = completeFirst(workloads.Names)
		case "phase":
			c.ValidArgsFunction = func(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
				switch len(args) {
				case 0:
					return withPrefix(phase.Names(), prefix), cobra.ShellCompDirectiveNoFileComp
				case 1:
					return withPrefix(sizes, prefix), cobra.ShellCompDirectiveNoFileComp
				}
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
		}
		if f, ok := formats[name]; ok && c.Flags().Lookup("format") != nil {
			c.RegisterFlagCompletionFunc("format", fixed(f))
		}
		if c.Flags().Lookup("rebaseline") != nil {
			c.RegisterFlagCompletionFunc("rebaseline", fixed(scenario.Names()))
		}
		if c.Flags().Lookup("renderer") != nil {
			c.RegisterFlagCompletionFunc("renderer", fixed(renderer.Names()))
		}
		if c.Flags().Lookup("size") != nil {
			c.RegisterFlagCompletionFunc("size", fixed(sizeNames()))
		}
	}
}

// completeEach completes any number of distinct names.
func completeEach(names func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, n := range withPrefix(names(), prefix) {
			if !slices.Contains(args, n) {
				out = append(out, n)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeFirst completes the first argument only.
func completeFirst(names func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return withPrefix(names(), prefix), cobra.ShellCompDirectiveNoFileComp
	}
}

func fixed(values []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
		return withPrefix(values, prefix), cobra.ShellCompDirectiveNoFileComp
	}
}

func withPrefix(values []string, prefix string) []string {
	var out []string
	for _, v := range values {
		if strings.HasPrefix(v, prefix) {
			out = append(out, v)
		}
	}
	return out
}
