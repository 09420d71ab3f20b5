package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/ratchet"
	"github.com/perfbench/perfbench/runner"
)

func init() { subcommands = append(subcommands, newPerfCmd) }

// perfBuild returns the build information the ratchet checks before it
// records: this binary's. Tests swap it, since a test binary is not the
// optimised build the ratchet insists on.
var perfBuild = func() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
}

// gpuDocs is the GPU renderer's page of the ratchet's docs.
const gpuDocs = "`docs/performance-gpu.md`"

func newPerfCmd(s *streams) *cobra.Command {
	var (
		asJSON, check, advisory bool
		format                  string
		baselines, docs         string
		rebaseline              []string
		why                     string
		timeout                 time.Duration
		rend                    string
		repeats                 int
		allowDirty              bool
	)
	cmd := &cobra.Command{
		Use:   "perf",
		Short: "The ratchet: judge every scenario, move baselines, rewrite docs/performance.md",
		Long: `Run every scenario, each in its own process, and perform the ratchet's
three obligations in order:

 1. Verdict: judge every band; any Fail or Broken fails the command. A time
    over its limit whose interval straddles the limit is measured once more
    in a fresh process first.
 2. Ratchet: time baselines live in the baselines file, keyed by machine
    (CPU model, cores, OS/arch, Go version). A baseline moves down by itself
    when a new median is significantly lower, and never up unless its
    scenario is named with --rebaseline and a reason with --why. A machine
    with no baseline gets one recorded, its times reported unbaselined.
 3. Docs: rewrite the generated section of the docs file (between its
    perfbench markers) when a number moved beyond its noise, and leave the
    change in the working tree. Run twice without a change, the second run
    writes nothing.

A run whose verdict fails (any Fail or Broken) writes nothing, and says
so: a failing run's numbers are neither recorded nor published.

The baselines, history and docs files and the charts are written as one
group, whole or not at all: each is prepared beside its target, synced and
read back, then a manifest of their lengths and checksums is written, then
they are renamed into place. A write that fails (a full disk, a failed
sync) removes what it prepared, exit 2 naming the file; a run killed after
the manifest is completed by the next run only when every file verifies
against it, and discarded otherwise, and the next run says which.
One perf at a time records into a baselines file (a lock on its
directory); a second is refused, exit 2.

It refuses to record from a binary built with -race, coverage or
-gcflags=-N/-l, or from a tree with uncommitted changes unless
--allow-dirty (the history would name a commit that does not hold the
code measured), and to run at all while PERFBENCH_LATENCY is set (tracing
slows every frame). Bad input (a malformed, empty, comments-only,
unreadable, non-regular or oversized baselines, history or docs file, a
value that is NaN, infinite, negative or implausible, a unit that is not
the scenario's, baselines the history records but the file lost, a baseline for a scenario or number that does
not exist, a --baselines or --docs in a directory that does not exist,
damaged docs markers, an unknown --rebaseline name, --rebaseline without
--why) is a one-line error naming the file or name and the fix; every file
is left byte-identical.

With --check (what CI runs) it judges every band and checks that the
docs' generated section is up to date, and writes nothing: no baseline
moves, so one machine's noise can never change the docs in CI, and only a
number the docs show (a count, a band, a budget, a recorded baseline) that
no longer matches fails it. The docs keep showing the times of the machine
they name for as long as the baselines file has that machine.

With --renderer gpu (or cpu) the scenarios draw with that renderer, their
times are baselined under a machine key that names the renderer and the
graphics device, and the docs are a page of their own
(` + gpuDocs + ` for gpu, ` + "`docs/performance-cpu.md`" + ` for cpu) with
its charts in docs/perf/charts-gpu (or -cpu), so they never mix with the
null renderer's.

Exit status: 0 pass (or unbaselined), 1 a band failed, a scenario broke or
(--check) the docs are out of date, 2 usage or input error.`,
		Example: "  go run ./cmd/perfbench perf\n" +
			"  go run ./cmd/perfbench perf --check   # what CI runs: judge, write nothing\n" +
			"  go run ./cmd/perfbench perf --rebaseline hover-storm \\\n" +
			"      --why \"row hover now repaints the row's border too\"",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := refuseTraced("perf"); err != nil {
				return err
			}
			if err := checkFormat(format, asJSON); err != nil {
				return err
			}
			if advisory && !check {
				return usagef("--advisory-times is for perf --check: a recording run judges its times, since it records them")
			}
			bpath, err := ratchetPath(baselines, ratchet.DefaultBaselines, "baselines")
			if err != nil {
				return err
			}
			defDocs := ratchet.DefaultDocs
			if rend != "null" {
				defDocs = "docs/performance-" + rend + ".md"
			}
			dpath, err := ratchetPath(docs, defDocs, "docs")
			if err != nil {
				return err
			}
			build := perfBuild()
			if build == nil && !check {
				// A binary with nothing to check is refused; Options
				// would read nil as "read it yourself".
				return ratchetErr(ratchet.CheckBuild(nil))
			}
			commit := ""
			if build != nil && !check {
				commit = perfCommit(build)
			}
			names := scenarioNames()
			opts := ratchet.Options{
				Baselines:  bpath,
				Docs:       dpath,
				Scenarios:  names,
				Rebaseline: rebaseline,
				Why:        why,
				Build:      build,
				Check:      check,
				// Advisory times are for a run that records nothing.
				AdvisoryTimes: advisory,
				Commit:        commit,
				AllowDirty:    allowDirty,
			}
			runner, bar := scenarioRunner(s, timeout, len(names), repeats)
			key, err := scenarioRenderer(runner, rend)
			if err != nil {
				bar.done()
				return err
			}
			opts.Machine = machineWith(key)
			if rend != "null" {
				// Its charts are its own too: the null renderer's page
				// embeds docs/perf/charts.
				opts.Charts = filepath.Join(filepath.Dir(dpath), "perf", "charts-"+rend)
			}
			o, err := ratchet.Run(cmd.Context(), opts, harness.Measure(runner, names))
			bar.done()
			if err != nil {
				return ratchetErr(err)
			}
			switch {
			case asJSON:
				err = writeJSON(s, ratchetOutcomeJSON(o))
			case format == "markdown":
				err = writeMarkdownOutcome(s.out, "perf", o)
			default:
				err = o.WriteReport(s.out)
			}
			if err != nil {
				return err
			}
			if o.DocsStale {
				fmt.Fprintf(s.err, "perfbench: %s is out of date: run perfbench perf, review the change and commit it\n", dpath)
				return errGateFailed
			}
			if o.Failed() {
				return errGateFailed
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print the outcome as JSON")
	f.StringVar(&format, "format", "table", "output format: table or markdown (a report for a pull request's job summary)")
	f.BoolVar(&check, "check", false, "judge and check the docs are up to date; write nothing (what CI runs)")
	f.BoolVar(&advisory, "advisory-times", false, "with --check: report a time over its limit without failing on it (counts and broken scenarios still fail); for a machine whose speed drifts from its baselines'")
	f.StringVar(&baselines, "baselines", "", "baselines file (default "+ratchet.DefaultBaselines+" under the module root)")
	f.StringVar(&docs, "docs", "", "docs file with the generated section (default "+ratchet.DefaultDocs+" under the module root)")
	f.StringArrayVar(&rebaseline, "rebaseline", nil, "record this scenario's times as its new baselines even if that moves them up (repeatable; needs --why)")
	f.StringVar(&why, "why", "", "why the --rebaseline numbers are the right ones; recorded with the baseline")
	f.BoolVar(&allowDirty, "allow-dirty", false, "record from a tree with uncommitted changes; the history marks the commit -dirty")
	f.DurationVar(&timeout, "timeout", runner.DefaultTimeout, "how long one scenario's process may run before it is killed and judged broken")
	f.IntVar(&repeats, "repeats", runner.DefaultRepeats, "processes per scenario, interleaved with the other scenarios'")
	rendererFlag(cmd, &rend, "null", "renderer the scenarios draw with; its baselines and docs page are its own")
	return cmd
}

// perfCommit names the commit the measured binary was built from, for the
// baseline history: the build's own VCS stamp where it has one, otherwise
// what git says of the module's checkout (go run stamps nothing), with
// "-dirty" for uncommitted changes to tracked files; "" when neither
// knows.
func perfCommit(build *debug.BuildInfo) string {
	for _, s := range build.Settings {
		if s.Key == "vcs.revision" {
			return "" // the ratchet reads it from the build itself
		}
	}
	root := scenarioModuleRoot()
	if root == "" {
		return ""
	}
	rev, err := exec.Command("git", "-C", root, "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return ""
	}
	commit := strings.TrimSpace(string(rev))
	if status, err := exec.Command("git", "--no-optional-locks", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(status)) > 0 {
		commit += "-dirty"
	}
	return commit
}
