package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/internal/instrument/latency"
	"github.com/perfbench/perfbench/internal/publish/chart"
	"github.com/perfbench/perfbench/internal/publish/progress"
	"github.com/perfbench/perfbench/ui/gallery"
)

func init() { subcommands = append(subcommands, newPhaseCmd) }

// defaultSteps is the number of steps a phase runs when N is not given.
const defaultSteps = 24

// maxSteps caps N. A phase keeps every step's counters and frame costs for
// its report, about 2.3 KB a step: a million steps took 28 s and 2.3 GB,
// and a hundred million ran out of memory. A hundred thousand stays near
// 230 MB and a few seconds at s13, far more samples than a median needs.
const maxSteps = 100_000

// spinnerSteps is the N above which one size's phase shows a spinner with
// the elapsed time on a terminal: at s13 a thousand steps take a couple of
// seconds.
const spinnerSteps = 1000

// phaseFlags are phase's flags, as the command line set them.
type phaseFlags struct {
	asJSON, hud, frames, real, animate bool
	plotPath, rend                     string
}

func newPhaseCmd(s *streams) *cobra.Command {
	var f phaseFlags
	cmd := &cobra.Command{
		Use:   "phase PHASE SIZE [N]",
		Short: "Drive one interaction over the gallery: frame costs and the counters it moved",
		Long: `Drive one interaction over the gallery at one size, N steps (default 24),
on a virtual clock, and print its frame costs and every counter it moved.
--real runs it on the real clock; ` + latency.EnvVar + `=FILE records its trace.

Phases: ` + strings.Join(phase.Names(), " ") + `
Sizes:  ` + strings.Join(sizeNames(), " ") + `, or all (smallest first)

Details: perfbench's docs/diagnosis.md.`,
		Example: "  perfbench phase click s13 24\n  PERFBENCH_LATENCY=trace.jsonl perfbench phase hover s26 240\n  PERFBENCH_LATENCY=real.jsonl perfbench phase hover s13 240 --real\n  PERFBENCH_LATENCY=glide.jsonl perfbench phase glide s13 240 --real --animate\n  perfbench phase scroll all",
		Args:    cobra.RangeArgs(2, 3),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, sizes, n, err := phaseArgs(args, f.plotPath)
			if err != nil {
				return err
			}
			if err := checkRendererName(f.rend); err != nil {
				return err
			}
			return runPhase(s, p, sizes, n, &f)
		},
	}
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print the result as JSON")
	cmd.Flags().BoolVar(&f.frames, "frames", false, "also print every step: its frame cost and every counter it moved (wide)")
	cmd.Flags().BoolVar(&f.real, "real", false, "run the frame loop on the real clock, one input per display refresh")
	cmd.Flags().BoolVar(&f.animate, "animate", false, "run the header's progress bar through the phase")
	cmd.Flags().BoolVar(&f.hud, "hud", false, "print the FPS monitor's rows to stderr every 500 ms of the run")
	cmd.Flags().StringVar(&f.plotPath, "plot", "", "write a chart of the frame costs against the 60 Hz budget to `FILE` (.png, .svg or .pdf; with all, one file per size named FILE-SIZE.ext)")
	rendererFlag(cmd, &f.rend, "null", "renderer the window draws with")
	return cmd
}

// phaseArgs reads phase's arguments: the phase, its sizes and how many
// steps (defaultSteps unless given), each refusal a usage error; and
// refuses a --plot path no chart can be written to.
func phaseArgs(args []string, plotPath string) (*phase.Phase, []gallery.Size, int, error) {
	p, err := phase.Lookup(args[0])
	if err != nil {
		return nil, nil, 0, harness.UsageError{Err: err}
	}
	sizes, err := parseSizes(args[1])
	if err != nil {
		return nil, nil, 0, harness.UsageError{Err: err}
	}
	if plotPath != "" {
		if err := chart.CheckPath(plotPath); err != nil {
			return nil, nil, 0, harness.UsageError{Err: err}
		}
	}
	n := defaultSteps
	if len(args) == 3 {
		n, err = strconv.Atoi(args[2])
		if err != nil || n < 1 {
			return nil, nil, 0, harness.Usagef("N must be a positive number of steps, got %q", args[2])
		}
		if n > maxSteps {
			return nil, nil, 0, harness.Usagef("N is at most %d steps (each step's counters are kept for the report), got %d; run fewer, or run the phase several times", maxSteps, n)
		}
	}
	return p, sizes, n, nil
}

// runPhase runs phase p over sizes, n steps each, printing each size's
// result as it ends (or all of them as JSON at the end), and stops at the
// first size whose claim fails.
func runPhase(s *streams, p *phase.Phase, sizes []gallery.Size, n int, f *phaseFlags) error {
	opts := phase.Options{Real: f.real}
	if f.animate {
		g := gallery.DefaultOptions
		g.Animate = true
		opts.Gallery = &g
	}
	if f.hud {
		opts.OnStep = phase.HUDPrinter(s.err)
	}
	var bar *progress.Display
	switch {
	case len(sizes) > 1:
		bar = s.progress(len(sizes), "sizes")
	case n > spinnerSteps:
		bar = s.progress(-1, p.Name+" "+sizes[0].String())
	}
	defer bar.Done()
	failed := false
	var results []*phase.Result
	for _, size := range sizes {
		bar.Describe(size.String())
		r, err := phaseAt(p, size, n, opts, f.rend)
		if err != nil {
			return err
		}
		bar.Step(size.String())
		results = append(results, r)
		claim := p.Check(r)
		if !f.asJSON {
			bar.Clear()
			phase.Write(s.out, r, claim, f.frames)
		}
		if f.plotPath != "" {
			if err := phase.Plot(f.plotPath, len(sizes) > 1, r); err != nil {
				return err
			}
		}
		if claim != nil {
			failed = true
			break
		}
	}
	if f.asJSON {
		if err := writeJSON(s, phase.JSON(p, results)); err != nil {
			return err
		}
	}
	if failed {
		return harness.ErrFailed
	}
	return nil
}

// phaseAt runs phase p at one size with renderer rend; a latency trace it
// cannot write is a usage error naming the file.
func phaseAt(p *phase.Phase, size gallery.Size, n int, opts phase.Options, rend string) (*phase.Result, error) {
	rr, release, err := openRenderer(rend)
	if err != nil {
		return nil, err
	}
	opts.Window.Renderer = rr
	r := phase.Run(p, size, n, opts)
	release()
	if r.Err != nil {
		latency.Close() // reported here, once
		why := r.Err
		var pe *fs.PathError
		if errors.As(why, &pe) {
			why = pe.Err
		}
		return nil, harness.Usagef("%s=%s: cannot write the latency trace: %v; point it at a new or writable file", latency.EnvVar, os.Getenv(latency.EnvVar), why)
	}
	return r, nil
}

func sizeNames() []string {
	out := make([]string, len(gallery.Sizes))
	for i, s := range gallery.Sizes {
		out[i] = s.String()
	}
	return out
}

// parseSizes reads a size name or "all".
func parseSizes(arg string) ([]gallery.Size, error) {
	if arg == "all" {
		return gallery.Sizes, nil
	}
	size, err := gallery.Parse(arg)
	if err != nil {
		return nil, fmt.Errorf("%v, or all", err)
	}
	return []gallery.Size{size}, nil
}

func writeJSON(s *streams, v any) error {
	enc := json.NewEncoder(s.out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
