package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/registry"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/workloads"
)

// addCompletions teaches the shell completion cobra generates
// (perfbench completion bash|zsh|fish|powershell) the values of
// perfbench's own commands' arguments and flags whose values are names:
// phases, sizes, workloads, renderers, output formats and the other
// enumerated values; package harness completes its scenario commands'.
// It runs once the subcommands exist, so that each command's file stays
// about its command.
func addCompletions(root *cobra.Command) {
	// What each command's --format takes; TestFormatCompletionIsWhatEach
	// CommandTakes holds it to the command's own check.
	formats := map[string][]string{
		"workloads": {"table", "markdown"},
		"workload":  {"table", "markdown"},
	}
	// The flags whose values are files of these kinds; every other flag
	// that takes a value completes nothing (harness.CompleteNoFiles).
	files := map[string][]string{"docs": {"md"}, "plot": {"png", "svg", "pdf"}}
	// Sizes in size order, which the shell keeps (not s0 s1 s13 s2 s26…).
	sizes := append(sizeNames(), "all")
	for _, c := range root.Commands() {
		name := c.Name()
		switch name {
		case "workload":
			c.ValidArgsFunction = harness.CompleteFirst(workloads.Names)
		case "phase":
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
				switch len(args) {
				case 0:
					return harness.CompleteValues(phase.Names()...)(cmd, args, prefix)
				case 1:
					out, d := harness.CompleteValues(sizes...)(cmd, args, prefix)
					return out, d | cobra.ShellCompDirectiveKeepOrder
				}
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
		case "peers":
			harness.CompleteFlag(c, "form", harness.CompleteValues("idiomatic", "everything"))
			harness.CompleteFlag(c, "phase", harness.CompleteList(phase.Names()))
		case "screenshot":
			harness.CompleteFlag(c, "phase", harness.CompleteValues(phase.Names()...))
		case "verify":
			harness.CompleteFlag(c, "doc", harness.CompleteValues("script", "gallery", "random"))
		}
		if f, ok := formats[name]; ok {
			harness.CompleteFlag(c, "format", harness.CompleteValues(f...))
		}
		harness.CompleteFlag(c, "renderer", harness.CompleteValues(renderer.Names()...))
		if f := c.Flags().Lookup("size"); f != nil && f.Value.Type() == "stringSlice" {
			harness.CompleteFlag(c, "size", harness.CompleteList(sizeNames()))
		} else {
			harness.CompleteFlag(c, "size", harness.CompleteValues(sizeNames()...))
		}
		for flag, exts := range files {
			if f := c.Flags().Lookup(flag); f != nil && f.Annotations == nil {
				_ = c.MarkFlagFilename(flag, exts...)
			}
		}
		if c.Flags().Lookup("dir") != nil {
			_ = c.MarkFlagDirname("dir")
		}
		for _, sub := range c.Commands() {
			if sub.Name() == "summarize" {
				harness.CompleteFlag(sub, "defs", harness.CompleteValues(strings.Fields(registry.DefSets())...))
			}
		}
	}
	harness.CompleteNoFiles(root)
}
