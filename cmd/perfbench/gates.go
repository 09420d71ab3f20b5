package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/gates"
	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/monkey"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/workloads"
)

func init() {
	subcommands = append(subcommands, newBudgetCmd, newCadenceCmd, newResizeCmd, newVerifyCmd, newWallClockCmd)
}

func newBudgetCmd(s *streams) *cobra.Command {
	var asJSON bool
	o := gates.DefaultBudget
	cmd := &cobra.Command{
		Use:   "budget [--json]",
		Short: "Push every text cache over its soft limit and check it comes back under",
		Example: "  go run ./cmd/perfbench budget\n" +
			"  go run ./cmd/perfbench budget --json   # the same, for a program to read",
		Long: fmt.Sprintf(`budget opens the gallery with a shaped-run cache of %d runs and a glyph atlas
of %d glyphs, then %d times gives %d table cells new unique strings (a few
hundred distinct glyphs) and reads both caches when the frame has ended.

It fails (exit 1) when a cache is over its soft limit after a frame, and is
Broken when no burst took a cache over its limit at all (nothing evicted),
since then it has shown nothing.`, o.RunLimit, o.GlyphLimit, o.Bursts, o.Strings),
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return finishGate(s, gates.Budget(o), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return cmd
}

func newCadenceCmd(s *streams) *cobra.Command {
	var asJSON bool
	o := gates.DefaultCadence
	cmd := &cobra.Command{
		Use:   "cadence [--json] [--seconds S]",
		Short: "One frame per refresh at 60, 75 and 240 Hz; none when idle",
		Example: "  go run ./cmd/perfbench cadence\n" +
			"  go run ./cmd/perfbench cadence --seconds 10   # a longer watch of each rate",
		Long: `cadence watches the animated gallery's frame loop on a virtual clock at 60,
75 and 240 Hz and requires exactly one frame at every refresh and none
between; then it watches the idle gallery (nothing animating, nothing
touched) for 10 s and requires no frame at all. Last it mounts the FPS
monitor over the idle gallery: shown, it may cost at most the frame that
answers each of its 500 ms ticks (2 frames/s); hidden, nothing. It fails
(exit 1) at the first refresh that drew no frame or two, or a HUD over its
ceiling.`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			if !(o.Seconds > 0) {
				return harness.Usagef("--seconds must be positive, got %v", o.Seconds)
			}
			return finishGate(s, gates.Cadence(o), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	cmd.Flags().Float64Var(&o.Seconds, "seconds", o.Seconds, "virtual seconds to watch each animated rate")
	return cmd
}

func newResizeCmd(s *streams) *cobra.Command {
	var (
		asJSON bool
		rounds int
	)
	cmd := &cobra.Command{
		Use:   "resize [--json]",
		Short: "The resize slope against a same-run baseline",
		Example: "  go run ./cmd/perfbench resize\n" +
			"  go run ./cmd/perfbench resize --rounds 9   # more rounds, on a noisy machine",
		Long: `resize runs the resize-slope workload: the cost of a resize frame at s1 … s26
fitted against the document's elements, as a ratio of the fitted cost per
element of rebuilding the same window from nothing, measured in the same
run. It fails (exit 1) when the ratio leaves its band; see
perfbench workload resize-slope and ` + workloads.DefaultDocs + `.`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			if rounds < 0 {
				return harness.Usagef("--rounds must be ≥ 0, got %d", rounds)
			}
			bar := s.progress(-1, "resize")
			r := gates.Resize(workloads.Options{Rounds: rounds})
			bar.done()
			var err error
			if asJSON {
				err = writeJSON(s, r)
			} else {
				err = printWorkload(s.out, r)
			}
			if err != nil {
				return err
			}
			if r.Verdict.Failed() {
				printFailedCriteria(s, "resize", r)
				return harness.ErrFailed
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	cmd.Flags().IntVar(&rounds, "rounds", 0, "interleaved measuring rounds (0: the workload's default)")
	return cmd
}

func newVerifyCmd(s *streams) *cobra.Command {
	var (
		asJSON bool
		size   string
		rend   string
		doc    string
	)
	ro := gates.DefaultRandomVerify
	seeds := seedsFlag{n: ro.Seeds}
	cmd := &cobra.Command{
		Use:   "verify [--doc KIND] [--size SIZE] [--renderer R]",
		Short: "After every step, scripted or random, the live window equals one rebuilt from nothing",
		Long: fmt.Sprintf(`verify drives a window step by step, and after every step's frame the live
window's display list and the resolved geometry of every element must equal
exactly those of a window opened over doc.Clone() in the same viewport and
settled.

--doc script (the default) drives the idle gallery through a fixed script of
%d interactions (hover, clicks on the checkbox, radios, slider, tabs and
buttons, the wheel over the list, the rigid scroll and the table, Tab,
typing, backspace and the caret keys, resizes). With --renderer cpu or gpu
both windows also draw, and the pictures must be equal exactly: the live
window's, redrawn frame by frame from its damage, and the rebuild's, drawn
whole.

--doc random drives a document generated from each seed, and --doc gallery
the smallest gallery, through --steps random steps each: pointer moves,
clicks, the wheel, keys, typing and resizes, and document changes (subtrees
added and removed, classes, text, states, values, tab selections, new
scroll containers, lists and tabs, hover classes and variants, hidden
elements and a hidden root, handlers, new list models, remove and re-add,
viewports from 0 to 100 000 px). After every step the points the step
aimed at, and a few more, must reach the same element on both windows, and
an input-only step replayed on the previous step's rebuild must leave the
same hover, focus and element states. With --renderer cpu or gpu the
pictures are compared too (viewports then stay under 2000 px). --seeds K
runs seeds N … N+K-1, side by side, and --seeds A-B seeds A … B. A run
replays exactly from its seed.

It fails (exit 1) at the first step that differs, naming the seed, the step,
its actions and the first differing primitive, element or pixel.`, gates.ScriptLength),
		Example: `  perfbench verify
  perfbench verify --doc random --seed 7 --steps 200
  perfbench verify --doc gallery --seeds 50 --steps 200
  perfbench verify --doc random --seeds 1-50 --steps 200 --renderer cpu`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if doc != "script" {
				if !slices.Contains(monkey.Docs, doc) {
					return harness.UsageError{Err: fmt.Errorf("verify: unknown --doc %q (valid: script, %s)", doc, strings.Join(monkey.Docs, ", "))}
				}
				if rend != "null" {
					if err := checkRendererName(rend); err != nil {
						return err
					}
					ro.Renderer = func() (renderer.Renderer, error) { return renderer.New(rend) }
				}
				if seeds.set {
					if seeds.from != 0 && c.Flags().Changed("seed") {
						return harness.UsageError{Err: fmt.Errorf("verify: --seeds %s names its first seed: give no --seed", seeds.String())}
					}
					if seeds.from != 0 {
						ro.Seed = seeds.from
					}
					ro.Seeds = seeds.n
				}
				ro.Doc = doc
				if size != "" {
					sz, err := gallery.Parse(size)
					if err != nil {
						return harness.UsageError{Err: err}
					}
					ro.Size = sz
				}
				if ro.Seeds < 1 || ro.Steps < 1 || ro.Nodes < 1 {
					return harness.UsageError{Err: fmt.Errorf("verify: --seeds, --steps and --nodes must be at least 1")}
				}
				return finishGate(s, gates.VerifyRandom(ro), asJSON)
			}
			for _, f := range []string{"seed", "seeds", "steps", "nodes"} {
				if c.Flags().Changed(f) {
					return harness.UsageError{Err: fmt.Errorf("verify: --%s applies to --doc random or gallery", f)}
				}
			}
			o := gates.DefaultVerify
			if size != "" {
				sz, err := gallery.Parse(size)
				if err != nil {
					return harness.UsageError{Err: err}
				}
				o.Size = sz
			}
			if rend != "null" {
				if err := checkRendererName(rend); err != nil {
					return err
				}
				o.Renderer = func() (renderer.Renderer, error) { return renderer.New(rend) }
			}
			return finishGate(s, gates.Verify(o), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	cmd.Flags().StringVar(&size, "size", "", "the gallery size (default "+gates.DefaultVerify.Size.String()+" for the script, "+ro.Size.String()+" for --doc gallery)")
	rendererFlag(cmd, &rend, "null", "renderer both windows draw with; cpu and gpu also compare pixels")
	cmd.Flags().StringVar(&doc, "doc", "script", "what to drive: script (the gallery's fixed script), gallery or random (random steps)")
	cmd.Flags().Uint64Var(&ro.Seed, "seed", ro.Seed, "the first seed of a random run")
	cmd.Flags().Var(&seeds, "seeds", "how many seeds to run from --seed on (K), or which (A-B)")
	cmd.Flags().IntVar(&ro.Steps, "steps", ro.Steps, "random steps per seed")
	cmd.Flags().IntVar(&ro.Nodes, "nodes", ro.Nodes, "the size of a generated document, in elements")
	return cmd
}

func newWallClockCmd(s *streams) *cobra.Command {
	var asJSON bool
	o := gates.DefaultWall
	cmd := &cobra.Command{
		Use:   "wall-clock [--json] [--reps N]",
		Short: "Absolute duration budgets, in an optimised build; advisory on a machine with no baseline",
		Example: "  go build -o perfbench ./cmd/perfbench && ./perfbench wall-clock\n" +
			"  ./perfbench wall-clock --reps 60 --json",
		Long: `wall-clock times a few interactions at s26 (a one-control update, a hover
frame, a resize frame, a first frame) and compares each median with an
absolute budget written in advance. The median judged is of the drawing
thread's CPU time, what the interaction itself cost; its wall time, which
also counts the time the scheduler gave the core to other work, is shown
beside it.

A duration means something only where it was measured before: the budgets
bind (exit 1 when one is exceeded) only on a machine with a recorded baseline
in the ratchet's baselines file. Elsewhere the report is ADVISORY: every
number is printed with its budget and nothing fails.

It refuses to time a binary built with -race, coverage or -gcflags=-N/-l
(exit 1, Broken): a duration measured there is of a program nobody runs.`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			if o.Reps < 1 {
				return harness.Usagef("--reps must be ≥ 1, got %d", o.Reps)
			}
			return finishGate(s, gates.WallClock(o), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	cmd.Flags().IntVar(&o.Reps, "reps", o.Reps, "samples per budget")
	return cmd
}

// finishGate prints a gate's report and turns a Fail or Broken into the
// gate-failed exit.
func finishGate(s *streams, r gates.Report, asJSON bool) error {
	var err error
	if asJSON {
		err = writeJSON(s, r)
	} else {
		err = printGate(s.out, r)
	}
	if err != nil {
		return err
	}
	if !r.Failed() {
		return nil
	}
	for _, c := range r.Checks {
		if c.Verdict.Failed() {
			fmt.Fprintf(s.err, "%s %s: %s: %s\n", verdictWord(c.Verdict), r.Gate, c.Name, c.Detail)
		}
	}
	return harness.ErrFailed
}

// printGate writes a report: its verdict, its notes, then one line per
// check.
//
//	cadence: pass (0.2 s)
//	  pass  60 Hz: one frame per refresh in 5 s  300 frames for 300 refreshes
func printGate(w io.Writer, r gates.Report) error {
	verdict := r.Verdict.String()
	if r.Verdict.String() == "unbaselined" {
		verdict = "ADVISORY (unbaselined: reported, gates nothing)"
	}
	fmt.Fprintf(w, "%s: %s (%.1f s)\n", r.Gate, verdict, r.Seconds)
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  %s\n", n)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range r.Checks {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", c.Verdict, c.Name, c.Detail)
	}
	return tw.Flush()
}

// seedsFlag is --seeds: a count of seeds from --seed on ("50"), or a
// range of them ("1-50", both ends included).
type seedsFlag struct {
	from uint64 // 0: from --seed
	n    int
	set  bool
}

func (f *seedsFlag) String() string {
	if f.from != 0 {
		return fmt.Sprintf("%d-%d", f.from, f.from+uint64(f.n)-1)
	}
	return strconv.Itoa(f.n)
}

func (f *seedsFlag) Type() string { return "K|A-B" }

func (f *seedsFlag) Set(s string) error {
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("%q is neither a count (50) nor a range (1-50)", s)
		}
		*f = seedsFlag{n: n, set: true}
		return nil
	}
	lo, err1 := strconv.ParseUint(a, 10, 64)
	hi, err2 := strconv.ParseUint(b, 10, 64)
	if err1 != nil || err2 != nil || lo < 1 || hi < lo {
		return fmt.Errorf("%q is not a range of seeds A-B with 1 ≤ A ≤ B", s)
	}
	*f = seedsFlag{from: lo, n: int(hi - lo + 1), set: true}
	return nil
}
