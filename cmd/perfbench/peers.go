package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/gallery"
	"github.com/perfbench/perfbench/subject/gio/peer"
)

// This file is the only part of the CLI that imports the Gio subject: the
// peers command wires it in, and nothing else of perfbench needs Gio.

func init() { subcommands = append(subcommands, newPeersCmd) }

func newPeersCmd(s *streams) *cobra.Command {
	var sizes, phases []string
	var steps int
	var form string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "peers",
		Short: "Run one interaction on perfbench's engine and on a Gio peer, interleaved",
		Long: `Drive the same interaction over perfbench's gallery in perfbench's engine
and over the same gallery written as a Gio program (gioui.org), in one
process, step by step alternately, and print per phase and size each
subject's frames, median and 95th-percentile frame cost, allocations per
frame, and the ratio of Gio's median to perfbench's. What each frame
includes, and so how fair the ratio is, is printed under the table.

Phases: ` + strings.Join(peer.Phases, " ") + `
Sizes:  ` + strings.Join(sizeNames(), " ") + `
Forms:  idiomatic (Gio page and scroll ports as layout.List), everything
        (every port laid out in full each frame)

Times are this machine's, measured now; the peer run gates nothing.`,
		Example: "  perfbench peers\n  perfbench peers --size s13 --phase hover\n  perfbench peers --form everything --size s1",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts := peer.DefaultOptions
			opts.Steps = steps
			if steps < 1 {
				return usagef("--steps must be a positive number of steps, got %d", steps)
			}
			if len(sizes) > 0 {
				opts.Sizes = nil
				for _, name := range sizes {
					size, err := gallery.Parse(name)
					if err != nil {
						return usageError{err}
					}
					opts.Sizes = append(opts.Sizes, size)
				}
			}
			if len(phases) > 0 {
				opts.Phases = phases
			}
			switch form {
			case "idiomatic":
				opts.Form = peer.Idiomatic
			case "everything":
				opts.Form = peer.Everything
			default:
				return usagef("unknown form %q (valid: idiomatic everything)", form)
			}
			for _, p := range opts.Phases {
				if !slices.Contains(peer.Phases, p) {
					return usagef("unknown peer phase %q (valid: %s)", p, strings.Join(peer.Phases, " "))
				}
			}
			opts.Progress = s.err
			rows, err := peer.Run(opts)
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(s.out)
				enc.SetIndent("", "  ")
				return enc.Encode(struct {
					Form    string     `json:"form"`
					Steps   int        `json:"steps"`
					Rows    []peer.Row `json:"rows"`
					Caveats []string   `json:"caveats"`
				}{opts.Form.String(), opts.Steps, rows, peer.Caveats(opts.Form)})
			}
			printPeers(s, rows, opts)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&sizes, "size", nil, "sizes to run (repeat or comma-separate; default s1,s13,s26)")
	f.StringSliceVar(&phases, "phase", nil, "phases to run (repeat or comma-separate; default hover,scroll,idle)")
	f.IntVar(&steps, "steps", peer.DefaultOptions.Steps, "steps of each phase at each size")
	f.StringVar(&form, "form", "idiomatic", "the Gio peer's form: idiomatic or everything")
	f.BoolVar(&asJSON, "json", false, "print the rows and caveats as JSON")
	return cmd
}

// printPeers prints the table, one line per subject, and the caveats.
func printPeers(s *streams, rows []peer.Row, opts peer.Options) {
	fmt.Fprintf(s.out, "peers: perfbench's engine and the Gio peer (%s form), %d steps each, interleaved\n\n", opts.Form, opts.Steps)
	tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "phase\tsize\tsubject\tframes\tmedian\tp95\tallocs/frame\tratio\t")
	for _, r := range rows {
		for _, sd := range []peer.Side{r.Engine, r.Gio} {
			ratio := ""
			if sd.Subject == "gio" {
				ratio = "—"
				if r.Ratio > 0 {
					ratio = fmt.Sprintf("%.0f×", r.Ratio)
				}
			}
			if sd.Frames == 0 {
				fmt.Fprintf(tw, "%s\t%s\t%s\t0\t—\t—\t—\t%s\t\n", r.Phase, r.Size, sd.Subject, ratio)
				continue
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%.0f\t%s\t\n", r.Phase, r.Size, sd.Subject, sd.Frames,
				duration(sd.Median), duration(sd.P95), sd.Allocs, ratio)
		}
	}
	tw.Flush()
	fmt.Fprintln(s.out, "\nratio: Gio's median frame over perfbench's. What the numbers include:")
	for _, c := range peer.Caveats(opts.Form) {
		fmt.Fprintf(s.out, "  - %s\n", c)
	}
}

// duration prints µs with a unit that keeps three significant figures.
func duration(us float64) string {
	switch {
	case us >= 1000:
		return fmt.Sprintf("%.2f ms", us/1000)
	case us >= 100:
		return fmt.Sprintf("%.0f µs", us)
	}
	return fmt.Sprintf("%.2f µs", us)
}
