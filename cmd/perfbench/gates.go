package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/gates"
	"github.com/perfbench/perfbench/internal/check/monkey"
	"github.com/perfbench/perfbench/internal/check/verify"
	"github.com/perfbench/perfbench/internal/check/workpage"
	"github.com/perfbench/perfbench/internal/check/workreport"
	"github.com/perfbench/perfbench/renderer"
	"github.com/perfbench/perfbench/ui/gallery"
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
		Long: fmt.Sprintf(`Open the gallery with a shaped-run cache of %d runs and a glyph atlas of
%d glyphs, give %d table cells new strings %d times, and read both caches
after each frame.

Exit status: 0 both came back under their limits, 1 one did not, or no burst
took one over (Broken). Details: perfbench's docs/gates.md.`, o.RunLimit, o.GlyphLimit, o.Strings, o.Bursts),
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return finishGate(s, gates.Budget(o), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return cmd
}

// maxCadenceSeconds bounds --seconds: at 240 Hz five virtual minutes are
// 72 000 frames, each drawn for real, which takes minutes on a slow
// machine; the default watches 5 s.
const maxCadenceSeconds = 300

func newCadenceCmd(s *streams) *cobra.Command {
	var asJSON bool
	o := gates.DefaultCadence
	cmd := &cobra.Command{
		Use:   "cadence [--json] [--seconds S]",
		Short: "One frame per refresh at 60, 75 and 240 Hz; none when idle",
		Example: "  go run ./cmd/perfbench cadence\n" +
			"  go run ./cmd/perfbench cadence --seconds 10   # a longer watch of each rate",
		Long: `Watch the animated gallery's frame loop on a virtual clock at 60, 75 and
240 Hz, then the idle gallery, then the FPS monitor over it: one frame a
refresh, none when idle, a monitor within its ceiling.

Exit status: 0 pass, 1 a refresh drew no frame or two, or the monitor cost
more. Details: perfbench's docs/gates.md.`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return finishGate(s, gates.Cadence(o), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	cmd.Flags().Float64Var(&o.Seconds, "seconds", o.Seconds, "virtual seconds to watch each animated rate")
	return harness.Declare(cmd, harness.Positive("seconds", float64(maxCadenceSeconds), "virtual seconds to watch each rate"))
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
		Long: `Run the resize-slope workload: a resize frame's cost fitted against the
document's elements, as a ratio to rebuilding the window, in the same run.

Exit status: 0 pass, 1 the ratio left its band. Details: perfbench's
docs/gates.md and ` + workpage.DefaultDocs + `.`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			bar := s.progress(-1, "resize")
			r := gates.Resize(workloads.Options{Rounds: rounds})
			bar.Done()
			var err error
			if asJSON {
				err = writeJSON(s, r)
			} else {
				err = workreport.WriteText(s.out, r)
			}
			if err != nil {
				return err
			}
			if r.Verdict.Failed() {
				workreport.WriteFailed(s.err, "resize", r)
				return harness.ErrFailed
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	cmd.Flags().IntVar(&rounds, "rounds", 0, "interleaved measuring rounds (0: the workload's default)")
	return harness.Declare(cmd, harness.IntRange("rounds", 0, harness.NoLimit, ""))
}

func newVerifyCmd(s *streams) *cobra.Command {
	var (
		asJSON bool
		size   string
		rend   string
		doc    string
	)
	ro := verify.DefaultRandomVerify
	seeds := verify.Seeds{N: ro.Seeds}
	cmd := &cobra.Command{
		Use:   "verify [--doc KIND] [--size SIZE] [--renderer R]",
		Short: "After every step, scripted or random, the live window equals one rebuilt from nothing",
		Long: fmt.Sprintf(`Drive a window step by step (a script of %d interactions, or --doc random
steps from a seed) and check after each frame that its display list and
geometry equal a window rebuilt from nothing. --renderer cpu or gpu compares
the pictures too.

Exit status: 0 equal throughout, 1 a step differed (named with its seed),
2 usage error. Details: perfbench's docs/gates.md.`, verify.ScriptLength),
		Example: `  perfbench verify
  perfbench verify --doc random --seed 7 --steps 200
  perfbench verify --doc gallery --seeds 50 --steps 200
  perfbench verify --doc random --seeds 1-50 --steps 200 --renderer cpu`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if doc != "script" {
				if err := randomVerify(&ro, doc, size, rend, seeds); err != nil {
					return err
				}
				return finishGate(s, verify.VerifyRandom(ro), asJSON)
			}
			o := verify.DefaultVerify
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
			return finishGate(s, verify.Verify(o), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	cmd.Flags().StringVar(&size, "size", "", "the gallery size (default "+verify.DefaultVerify.Size.String()+" for the script, "+ro.Size.String()+" for --doc gallery)")
	rendererFlag(cmd, &rend, "null", "renderer both windows draw with; cpu and gpu also compare pixels")
	cmd.Flags().StringVar(&doc, "doc", "script", "what to drive: script (the gallery's fixed script), gallery or random (random steps)")
	cmd.Flags().Uint64Var(&ro.Seed, "seed", ro.Seed, "the first seed of a random run")
	cmd.Flags().Var(&seeds, "seeds", "how many seeds to run from --seed on (K), or which (A-B)")
	cmd.Flags().IntVar(&ro.Steps, "steps", ro.Steps, "random steps per seed")
	cmd.Flags().IntVar(&ro.Nodes, "nodes", ro.Nodes, "the size of a generated document, in elements")
	random := func(*pflag.FlagSet) bool { return doc != "script" }
	harness.Declare(cmd,
		harness.OnlyIn("--doc random or gallery", random, "seed", "seeds", "steps", "nodes"),
		harness.Refuse(func(fs *pflag.FlagSet) bool { return seeds.From != 0 && fs.Changed("seed") },
			"--seeds %s names its first seed: give no --seed", "seeds"),
		harness.Refuse(func(*pflag.FlagSet) bool { return seeds.N < 1 }, "--seeds must be at least 1, got %s", "seeds"),
		harness.IntRange("steps", 1, harness.NoLimit, ""),
		harness.IntRange("nodes", 1, harness.NoLimit, ""),
	)
	return cmd
}

// randomVerify fills a random run's options (--doc random or gallery)
// from the flags, each refusal a usage error.
func randomVerify(ro *verify.RandomVerify, doc, size, rend string, seeds verify.Seeds) error {
	if !slices.Contains(monkey.Docs, doc) {
		return harness.UsageError{Err: fmt.Errorf("verify: unknown --doc %q (valid: script, %s)", doc, strings.Join(monkey.Docs, ", "))}
	}
	if rend != "null" {
		if err := checkRendererName(rend); err != nil {
			return err
		}
		ro.Renderer = func() (renderer.Renderer, error) { return renderer.New(rend) }
	}
	seeds.Apply(ro)
	ro.Doc = doc
	if size != "" {
		sz, err := gallery.Parse(size)
		if err != nil {
			return harness.UsageError{Err: err}
		}
		ro.Size = sz
	}
	return nil
}

func newWallClockCmd(s *streams) *cobra.Command {
	var asJSON bool
	o := gates.DefaultWall
	cmd := &cobra.Command{
		Use:   "wall-clock [--json] [--reps N]",
		Short: "Absolute duration budgets, in an optimised build; advisory on a machine with no baseline",
		Example: "  go build -o perfbench ./cmd/perfbench && ./perfbench wall-clock\n" +
			"  ./perfbench wall-clock --reps 60 --json",
		Long: `Time a few interactions at s26 on the drawing thread's CPU clock and
compare each median with an absolute budget. The budgets bind only on a
machine with a recorded baseline; elsewhere the report is ADVISORY.

Exit status: 0 within budget or advisory, 1 over a budget, or a -race,
coverage or -N -l build (Broken). Details: perfbench's docs/gates.md.`,
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, _ []string) error {
			return finishGate(s, gates.WallClock(o), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	cmd.Flags().IntVar(&o.Reps, "reps", o.Reps, "samples per budget")
	return harness.Declare(cmd, harness.IntRange("reps", 1, harness.NoLimit, ""))
}

// finishGate prints a gate's report and turns a Fail or Broken into the
// gate-failed exit.
func finishGate(s *streams, r gates.Report, asJSON bool) error {
	var err error
	if asJSON {
		err = writeJSON(s, r)
	} else {
		err = r.Write(s.out)
	}
	if err != nil {
		return err
	}
	if !r.Failed() {
		return nil
	}
	for _, c := range r.Checks {
		if c.Verdict.Failed() {
			fmt.Fprintf(s.err, "%s %s: %s: %s\n", workreport.VerdictWord(c.Verdict), r.Gate, c.Name, c.Detail)
		}
	}
	return harness.ErrFailed
}
