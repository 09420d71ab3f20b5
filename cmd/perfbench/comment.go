package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/publish/comment"
)

func init() { subcommands = append(subcommands, newCommentCmd) }

// commentEnv reads the step's environment; tests swap it.
var commentEnv = os.Getenv

// The whole step's deadline: a few requests of a second or so each in
// the common case, a few pages of a long discussion at worst. Far past
// that the API is not answering, and the job's own limit is no better.
const (
	defaultCommentTimeout = 2 * time.Minute
	maxCommentTimeout     = 30 * time.Minute
)

func newCommentCmd(s *streams) *cobra.Command {
	var workflow, tokenVar, author string
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "comment REPORT.md",
		Short: "Post a report as the pull request's comment, edited in place on each push (GitHub Actions)",
		Example: `  # a workflow step after the report; the job needs pull-requests: write
  env:
    GITHUB_TOKEN: ${{ github.token }}
  run: go run ./cmd/perfbench comment "$RUNNER_TEMP/perf-report.md"`,
		Long: `Post REPORT.md as the pull request's comment, or edit the one this token
posted on an earlier push: one per workflow, found by a hidden marker and
its author. From a fork, whose token is read-only, the report goes to the
job summary with a warning. A job not for a pull request posts nothing.

Exit status: 0 posted, updated, fallen back or nothing to do; 1 the API
failed or refused; 2 bad input. Details: docs/comment.md.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			report, err := comment.ReadFile(args[0], "the report", comment.MaxReport)
			if errors.Is(err, fs.ErrNotExist) {
				return harness.Usagef("comment: %s does not exist; write the report first (perfbench scenarios --format markdown > %s)", args[0], args[0])
			}
			if err != nil {
				return harness.Usagef("%v", err)
			}
			w, err := comment.FromEnv(commentEnv, tokenVar)
			if err != nil {
				return harness.Usagef("%v", err)
			}
			if w.PR == 0 {
				fmt.Fprintln(s.err, "perfbench comment: this job is not for a pull request (GITHUB_EVENT_PATH names none); nothing posted")
				return nil
			}
			if workflow != "" {
				w.Name = workflow
			}
			if w.Name == "" {
				return harness.Usagef("comment: GITHUB_WORKFLOW is not set; name the workflow with --workflow")
			}
			w.Client.Author = author
			ctx, cancel := context.WithTimeoutCause(cmd.Context(), timeout,
				fmt.Errorf("gave up: the step's deadline passed (--timeout %v)", timeout))
			defer cancel()
			r, err := w.Post(ctx, string(report))
			switch {
			case comment.IsRefused(err) && w.Fork:
				return comment.ForkFallback(s.out, w, err, string(report))
			case comment.IsRefused(err):
				return fmt.Errorf("%w (%s)", err, comment.Hint(err))
			case err != nil:
				return err
			}
			fmt.Fprintf(s.out, "comment %s: %s\n", r.Action, r.URL)
			if r.PostedAs != "" && !strings.EqualFold(r.PostedAs, r.Author) {
				fmt.Fprintln(s.out, comment.Warning(fmt.Sprintf("perfbench comment: GitHub posted the comment as %s, not %s; "+
					"give --author %s so that the next push edits it instead of posting again", r.PostedAs, r.Author, r.PostedAs)))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&workflow, "workflow", "", "the workflow the comment belongs to (default GITHUB_WORKFLOW): one comment each")
	cmd.Flags().StringVar(&tokenVar, "token-env", "", "the environment variable holding the token (default GITHUB_TOKEN)")
	cmd.Flags().StringVar(&author, "author", "", "the login the token posts as (default: GET /user's, or "+comment.ActionsBot+" for the job's token)")
	cmd.Flags().DurationVar(&timeout, "timeout", defaultCommentTimeout,
		fmt.Sprintf("give up after this long in all (each request also gives up after %v)", comment.DefaultRequestTimeout))
	return harness.Declare(cmd, harness.Between("timeout", time.Second, maxCommentTimeout, "how long to give the API in all"))
}
