package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

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
				return harness.Usagef("--defs %d: no such definition set (valid: %s)", defs, traceDefSets())
			}
			return traceSummarize(s, args[0], asJSON, defs)
		},
	}
	summarize.Flags().BoolVar(&asJSON, "json", false, "print the summary as JSON")
	summarize.Flags().IntVar(&defs, "defs", registry.DefsVersion, "replay the trace under definition set `VERSION` ("+traceDefSets()+"; default the latest, "+strconv.Itoa(registry.DefsVersion)+")")
	cmd.AddCommand(summarize)
	return cmd
}

// traceDefSets lists the definition sets: "1 2".
func traceDefSets() string {
	sets := make([]string, registry.DefsVersion)
	for i := range sets {
		sets[i] = strconv.Itoa(i + 1)
	}
	return strings.Join(sets, " ")
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
		return harness.Usagef("%s: %v in %d %s%s", path, err, sum.Lines, tracePlural(sum.Lines, "line", "lines"), traceMalformedNote(sum))
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
		return traceWriteJSON(s.out, path, sum)
	}
	return tracePrint(s.out, path, sum)
}

// traceMalformedNote says how many lines were malformed and what was wrong
// with the first, for a trace that gave nothing else.
func traceMalformedNote(sum trace.Summary) string {
	if len(sum.Malformed) == 0 {
		return ""
	}
	e := sum.Malformed[0]
	return fmt.Sprintf(", %d malformed (first, line %d: %s)", len(sum.Malformed), e.Line, e.Reason)
}

func traceWriteJSON(w io.Writer, path string, sum trace.Summary) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		File string `json:"file"`
		trace.Summary
	}{path, sum})
}

// tracePrint writes the summary as a table:
//
//	trace.jsonl: 454 lines, 454 marks, 0 malformed; 1 epoch, 0 breaks; 0 incomplete frames; definition set 2
//	epoch 1: virtual timing, null renderer, not presented
//	metric           value  unit    quality         version  n   why
//	frame.count      40     frames  valid           v1       40
//	frame.cost.p50   780.9  µs      valid           v1       40
//	present.fps.avg  -      fps     not-applicable  v2       0   virtual timing: …
func tracePrint(w io.Writer, path string, sum trace.Summary) error {
	fmt.Fprintf(w, "%s: %d %s, %d %s, %d malformed; %d %s, %d %s; %d incomplete %s; definition set %d\n",
		path, sum.Lines, tracePlural(sum.Lines, "line", "lines"), sum.Marks, tracePlural(sum.Marks, "mark", "marks"),
		len(sum.Malformed), sum.Epochs, tracePlural(sum.Epochs, "epoch", "epochs"),
		sum.Breaks, tracePlural(sum.Breaks, "break", "breaks"), sum.Incomplete, tracePlural(sum.Incomplete, "frame", "frames"), sum.Defs)
	for i, src := range sum.Sources {
		fmt.Fprintf(w, "epoch %d: %s\n", i+1, src)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tvalue\tunit\tquality\tversion\tn\twhy")
	for _, r := range sum.Metrics {
		name := r.ID
		if r.Label != "" {
			name += " " + traceLabel(r.Label)
		}
		value, unit := traceCell(r)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\tv%d\t%d\t%s\n", name, value, unit, r.Value.Quality(), r.Version, r.N, r.Why)
	}
	return tw.Flush()
}

// traceCell formats a reading's value for the table: durations in µs,
// rates to two decimals, counts whole; "-" where there is no value.
func traceCell(r registry.Reading) (value, unit string) {
	v, ok := r.Value.Get()
	switch r.Unit {
	case "ns":
		unit = "µs"
		v /= 1e3
		value = strconv.FormatFloat(v, 'f', 1, 64)
	case "fps":
		unit = r.Unit
		value = strconv.FormatFloat(v, 'f', 2, 64)
	case "share":
		unit = "%"
		value = strconv.FormatFloat(100*v, 'f', 1, 64)
	case "ms/s":
		unit = r.Unit
		value = strconv.FormatFloat(v, 'f', 2, 64)
		if r.Band != "" {
			value += " " + r.Band
		}
	default:
		unit = r.Unit
		value = strconv.FormatFloat(v, 'f', -1, 64)
	}
	if !ok {
		value = "-"
	}
	return value, unit
}

// traceLabel quotes a span label whose stage names would break a row.
func traceLabel(l string) string {
	if strings.ContainsFunc(l, func(r rune) bool { return !unicode.IsPrint(r) || r == ' ' }) {
		return strconv.Quote(l)
	}
	return l
}

func tracePlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
