package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/comment"
	"github.com/perfbench/perfbench/harness"
)

func init() { subcommands = append(subcommands, newCommentCmd) }

// commentEnv reads the step's environment; tests swap it.
var commentEnv = os.Getenv

func newCommentCmd(s *streams) *cobra.Command {
	var workflow, tokenVar string
	cmd := &cobra.Command{
		Use:   "comment REPORT.md",
		Short: "Post a report as the pull request's comment, edited in place on each push (GitHub Actions)",
		Example: `  # in a workflow step, after the report was written:
  env:
    GITHUB_TOKEN: ${{ github.token }}
  run: go run ./cmd/perfbench comment "$RUNNER_TEMP/perf-report.md"`,
		Long: `Post REPORT.md (perfbench scenarios --format markdown) as a comment on
the pull request the job runs for, or edit the comment it posted on an
earlier push: one comment per workflow, found by a hidden marker on its
first line, so the pull request shows one current report.

It reads what GitHub Actions gives every step: GITHUB_EVENT_PATH (the
pull request), GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_WORKFLOW and
GITHUB_STEP_SUMMARY, and the token from GITHUB_TOKEN (--token-env names
another variable); the job needs permissions: pull-requests: write.

A pull request from a fork gets a read-only token: the API refuses the
comment, and perfbench says so in the job summary, which holds the report,
and exits 0. A job that is not for a pull request posts nothing.

Exit status: 0 posted, updated or fallen back to the summary; 1 the API
failed otherwise; 2 usage error (no report, no token, no repository).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			body, err := os.ReadFile(args[0])
			if errors.Is(err, fs.ErrNotExist) {
				return harness.Usagef("comment: %s does not exist; write the report first (perfbench scenarios --format markdown > %s)", args[0], args[0])
			}
			if err != nil {
				return harness.Usagef("comment: %v", err)
			}
			w, err := comment.FromEnv(commentEnv, tokenVar)
			if err != nil {
				return harness.Usagef("%v", err)
			}
			if workflow != "" {
				w.Name = workflow
			}
			if w.PR == 0 {
				fmt.Fprintln(s.err, "perfbench comment: this job is not for a pull request (GITHUB_EVENT_PATH names none); nothing posted")
				return nil
			}
			switch {
			case w.Client.Token == "":
				return harness.Usagef("comment: no token in %s; give the step env: %s: ${{ github.token }}", orDefault(tokenVar, "GITHUB_TOKEN"), orDefault(tokenVar, "GITHUB_TOKEN"))
			case w.Client.Repo == "":
				return harness.Usagef("comment: GITHUB_REPOSITORY is not set; run it in a GitHub Actions step")
			case w.Name == "":
				return harness.Usagef("comment: GITHUB_WORKFLOW is not set; name the workflow with --workflow")
			}
			r, err := w.Client.Upsert(cmd.Context(), w.PR, w.Name, string(body))
			if comment.IsForbidden(err) {
				note := comment.ForbiddenNote(w, err)
				fmt.Fprint(s.err, "perfbench comment: "+note)
				if w.Summary == "" {
					return nil
				}
				f, ferr := os.OpenFile(w.Summary, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
				if ferr != nil {
					return fmt.Errorf("comment: the job summary: %w", ferr)
				}
				if _, ferr = f.WriteString(note); ferr != nil {
					f.Close()
					return fmt.Errorf("comment: the job summary: %w", ferr)
				}
				return f.Close()
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(s.out, "comment %s: %s\n", r.Action, r.URL)
			return nil
		},
	}
	cmd.Flags().StringVar(&workflow, "workflow", "", "the workflow the comment belongs to (default GITHUB_WORKFLOW): one comment each")
	cmd.Flags().StringVar(&tokenVar, "token-env", "", "the environment variable holding the token (default GITHUB_TOKEN)")
	return cmd
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
