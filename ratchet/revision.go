package ratchet

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/perfbench/perfbench/band"
)

// DefaultReferencePage is the generated page that lists the reference
// revision and each move of it, relative to the module root.
const DefaultReferencePage = "docs/perf/reference.md"

// whyFirstReference is why perf records the first reference.
const whyFirstReference = "first reference: the commit perfbench perf measured when the file had none"

// Compared is what the revision ratchet reads of a paired run of head
// against the reference: each time's verdict and ratio, and whether
// anything else failed. The harness fills it from the paired run (package
// paired), so the ratchet needs nothing of how the pairs ran.
type Compared struct {
	// Times are the suite's times, each with its paired verdict.
	Times []ComparedTime
	// Failed says head fails against the reference: a time or a count
	// failed, or nothing was judged.
	Failed bool
	// Broken says a scenario broke on either side, or a number could not
	// be judged: nothing of such a run is worth a move, even one asked
	// for.
	Broken bool
	// Failures says in words what failed or broke, for the report.
	Failures []string
}

// ComparedTime is one time of the paired run.
type ComparedTime struct {
	Ratio
	// Verdict is Pass, Fail, Unsure or Broken.
	Verdict band.Verdict
	// Faster: the whole interval lies below 1 (paired's "improved").
	// Slower: the whole interval lies above 1 but not beyond the
	// tolerance (paired's "within tolerance").
	Faster, Slower bool
}

// Advance decides whether the reference moves to head after a paired run
// that did not fail: it moves when no time is unsure, none is measurably
// slower (even within the tolerance) and at least one is significantly
// faster. A time measurably slower blocks the move although it passes,
// because a move that took it would let that time grow by up to the
// tolerance at every move, as long as another time got faster; an unsure
// time blocks it because the run could not rule out that it got slower
// beyond the tolerance. It returns the times that were faster, or why the
// reference stays.
func Advance(c Compared) (faster []Ratio, stays string) {
	if c.Failed || c.Broken {
		return nil, "head fails against the reference: " + strings.Join(c.Failures, "; ")
	}
	var unsure, slower []string
	for _, t := range c.Times {
		switch {
		case t.Verdict == band.Unsure:
			unsure = append(unsure, t.Scenario+" "+t.Number)
		case t.Verdict != band.Pass:
			return nil, fmt.Sprintf("%s %s is %s", t.Scenario, t.Number, t.Verdict)
		case t.Slower:
			slower = append(slower, formatRatio(t.Ratio))
		case t.Faster:
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

// ReferenceOptions configures OpenReference. Head is required.
type ReferenceOptions struct {
	// Baselines is the baselines file that names the reference; ""
	// means DefaultBaselines.
	Baselines string
	// Page is the generated page listing the reference and its moves;
	// "" means DefaultReferencePage.
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

	disk disk
}

// ReferenceOutcome is what a revision ratchet run did.
type ReferenceOutcome struct {
	// Reference is the reference head was judged against (the current
	// one before any move).
	Reference Reference `json:"reference"`
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
	Moved *Reference `json:"moved,omitempty"`
	// Stays says why the reference stays, when it does.
	Stays string `json:"stays,omitempty"`
	// Written says the baselines file and page were written.
	Written bool `json:"written"`
	// Recovered is what the run did first to finish an interrupted write.
	Recovered []string `json:"recovered,omitempty"`
}

// Revision is one run of the revision ratchet, in steps the command
// drives with values: [OpenReference] checks the options, takes the
// baselines' lock (unless Check), finishes an interrupted write and reads
// the reference from the baselines file; where head is not the reference
// ([Revision.Against]), the command judges head against it (a paired run
// of the two, built on this machine) and hands what it found to
// [Revision.Judge], which moves the reference to head when head is
// significantly faster ([Advance]) or Rebaseline asks; [Revision.Finish]
// writes the baselines file and the page as one group (see the package
// doc). A file with no reference is an input error unless Rebaseline,
// which records head as the first reference without a run. Bad input is
// an [*InputError] and leaves every file byte-identical. Close releases
// the lock.
type Revision struct {
	opts   ReferenceOptions
	store  *Store
	page   []byte
	unlock func()
	// first is the outcome before any paired run: the reference, or the
	// first one recorded, or that head is the reference.
	first ReferenceOutcome
	now   time.Time
}

// OpenReference starts a revision ratchet run (see [Revision]).
func OpenReference(opts ReferenceOptions) (*Revision, error) {
	if opts.Baselines == "" {
		opts.Baselines = DefaultBaselines
	}
	if opts.Page == "" {
		opts.Page = DefaultReferencePage
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.disk == nil {
		opts.disk = osDisk{}
	}
	switch {
	case !commitName.MatchString(opts.Head):
		panic("ratchet: OpenReference with head " + fmt.Sprintf("%q", opts.Head) + ", which is not a commit name (CheckCommit first)")
	case opts.Rebaseline && opts.Check:
		return nil, &InputError{Msg: "--rebaseline moves the reference, which --check never does; drop one of them"}
	case opts.Rebaseline && strings.TrimSpace(opts.Why) == "":
		return nil, &InputError{Msg: "--rebaseline needs --why \"…\": say why head is the right reference; it is recorded with the move and shown on the page"}
	case !opts.Rebaseline && strings.TrimSpace(opts.Why) != "":
		return nil, &InputError{Msg: "--why is recorded with a --rebaseline, and there is none; add --rebaseline, or drop --why"}
	}
	v := &Revision{opts: opts}
	o := ReferenceOutcome{Head: opts.Head}
	if !opts.Check {
		if err := checkDir(opts.Baselines, "--baselines"); err != nil {
			return nil, err
		}
		unlock, err := lockBaselines(opts.Baselines)
		if err != nil {
			return nil, err
		}
		v.unlock = unlock
		if o.Recovered, err = recoverGroup(opts.disk, opts.Baselines, []string{opts.Page}, ""); err != nil {
			v.Close()
			return nil, err
		}
	}
	var err error
	if v.store, err = Load(opts.Baselines); err != nil {
		v.Close()
		return nil, err
	}
	if v.page, err = readPage(opts.Page); err != nil {
		v.Close()
		return nil, err
	}
	v.now = opts.Now().UTC().Truncate(time.Second)
	ref, ok := v.store.Reference()
	switch {
	case !ok && !opts.Rebaseline:
		v.Close()
		return nil, &InputError{File: opts.Baselines, Msg: "names no reference revision; record one with perfbench perf (the commit it measures) or perfbench reference --rebaseline --why \"the first reference\""}
	case !ok:
		o.Moved = &Reference{Commit: opts.Head, Set: v.now, Kind: RefRebaselined, Why: opts.Why}
	case SameCommit(ref.Commit, opts.Head):
		o.Reference, o.Stays = ref, "head is the reference"
	default:
		o.Reference = ref
	}
	v.first = o
	return v, nil
}

// Close releases the baselines' lock, if the run holds it.
func (v *Revision) Close() {
	if v.unlock != nil {
		v.unlock()
		v.unlock = nil
	}
}

// Against returns the reference head is to be judged against, and false
// when no paired run is needed: head is the reference, or the first
// reference is recorded. Its outcome is then [Revision.Outcome].
func (v *Revision) Against() (Reference, bool) {
	return v.first.Reference, v.first.Moved == nil && v.first.Stays == ""
}

// Outcome is the run's outcome before any paired run, for Finish where
// [Revision.Against] needs none.
func (v *Revision) Outcome() ReferenceOutcome { return v.first }

// Judge decides what head's paired run against the reference, c, does to
// the reference.
func (v *Revision) Judge(c Compared) ReferenceOutcome {
	o, ref := v.first, v.first.Reference
	o.Judged = true
	o.Failed = c.Failed || c.Broken
	faster, stays := Advance(c)
	switch {
	case v.opts.Rebaseline && c.Broken:
		o.Stays = "a broken run measured nothing to rebaseline on: " + strings.Join(c.Failures, "; ")
	case v.opts.Rebaseline:
		o.Moved = &Reference{Commit: v.opts.Head, Set: v.now, Kind: RefRebaselined, Why: v.opts.Why, Ratios: ratios(c)}
		o.Failed = false
	case stays != "":
		o.Stays = stays
	default:
		parts := make([]string, len(faster))
		for i, q := range faster {
			parts[i] = formatRatio(q)
		}
		o.Moved = &Reference{Commit: v.opts.Head, Set: v.now, Kind: RefFaster, Ratios: ratios(c),
			Why: "significantly faster than " + short(ref.Commit) + ": " + strings.Join(parts, ", ")}
	}
	return o
}

// Finish writes the move o decided, if any and unless Check: the
// baselines file and the page, as one group.
func (v *Revision) Finish(o ReferenceOutcome) (ReferenceOutcome, error) {
	opts, store := v.opts, v.store
	if opts.Check || o.Moved == nil {
		return o, nil
	}
	if last, ok := store.Reference(); ok && o.Moved.Set.Before(last.Set) {
		o.Moved.Set = last.Set // a clock set back must not make the file unreadable
	}
	store.AddReference(*o.Moved)
	group := []fileWrite{{path: opts.Baselines, data: store.Marshal()}}
	if want := renderReferencePage(store.References(), filepath.Base(opts.Baselines)); !bytes.Equal(v.page, want) {
		if err := opts.disk.MkdirAll(filepath.Dir(opts.Page), 0o755); err != nil {
			return o, writeError(opts.Page, err)
		}
		group = append(group, fileWrite{path: opts.Page, data: want})
	}
	if err := writeGroup(opts.disk, manifestName(opts.Baselines), group...); err != nil {
		return o, err
	}
	o.Written = true
	return o, nil
}

// ratios are the finite ratios of a run's times, for the move's record.
func ratios(c Compared) []Ratio {
	var out []Ratio
	for _, t := range c.Times {
		if finiteRatio(t.Ratio) {
			out = append(out, t.Ratio)
		}
	}
	return out
}

// readPage reads the reference page, nil when it does not exist.
func readPage(path string) ([]byte, error) {
	data, err := readRegular(path, "the reference page", "point --docs at the page, or remove it to have it written afresh")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// renderReferencePage is the whole page listing the references, newest
// first: generated from the baselines file alone, so it is the same bytes
// on every machine.
func renderReferencePage(refs []Reference, baselines string) []byte {
	var b strings.Builder
	b.WriteString("# Reference revision\n\n")
	b.WriteString("<!-- Generated by `perfbench perf` and `perfbench reference` from the references in " + baselines + "; do not edit. -->\n\n")
	b.WriteString(`Main's CI runs ` + "`perfbench reference`" + ` on every push: head and the reference revision
below are built in the same job, on the same runner, and run in pairs (each
side built several times with another function layout). A time more than the
tolerance slower than the reference fails the push, so small regressions that
each pass against their parent add up against the reference and fail when
their sum does. The reference moves to head only when head is significantly
faster on a time, measurably slower on none, unsure on none, with every count
passing — or by ` + "`perfbench reference --rebaseline --why \"…\"`" + `. The ratios are head over
the reference it moved from, with the interval the paired verdict judged by.

`)
	if len(refs) == 0 {
		b.WriteString("No reference is recorded yet.\n")
		return []byte(b.String())
	}
	cur := refs[len(refs)-1]
	fmt.Fprintf(&b, "**The reference:** `%s`, since %s (%s).\n\n", short(cur.Commit), cur.Set.UTC().Format("2006-01-02 15:04 UTC"), cur.Kind)
	b.WriteString("| # | commit | set | move | from | ratios head/reference | why |\n|---|---|---|---|---|---|---|\n")
	for i := len(refs) - 1; i >= 0; i-- {
		r := refs[i]
		from := "—"
		if i > 0 {
			from = "`" + short(refs[i-1].Commit) + "`"
		}
		var qs []string
		for _, q := range r.Ratios {
			qs = append(qs, formatRatio(q))
		}
		rs := "—"
		if len(qs) > 0 {
			rs = strings.Join(qs, "; ")
		}
		fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s | %s | %s |\n", i+1, short(r.Commit), r.Set.UTC().Format("2006-01-02 15:04"), r.Kind, from, cell(rs), cell(r.Why))
	}
	return []byte(b.String())
}
