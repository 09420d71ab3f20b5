package peers

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/perfbench/perfbench/internal/publish/terminal"
)

// Write prints the table, one line per subject, and the caveats; form
// names the Gio peer's form.
func Write(w io.Writer, rows []Row, opts Options, form string) {
	var names []string
	for _, p := range opts.Peers {
		name := p.Name()
		if name == "gio" {
			name += " (" + form + " form)"
		}
		names = append(names, name)
	}
	fmt.Fprintf(w, "peers: perfbench's engine beside %s, %d steps each, interleaved\n\n", strings.Join(names, " and "), opts.Steps)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "phase\tsize\tsubject\tframes\tmedian\tp95\tcpu\tallocs/frame\tlayout\tpaint\tratio\t")
	for _, r := range rows {
		for i, sd := range r.Sides {
			ratio := ""
			if i > 0 {
				ratio = "—"
				if sd.Ratio > 0 {
					ratio = fmt.Sprintf("%.1f×", sd.Ratio)
				}
			}
			if sd.Frames == 0 {
				fmt.Fprintf(tw, "%s\t%s\t%s\t0\t—\t—\t—\t—\t—\t—\t%s\t\n", r.Phase, r.Size, sd.Subject, ratio)
				continue
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\t%.0f\t%s\t%s\t%s\t\n", r.Phase, r.Size, sd.Subject, sd.Frames,
				duration(sd.Median), duration(sd.P95), duration(sd.CPU), sd.Allocs, part(sd.Layout), part(sd.Paint), ratio)
		}
	}
	tw.Flush()
	printCold(w, rows, opts)
	fmt.Fprintln(w, "\nratio: a peer's cpu over perfbench's. What the numbers include:")
	for _, c := range Caveats(opts) {
		fmt.Fprintln(w, terminal.Wrap(c, peersWidth, "  - ", "    "))
	}
}

// peersWidth is the widest line peers prints, the CLI's 100 columns.
const peersWidth = 100

// printCold prints the cold figures, a line a row that drew: each
// block's first step, on the caches another subject's block evicted, with
// its multiple of the subject's warm step, which is what the blocks keep
// out of the table.
func printCold(w io.Writer, rows []Row, opts Options) {
	fmt.Fprintf(w, "\ncold cpu, the first step of each block of %d, right after another subject's block,\n", opts.Block)
	fmt.Fprintln(w, "with its multiple of the warm step's cpu and, for a peer, its ratio to perfbench's cold step:")
	for _, r := range rows {
		var parts []string
		for _, sd := range r.Sides {
			if sd.ColdCPU == 0 {
				continue
			}
			part := sd.Subject + " " + duration(sd.ColdCPU)
			if sd.CPU > 0 {
				part += fmt.Sprintf(" (%.1f× warm)", sd.ColdCPU/sd.CPU)
			}
			if sd.ColdRatio > 0 {
				part += fmt.Sprintf(" ratio %.1f×", sd.ColdRatio)
			}
			parts = append(parts, part)
		}
		if len(parts) > 0 {
			fmt.Fprintln(w, terminal.Wrap(strings.Join(parts, ", "), peersWidth, fmt.Sprintf("  %s %s: ", r.Phase, r.Size), "    "))
		}
	}
}

// part prints a frame's part, or a dash where the subject does not time
// it apart.
func part(us float64) string {
	if us == 0 {
		return "—"
	}
	return duration(us)
}

// duration prints µs with a unit that keeps three significant figures.
func duration(us float64) string {
	switch {
	case us >= 1e6:
		return fmt.Sprintf("%.2f s", us/1e6)
	case us >= 1e5:
		return fmt.Sprintf("%.0f ms", us/1000)
	case us >= 1000:
		return fmt.Sprintf("%.2f ms", us/1000)
	case us >= 100:
		return fmt.Sprintf("%.0f µs", us)
	}
	return fmt.Sprintf("%.2f µs", us)
}
