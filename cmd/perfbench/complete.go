package main

import (
	"os/exec"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/phase"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/scenario"
	"github.com/perfbench/perfbench/workloads"
)

// addCompletions teaches the shell completion cobra generates
// (perfbench completion bash|zsh|fish|powershell) the values of the
// arguments and flags whose values are names: scenarios, phases, sizes,
// workloads, renderers, output formats and the other enumerated values,
// and git revisions for --base. It runs once the subcommands exist, so
// that each command's file stays about its command.
func addCompletions(root *cobra.Command) {
	// What each command's --format takes; TestFormatCompletionIsWhatEach
	// CommandTakes holds it to the command's own check.
	formats := map[string][]string{
		"scenarios": {"table", "markdown", "benchfmt", "bmf", "gab-times", "gab-counts", "gab-floors", "gab-instructions", "json"},
		"perf":      {"table", "markdown", "json"},
		"reference": {"table", "markdown", "json"},
		"workloads": {"table", "markdown"},
		"workload":  {"table", "markdown"},
	}
	// Sizes in size order, which the shell keeps (not s0 s1 s13 s2 s26…).
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
					return harness.Usagef("completion %s: no script for that shell (valid: %s)", args[0], strings.Join(shells, ", "))
				}
				return cmd.Help()
			}
		}
	}
	for _, c := range root.Commands() {
		name := c.Name()
		switch name {
		case "scenarios", "reference":
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
					return withPrefix(sizes, prefix), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
				}
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
		case "peers":
			register(c, "form", fixed([]string{"idiomatic", "everything"}))
			register(c, "phase", completeList(phase.Names()))
		case "screenshot":
			register(c, "phase", fixed(phase.Names()))
		case "verify":
			register(c, "doc", fixed([]string{"script", "gallery", "random"}))
		}
		if f, ok := formats[name]; ok {
			register(c, "format", fixed(f))
		}
		register(c, "rebaseline", fixed(scenario.Names()))
		register(c, "renderer", fixed(renderer.Names()))
		if c.Flags().Lookup("size") != nil && c.Flags().Lookup("size").Value.Type() == "stringSlice" {
			register(c, "size", completeList(sizeNames()))
		} else {
			register(c, "size", fixed(sizeNames()))
		}
		register(c, "base", completeRefs)
		for _, sub := range c.Commands() {
			if sub.Name() == "summarize" {
				register(sub, "defs", fixed(strings.Fields(traceDefSets())))
			}
		}
	}
	// Every other flag that takes a value completes nothing, not the file
	// names cobra offers by default, unless its value is a file or a
	// directory.
	files := map[string][]string{"baselines": {"yaml"}, "docs": {"md"}, "plot": {"png", "svg", "pdf"}, "base-binary": nil, "head-binary": nil}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.NoOptDefVal != "" || f.Value.Type() == "bool" {
				return // a switch takes no value
			}
			if _, ok := c.GetFlagCompletionFunc(f.Name); ok {
				return
			}
			switch ext, file := files[f.Name]; {
			case f.Name == "dir":
				_ = c.MarkFlagDirname(f.Name)
			case file && ext != nil:
				_ = c.MarkFlagFilename(f.Name, ext...)
			case file:
			default:
				_ = c.RegisterFlagCompletionFunc(f.Name, cobra.NoFileCompletions)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// register gives c's flag name its completion, if c has that flag.
func register(c *cobra.Command, name string, f cobra.CompletionFunc) {
	if c.Flags().Lookup(name) != nil {
		_ = c.RegisterFlagCompletionFunc(name, f)
	}
}

// completeRefs completes a git revision (--base): HEAD, then the
// repository's branches, remote branches and tags, as git names them.
// Outside a repository it offers HEAD alone.
func completeRefs(_ *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
	refs := []string{"HEAD", "HEAD~1"}
	out, err := exec.Command("git", "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes", "refs/tags").Output()
	if err == nil {
		refs = append(refs, strings.Fields(string(out))...)
	}
	return withPrefix(refs, prefix), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// completeList completes the next item of a comma-separated list, in the
// order given, leaving out the items already in it.
func completeList(values []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
		done, last := "", prefix
		if i := strings.LastIndex(prefix, ","); i >= 0 {
			done, last = prefix[:i+1], prefix[i+1:]
		}
		have := strings.Split(done, ",")
		var out []string
		for _, v := range withPrefix(values, last) {
			if !slices.Contains(have, v) {
				out = append(out, done+v)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
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
