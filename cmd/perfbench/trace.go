package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/instrument/registry"
	"github.com/perfbench/perfbench/internal/instrument/trace"
)

func init() { subcommands = append(subcommands, newTraceCmd) }

// traceMalformedShown is how many malformed lines summarize names on
// stderr; --json lists them all.
const traceMalformedShown = 10

func newTraceCmd(s *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "trace",
		Short: "Read latency traces recorded with " + latency.EnvVar,
		Example: "  " + latency.EnvVar + "=trace.jsonl go run ./cmd/perfbench phase hover s13 240\n" +
			"  go run ./cmd/perfbench trace summarize trace.jsonl",
		Long: `A latency trace is one JSON mark per line, written by a run with
` + latency.EnvVar + `=FILE set. Details: perfbench's docs/diagnosis.md and
docs/perf/endtoend.md.`,
		Args: cobra.NoArgs, // an unknown subcommand is a usage error, not help
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	var asJSON bool
	var defs int
	summarize := &cobra.Command{
		Use:   "summarize FILE",
		Short: "Turn a recorded latency trace into frame metrics",
		Long: `Read a latency trace (one JSON mark per line, as ` + latency.EnvVar + `=FILE
records it) and print its frame metrics, each with its quality. A metric the
trace's clock cannot carry reads not-applicable, with why.

Exit status: 0 read, 2 an empty, unreadable or frame-less file.
Details: perfbench's docs/diagnosis.md and docs/perf/endtoend.md.`,
		Example: "  " + latency.EnvVar + "=trace.jsonl perfbench phase hover s13 240\n  perfbench trace summarize trace.jsonl\n  perfbench trace summarize --json trace.jsonl",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if defs < 1 || defs > registry.DefsVersion {
				return harness.Usagef("--defs %d: no such definition set (valid: %s)", defs, registry.DefSets())
			}
			return traceSummarize(s, args[0], asJSON, defs)
		},
	}
	summarize.Flags().BoolVar(&asJSON, "json", false, "print the summary as JSON")
	summarize.Flags().IntVar(&defs, "defs", registry.DefsVersion, "replay the trace under definition set `VERSION` ("+registry.DefSets()+"; default the latest, "+strconv.Itoa(registry.DefsVersion)+")")
	cmd.AddCommand(summarize)
	return cmd
}

func traceSummarize(s *streams, path string, asJSON bool, defs int) error {
	f, fi, err := openTrace(path)
	if err != nil {
		return err
	}
	defer f.Close()
	bar := s.progress(-1, path)
	sum, err := trace.SummarizeWith(trace.Lines(bar.Reader(f, fi.Size(), path)), trace.Options{Defs: defs})
	bar.Done()
	var pathErr *fs.PathError
	var lineErr *trace.StopError
	switch {
	case errors.As(err, &lineErr):
		return harness.Usagef("%s:%d: %s", path, lineErr.Line, lineErr.Msg)
	case errors.Is(err, trace.ErrEmpty):
		return harness.Usagef("%s: %v; record one with %s=%s", path, err, latency.EnvVar, path)
	case errors.Is(err, trace.ErrNoFrames):
		return harness.Usagef("%s: %v in %d %s%s", path, err, sum.Lines, plural(sum.Lines, "line", "lines"), trace.MalformedNote(sum))
	case errors.As(err, &pathErr):
		return harness.Usagef("trace summarize: %v", err)
	case err != nil:
		return harness.Usagef("%s: %v", path, err)
	}

	for i, e := range sum.Malformed {
		if i == traceMalformedShown {
			fmt.Fprintf(s.err, "perfbench: %s: %d more malformed lines skipped (--json lists them)\n", path, len(sum.Malformed)-i)
			break
		}
		fmt.Fprintf(s.err, "perfbench: %s:%d: malformed line skipped: %s\n", path, e.Line, e.Reason)
	}
	if asJSON {
		return trace.WriteJSON(s.out, path, sum)
	}
	return trace.WriteTable(s.out, path, sum)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
