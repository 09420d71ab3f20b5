// Package revision is the revision ratchet behind perfbench reference: one
// reference revision for the whole baselines file, which main's CI judges
// head against in a paired run built on the same machine, and which moves
// to head only when head is significantly faster on a time, measurably
// slower on none and unsure on none, or when asked with a
// reason. A move is appended to the baselines file and the reference page
// regenerated, as one write group.
package revision

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/internal/publish/perfdocs"
)

// compared is what the revision ratchet reads of the outcome of a paired
// run of head against the reference: each time's verdict and ratio, and
// whether anything else failed; nothing of how the pairs ran.
type compared struct {
	// times are the suite's times, each with its paired verdict.
	times []comparedTime
	// failed says head fails against the reference: a time or a count
	// failed, or nothing was judged.
	failed bool
	// broken says a scenario broke on either side, or a number could not
	// be judged: nothing of such a run is worth a move, even one asked
	// for.
	broken bool
	// failures says in words what failed or broke, for the report.
	failures []string
}

// comparedTime is one time of the paired run.
type comparedTime struct {
	baselines.Ratio
	// verdict is Pass, Fail, Unsure or Broken.
	verdict band.Verdict
	// faster: the whole interval lies below 1 (paired's "improved").
	// slower: the whole interval lies above 1 but not beyond the
	// tolerance (paired's "within tolerance").
	faster, slower bool
}

// read is what the revision ratchet reads of a paired run's outcome: an
// unsure time fails it only when the run was told to fail on one.
func read(o outcome.Outcome) compared {
	broken := o.Broken()
	c := compared{failed: o.Failed(), broken: len(broken) > 0 || o.Verdict == band.Broken || o.Verdict == band.None}
	c.failures = append(c.failures, broken...)
	if o.Verdict == band.None {
		c.failures = append(c.failures, "nothing was judged")
	}
	for _, n := range o.Numbers() {
		if n.Verdict.Failed() || o.FailUnsure && n.Verdict == band.Unsure {
			c.failures = append(c.failures, strings.TrimSpace(n.Scenario+" "+n.Name+": "+n.Note))
		}
		if !n.Band.Kind.Estimated() || n.Verdict == band.None {
			continue
		}
		c.times = append(c.times, comparedTime{
			Ratio:   baselines.Ratio{Scenario: n.Scenario, Number: n.Name, Ratio: n.Ratio.Value, Lo: n.Ratio.Lo, Hi: n.Ratio.Hi, Pairs: n.Ratio.Pairs},
			verdict: n.Verdict, faster: n.Move == outcome.Better, slower: n.Move == outcome.Within,
		})
	}
	return c
}

// advance decides whether the reference moves to head after a paired run
// that did not fail: it moves when no time is unsure, none is measurably
// slower (even within the tolerance) and at least one is significantly
// faster. A time measurably slower blocks the move although it passes,
// because a move that took it would let that time grow by up to the
// tolerance at every move, as long as another time got faster; an unsure
// time blocks it because the run could not rule out that it got slower
// beyond the tolerance. It returns the times that were faster, or why the
// reference stays.
func advance(c compared) (faster []baselines.Ratio, stays string) {
	if c.failed || c.broken {
		return nil, "head fails against the reference: " + strings.Join(c.failures, "; ")
	}
	var unsure, slower []string
	for _, t := range c.times {
		switch {
		case t.verdict == band.Unsure:
			unsure = append(unsure, t.Scenario+" "+t.Number)
		case t.verdict != band.Pass:
			return nil, fmt.Sprintf("%s %s is %s", t.Scenario, t.Number, t.verdict)
		case t.slower:
			slower = append(slower, t.Ratio.String())
		case t.faster:
			faster = append(faster, t.Ratio)
		}
	}
	switch {
	case len(unsure) > 0:
		return nil, "unsure: " + strings.Join(unsure, ", ") + " (the run could not tell whether head is slower beyond the tolerance)"
	case len(slower) > 0:
		return nil, "measurably slower, within the tolerance: " + strings.Join(slower, ", ")
	case len(faster) == 0:
		return nil, "no time significantly faster"
	}
	return faster, ""
}

// Options configures Open. Head is required.
type Options struct {
	// Baselines is the baselines file that names the reference; ""
	// means baselines.DefaultFile.
	Baselines string
	// Page is the generated page listing the reference and its moves;
	// "" means perfdocs.DefaultReferencePage.
	Page string
	// Head is the commit head was built from (the reference's candidate).
	Head string
	// Rebaseline moves the reference to head whatever the verdict, but
	// for a broken run; Why says why, and is required with it.
	Rebaseline bool
	Why        string
	// Check judges and writes nothing: no lock, no recovery, no move.
	Check bool
	// Now stamps a move; nil means time.Now.
	Now func() time.Time

	disk writegroup.Disk
}

// Outcome is what a revision ratchet run did.
type Outcome struct {
	// Reference is the reference head was judged against (the current
	// one before any move).
	Reference baselines.Reference `json:"reference"`
	// Head is head's commit.
	Head string `json:"head"`
	// Judged says a paired run was made; false when head is the
	// reference, or the first reference was recorded.
	Judged bool `json:"judged"`
	// Failed says head fails against the reference beyond the tolerance
	// (or broke): the command fails, unless Rebaseline moved it.
	Failed bool `json:"failed"`
	// Moved is the new reference when the reference moved (or, with
	// Check, would have moved); nil when it stays.
	Moved *baselines.Reference `json:"moved,omitempty"`
	// Stays says why the reference stays, when it does.
	Stays string `json:"stays,omitempty"`
	// Written says the baselines file and page were written.
	Written bool `json:"written"`
	// Recovered is what the run did first to finish an interrupted write.
	Recovered []string `json:"recovered,omitempty"`
}

// Ratchet is one run of the revision ratchet, in steps the command
// drives with values: [Open] checks the options, takes the
// baselines' lock (unless Check), finishes an interrupted write and reads
// the reference from the baselines file; where head is not the reference
// ([Ratchet.Against]), the command judges head against it (a paired run
// of the two, built on this machine) and hands what it found to
// [Ratchet.Judge], which moves the reference to head when head is
// significantly faster (see advance) or Rebaseline asks; [Ratchet.Finish]
// writes the baselines file and the page as one group (package
// writegroup). A file with no reference is an input error unless Rebaseline,
// which records head as the first reference without a run. Bad input is
// an [*writegroup.InputError] and leaves every file byte-identical. Close releases
// the lock.
type Ratchet struct {
	opts   Options
	store  *baselines.Store
	page   []byte
	unlock func()
	// first is the outcome before any paired run: the reference, or the
	// first one recorded, or that head is the reference.
	first Outcome
	now   time.Time
}

// Open starts a revision ratchet run (see [Ratchet]).
func Open(opts Options) (*Ratchet, error) {
	if opts.Baselines == "" {
		opts.Baselines = baselines.DefaultFile
	}
	if opts.Page == "" {
		opts.Page = perfdocs.DefaultReferencePage
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.disk == nil {
		opts.disk = writegroup.OS{}
	}
	switch {
	case baselines.CheckCommit("head", opts.Head) != nil:
		panic("revision: Open with head " + fmt.Sprintf("%q", opts.Head) + ", which is not a commit name (baselines.CheckCommit first)")
	case opts.Rebaseline && opts.Check:
		return nil, &writegroup.InputError{Msg: "--rebaseline moves the reference, which --check never does; drop one of them"}
	case opts.Rebaseline && strings.TrimSpace(opts.Why) == "":
		return nil, &writegroup.InputError{Msg: "--rebaseline needs --why \"…\": say why head is the right reference; it is recorded with the move and shown on the page"}
	case !opts.Rebaseline && strings.TrimSpace(opts.Why) != "":
		return nil, &writegroup.InputError{Msg: "--why is recorded with a --rebaseline, and there is none; add --rebaseline, or drop --why"}
	}
	v := &Ratchet{opts: opts}
	o := Outcome{Head: opts.Head}
	if !opts.Check {
		if err := writegroup.CheckDir(opts.Baselines, "--baselines"); err != nil {
			return nil, err
		}
		unlock, err := writegroup.Lock(opts.Baselines)
		if err != nil {
			return nil, err
		}
		v.unlock = unlock
		if o.Recovered, err = writegroup.Recover(opts.disk, opts.Baselines, []string{opts.Page}, "", ""); err != nil {
			v.Close()
			return nil, err
		}
	}
	var err error
	if v.store, err = baselines.Load(opts.Baselines); err != nil {
		v.Close()
		return nil, err
	}
	if v.page, err = perfdocs.ReadPage(opts.Page); err != nil {
		v.Close()
		return nil, err
	}
	v.now = opts.Now().UTC().Truncate(time.Second)
	ref, ok := v.store.Reference()
	switch {
	case !ok && !opts.Rebaseline:
		v.Close()
		return nil, &writegroup.InputError{File: opts.Baselines, Msg: "names no reference revision; record one with perfbench perf (the commit it measures) or perfbench reference --rebaseline --why \"the first reference\""}
	case !ok:
		o.Moved = &baselines.Reference{Commit: opts.Head, Set: v.now, Kind: baselines.RefRebaselined, Why: opts.Why}
	case baselines.SameCommit(ref.Commit, opts.Head):
		o.Reference, o.Stays = ref, "head is the reference"
	default:
		o.Reference = ref
	}
	v.first = o
	return v, nil
}

// Close releases the baselines' lock, if the run holds it.
func (v *Ratchet) Close() {
	if v.unlock != nil {
		v.unlock()
		v.unlock = nil
	}
}

// Against returns the reference head is to be judged against, and false
// when no paired run is needed: head is the reference, or the first
// reference is recorded. Its outcome is then [Ratchet.Outcome].
func (v *Ratchet) Against() (baselines.Reference, bool) {
	return v.first.Reference, v.first.Moved == nil && v.first.Stays == ""
}

// Name is how a message names the reference, which no flag gave: by the
// baselines file and the line that hold it ("the reference revision
// 0123456789ab in perf/baselines.yaml:3").
func (v *Ratchet) Name() string {
	name := "the reference revision " + baselines.Short(v.first.Reference.Commit) + " in " + v.opts.Baselines
	if line := v.store.ReferenceLine(); line > 0 {
		name += ":" + strconv.Itoa(line)
	}
	return name
}

// Outcome is the run's outcome before any paired run, for Finish where
// [Ratchet.Against] finds no reference to judge against.
func (v *Ratchet) Outcome() Outcome { return v.first }

// Judge decides what the outcome of head's paired run against the
// reference, run, does to the reference.
func (v *Ratchet) Judge(run outcome.Outcome) Outcome {
	c := read(run)
	o, ref := v.first, v.first.Reference
	o.Judged = true
	o.Failed = c.failed || c.broken
	faster, stays := advance(c)
	switch {
	case v.opts.Rebaseline && c.broken:
		o.Stays = "a broken run measured nothing to rebaseline on: " + strings.Join(c.failures, "; ")
	case v.opts.Rebaseline:
		o.Moved = &baselines.Reference{Commit: v.opts.Head, Set: v.now, Kind: baselines.RefRebaselined, Why: v.opts.Why, Ratios: ratios(c)}
		o.Failed = false
	case stays != "":
		o.Stays = stays
	default:
		parts := make([]string, len(faster))
		for i, q := range faster {
			parts[i] = q.String()
		}
		o.Moved = &baselines.Reference{Commit: v.opts.Head, Set: v.now, Kind: baselines.RefFaster, Ratios: ratios(c),
			Why: "significantly faster than " + baselines.Short(ref.Commit) + ": " + strings.Join(parts, ", ")}
	}
	return o
}

// Finish writes the move o decided, if any and unless Check: the
// baselines file and the page, as one group.
func (v *Ratchet) Finish(o Outcome) (Outcome, error) {
	opts, store := v.opts, v.store
	if opts.Check || o.Moved == nil {
		return o, nil
	}
	if last, ok := store.Reference(); ok && o.Moved.Set.Before(last.Set) {
		o.Moved.Set = last.Set // a clock set back must not make the file unreadable
	}
	store.AddReference(*o.Moved)
	group := []writegroup.Member{{Path: opts.Baselines, Data: store.Marshal()}}
	if want := perfdocs.ReferencePage(store.References(), filepath.Base(opts.Baselines)); !bytes.Equal(v.page, want) {
		if err := opts.disk.MkdirAll(filepath.Dir(opts.Page), 0o755); err != nil {
			return o, writegroup.WriteError(opts.Page, err)
		}
		group = append(group, writegroup.Member{Path: opts.Page, Data: want})
	}
	if err := writegroup.Write(opts.disk, opts.Baselines, group...); err != nil {
		return o, err
	}
	o.Written = true
	return o, nil
}

// ratios are the finite ratios of a run's times, for the move's record.
func ratios(c compared) []baselines.Ratio {
	var out []baselines.Ratio
	for _, t := range c.times {
		if t.Ratio.Finite() {
			out = append(out, t.Ratio)
		}
	}
	return out
}
