package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/peers"
	"github.com/perfbench/perfbench/internal/publish/terminal"
	"github.com/perfbench/perfbench/subject/gio/peer"
	"github.com/perfbench/perfbench/ui/gallery"
)

// This file and peers_fyne.go are the only parts of the CLI that import a
// toolkit's subject: the peers command wires the peers in, and nothing
// else of perfbench needs them.

func init() { subcommands = append(subcommands, newPeersCmd) }

// morePeers are the peers besides Gio's that this build has. The Fyne
// peer is built in only with -tags fyne (peers_fyne.go): Fyne's lang
// package logs three lines of "Fyne error: Error parsing user locale C"
// to stderr from its init, before main, wherever LANG is C.UTF-8 (the
// default of Debian's and Ubuntu's images and of GitHub's runners;
// fyne-io/fyne#5271), so a perfbench with Fyne linked in would print them
// at the head of every command's output there.
var morePeers []peers.Peer

func newPeersCmd(s *streams) *cobra.Command {
	var sizes, phases, only []string
	var steps int
	var form string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "peers",
		Short: "Run one interaction on perfbench's engine and on its peers (Gio, Fyne), interleaved",
		Long: `Drive the same interaction over perfbench's gallery in perfbench's engine
and in the same gallery written for each peer, in turns of ` + strconv.Itoa(peers.DefaultBlock) + ` steps
so that each runs warm, and print each one's frame costs with its CPU time
as a ratio to perfbench's. The peer run gates nothing.

Phases: ` + strings.Join(peers.Phases, " ") + `
Sizes:  ` + strings.Join(sizeNames(), " ") + `
Peers:  ` + peersLine() + `

Details: perfbench's docs/diagnosis.md.`,
		Example: "  perfbench peers\n  perfbench peers --size s13 --phase hover\n  perfbench peers --form everything --size s1",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, gioPeer, err := peersOptions(sizes, phases, only, steps, form)
			if err != nil {
				return err
			}
			if !s.quiet {
				opts.Progress = s.err
			}
			rows, err := peers.Run(opts)
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(s.out)
				enc.SetIndent("", "  ")
				return enc.Encode(struct {
					Form    string      `json:"form"`
					Steps   int         `json:"steps"`
					Rows    []peers.Row `json:"rows"`
					Caveats []string    `json:"caveats"`
				}{gioPeer.Form.String(), opts.Steps, rows, peers.Caveats(opts)})
			}
			printPeers(s, rows, opts, gioPeer.Form)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&sizes, "size", nil, "sizes to run (repeat or comma-separate; default s1,s13,s26)")
	f.StringSliceVar(&phases, "phase", nil, "phases to run (repeat or comma-separate; default hover,scroll,idle)")
	f.StringSliceVar(&only, "peer", nil, "peers to run beside perfbench (repeat or comma-separate; default every one this build has)")
	f.IntVar(&steps, "steps", peers.DefaultOptions.Steps, "steps of each phase at each size")
	f.StringVar(&form, "form", "idiomatic", "the Gio peer's form: idiomatic or everything")
	f.BoolVar(&asJSON, "json", false, "print the rows and caveats as JSON")
	return harness.Declare(cmd, harness.IntRange("steps", peers.Warmup+1, harness.NoLimit,
		"each block leaves out its first "+strconv.Itoa(peers.Warmup)+" steps, to run warm"))
}

// peersOptions are the peer run's options from its flags, with the Gio
// peer in the form asked for; each refusal is a usage error.
func peersOptions(sizes, phases, only []string, steps int, form string) (peers.Options, peer.Peer, error) {
	opts := peers.DefaultOptions
	opts.Steps = steps
	if len(sizes) > 0 {
		opts.Sizes = nil
		for _, name := range sizes {
			size, err := gallery.Parse(name)
			if err != nil {
				return opts, peer.Peer{}, harness.UsageError{Err: err}
			}
			opts.Sizes = append(opts.Sizes, size)
		}
	}
	if len(phases) > 0 {
		opts.Phases = phases
	}
	gioPeer := peer.Peer{}
	switch form {
	case "idiomatic":
		gioPeer.Form = peer.Idiomatic
	case "everything":
		gioPeer.Form = peer.Everything
	default:
		return opts, gioPeer, harness.Usagef("unknown form %q (valid: idiomatic everything)", form)
	}
	for _, p := range opts.Phases {
		if !slices.Contains(peers.Phases, p) {
			return opts, gioPeer, harness.Usagef("unknown peer phase %q (valid: %s)", p, strings.Join(peers.Phases, " "))
		}
	}
	all := append([]peers.Peer{gioPeer}, morePeers...)
	if len(only) == 0 {
		opts.Peers = all
	}
	for _, name := range only {
		i := slices.IndexFunc(all, func(p peers.Peer) bool { return p.Name() == name })
		if i < 0 {
			return opts, gioPeer, harness.Usagef("unknown peer %q (valid in this build: %s)", name, strings.Join(peerNames(), " "))
		}
		opts.Peers = append(opts.Peers, all[i])
	}
	return opts, gioPeer, nil
}

// peerNames are the peers this build has.
// peersLine names the peers of this build, and the one a -tags fyne build
// adds when this build lacks it.
func peersLine() string {
	names := peerNames()
	if slices.Contains(names, "fyne") {
		return strings.Join(names, " ")
	}
	return strings.Join(names, " ") + " (a -tags fyne build adds fyne)"
}

func peerNames() []string {
	names := []string{peer.Peer{}.Name()}
	for _, p := range morePeers {
		names = append(names, p.Name())
	}
	return names
}

// printPeers prints the table, one line per subject, and the caveats.
func printPeers(s *streams, rows []peers.Row, opts peers.Options, form peer.Form) {
	var names []string
	for _, p := range opts.Peers {
		name := p.Name()
		if name == "gio" {
			name += " (" + form.String() + " form)"
		}
		names = append(names, name)
	}
	fmt.Fprintf(s.out, "peers: perfbench's engine beside %s, %d steps each, interleaved\n\n", strings.Join(names, " and "), opts.Steps)
	tw := tabwriter.NewWriter(s.out, 0, 0, 2, ' ', tabwriter.AlignRight)
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
	printCold(s, rows, opts)
	fmt.Fprintln(s.out, "\nratio: a peer's cpu over perfbench's. What the numbers include:")
	for _, c := range peers.Caveats(opts) {
		fmt.Fprintln(s.out, terminal.Wrap(c, peersWidth, "  - ", "    "))
	}
}

// peersWidth is the widest line peers prints, the CLI's 100 columns.
const peersWidth = 100

// printCold prints the cold figures, a line a row that drew: each
// block's first step, on the caches another subject's block evicted, with
// its multiple of the subject's warm step, which is what the blocks keep
// out of the table.
func printCold(s *streams, rows []peers.Row, opts peers.Options) {
	fmt.Fprintf(s.out, "\ncold cpu, the first step of each block of %d, right after another subject's block,\n", opts.Block)
	fmt.Fprintln(s.out, "with its multiple of the warm step's cpu and, for a peer, its ratio to perfbench's cold step:")
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
			fmt.Fprintln(s.out, terminal.Wrap(strings.Join(parts, ", "), peersWidth, fmt.Sprintf("  %s %s: ", r.Phase, r.Size), "    "))
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
