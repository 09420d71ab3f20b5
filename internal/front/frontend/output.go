package frontend

import (
	"os"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/internal/front/counting"

	"github.com/perfbench/perfbench/internal/front/cli"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/measure/runner"
	"github.com/perfbench/perfbench/internal/publish/perfdocs"
	"github.com/perfbench/perfbench/internal/publish/report"
	"github.com/spf13/cobra"
)

// benchfmtPackage is the benchmark format's pkg: the package whose model
// every scenario's numbers follow, whichever program declared them.
const BenchfmtPackage = "github.com/perfbench/perfbench/scenario"

// refuseTraced refuses to judge or record times while the latency trace is
// on: writing a mark at every stage of every frame made frames several
// times slower (hover-storm 2.47 µs against a 0.60 µs baseline), so a band
// would fail, or a baseline be recorded, on the cost of the tracing itself.
func (h *Front) RefuseTraced(command string) error {
	if path := os.Getenv(latency.EnvVar); path != "" {
		return cli.Usagef("%s is set (%s): tracing slows every frame, so %s refuses to judge or record its times; unset it, or trace one scenario with %s scenario NAME (its process writes %s)",
			latency.EnvVar, path, command, h.Program, runner.TracePath(path, "NAME"))
	}
	return nil
}

// format reads --format and --json into one report format; allowed are
// the formats the command offers.
func Format(name string, asJSON bool, allowed ...report.Format) (report.Format, error) {
	f := report.Format(name)
	ok := false
	var words []string
	for _, a := range allowed {
		ok = ok || a == f
		words = append(words, string(a))
	}
	switch {
	case !ok && name == "gab" && slices.Contains(allowed, report.GABTimes):
		return "", cli.Usagef("--format gab: github-action-benchmark alerts at one threshold a file, so each kind of number has "+
			"its own format: %s (docs/trackers.md)", strings.Join(FormatWords(report.GABFormats), ", "))
	case !ok:
		return "", cli.Usagef("--format %q: want %s or %s", name, strings.Join(words[:len(words)-1], ", "), words[len(words)-1])
	case asJSON && f != report.Table && f != report.JSON:
		return "", cli.Usagef("--json and --format %s are two different outputs; pick one", name)
	case asJSON:
		return report.JSON, nil
	}
	return f, nil
}

// commandFormats are what each command's --format takes, in the order
// its help and its refusal of another list them.
var CommandFormats = map[string][]report.Format{
	"scenarios": slices.Concat([]report.Format{report.Table, report.Markdown, report.Benchfmt, report.BMF},
		report.GABFormats, []report.Format{report.JSON}),
	"perf":      {report.Table, report.Markdown, report.JSON},
	"reference": {report.Table, report.Markdown, report.JSON},
}

func FormatWords(fs []report.Format) []string {
	var words []string
	for _, f := range fs {
		words = append(words, string(f))
	}
	return words
}

// write prints the report in f, writes its exports (nil: none), and
// returns ErrFailed when it failed.
func (h *Front) Write(cmd *cobra.Command, r *report.Report, f report.Format, ex *counting.Exports) error {
	if err := r.Write(cmd.OutOrStdout(), cmd.ErrOrStderr(), f); err != nil {
		return err
	}
	if ex != nil {
		if err := ex.Write(r, cmd.ErrOrStderr()); err != nil {
			return err
		}
	}
	if r.Failed() {
		return cli.ErrFailed
	}
	return nil
}

// renderer adds --renderer to cmd, when the program has renderers.
func (h *Front) Renderer(cmd *cobra.Command, name *string, help string) {
	rs := h.Opts.Renderers
	if rs == nil {
		return
	}
	def := rs.Plain
	if rs.Default != nil {
		def = rs.Default()
	}
	cmd.Flags().StringVar(name, "renderer", def, help+rs.Help)
}

// openRenderer asks the program what the named renderer is here (its
// device there, proved to start) and points the runner's children at it;
// it returns the machine key's renderer part. The children make the
// renderer; this process makes none.
func (h *Front) OpenRenderer(r *runner.Runner, name string) (string, error) {
	rs := h.Opts.Renderers
	if rs == nil || name == rs.Plain {
		return "", nil
	}
	key, err := rs.Open(name)
	if err != nil {
		return "", err
	}
	r.Renderer = name
	return key, nil
}

// plain reports whether name is the program's plain renderer (or the
// program has no choice).
func (h *Front) Plain(name string) bool {
	return h.Opts.Renderers == nil || name == h.Opts.Renderers.Plain
}

// machine returns this machine's key with the renderer part.
func Machine(rendererKey string) baselines.Machine {
	m := baselines.DetectMachine()
	m.Renderer = rendererKey
	return m
}

func (h *Front) BaselinesDefault() string {
	if h.Opts.Baselines != "" {
		return h.Opts.Baselines
	}
	return baselines.DefaultFile
}

func (h *Front) DocsDefault() string {
	if h.Opts.Docs != "" {
		return h.Opts.Docs
	}
	return perfdocs.DefaultFile
}
