package cli

import (
	"os/exec"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// RefuseUnknownShells makes cobra's completion command, which it would
// add when the root runs, now, so that it can refuse a shell it has no
// script for (completion tcsh printed the help and exited 0): a usage
// error, exit 2.
func RefuseUnknownShells(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		shells := make([]string, 0, len(c.Commands()))
		for _, sub := range c.Commands() {
			shells = append(shells, sub.Name())
		}
		c.Args = cobra.ArbitraryArgs
		c.Short = "Print a shell's completion script (bash, zsh, fish, powershell)"
		p := root.Name()
		c.Long = "Print the completion script for a shell; load it to complete commands, scenario names and\n" +
			"flag values. bash needs the bash-completion package installed and loaded."
		c.Example = "  source <(" + p + " completion bash)             # bash: needs bash-completion loaded\n" +
			"  " + p + " completion zsh > \"${fpath[1]}/_" + p + "\"  # zsh: every new shell\n" +
			"  " + p + " completion fish | source              # fish: this shell"
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return Usagef("completion %s: no script for that shell (valid: %s)", args[0], strings.Join(shells, ", "))
			}
			return cmd.Help()
		}
	}
}

// CompleteFlag gives c's flag name the completion f, if c has that flag,
// it takes a value and it has no completion yet (a scenario command's
// flag keeps harness's): for a program's own commands (Options.Root).
func CompleteFlag(c *cobra.Command, name string, f cobra.CompletionFunc) {
	if _, done := c.GetFlagCompletionFunc(name); done {
		return
	}
	if fl := c.Flags().Lookup(name); fl != nil && takesValue(fl) {
		_ = c.RegisterFlagCompletionFunc(name, f)
	}
}

// CompleteNoFiles makes every flag of c and its subcommands that takes a
// value complete nothing, rather than the file names cobra offers by
// default, unless it has a completion already or is marked as a file or
// a directory (cobra's MarkFlagFilename, MarkFlagDirname): a number, a
// duration or free text has no candidates.
func CompleteNoFiles(c *cobra.Command) {
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if !takesValue(f) {
			return
		}
		if _, ok := c.GetFlagCompletionFunc(f.Name); ok {
			return
		}
		if _, ok := f.Annotations[cobra.BashCompFilenameExt]; ok {
			return
		}
		if _, ok := f.Annotations[cobra.BashCompSubdirsInDir]; ok {
			return
		}
		_ = c.RegisterFlagCompletionFunc(f.Name, cobra.NoFileCompletions)
	})
	for _, sub := range c.Commands() {
		CompleteNoFiles(sub)
	}
}

// takesValue reports whether f takes a value: a switch (--json, --check)
// takes none.
func takesValue(f *pflag.Flag) bool { return f.NoOptDefVal == "" && f.Value.Type() != "bool" }

// CompleteValues completes one of values, never a file name.
func CompleteValues(values ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
		return withPrefix(values, prefix), cobra.ShellCompDirectiveNoFileComp
	}
}

// CompleteList completes the next item of a comma-separated list, in the
// order given (which the shell keeps), leaving out the items already in it.
func CompleteList(values []string) cobra.CompletionFunc {
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

// CompleteEach completes any number of distinct names, as arguments.
func CompleteEach(names func() []string) cobra.CompletionFunc {
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

// CompleteFirst completes the first argument only, with one of names.
func CompleteFirst(names func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return withPrefix(names(), prefix), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeRefs completes a git revision (--base): HEAD, then the
// repository's branches, remote branches and tags, as git names them.
// Outside a repository it offers HEAD and HEAD~1 alone.
func CompleteRefs(_ *cobra.Command, _ []string, prefix string) ([]string, cobra.ShellCompDirective) {
	refs := []string{"HEAD", "HEAD~1"}
	out, err := exec.Command("git", "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes", "refs/tags").Output()
	if err == nil {
		refs = append(refs, strings.Fields(string(out))...)
	}
	return withPrefix(refs, prefix), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
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
