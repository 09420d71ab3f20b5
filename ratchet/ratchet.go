package ratchet

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"golang.org/x/perf/benchmath"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/judge/outcome"
	"github.com/perfbench/perfbench/internal/judge/stats"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/history"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/internal/publish/chart"
	"github.com/perfbench/perfbench/internal/publish/perfdocs"
	"github.com/perfbench/perfbench/scenario"
)

// whyFirstReference is why perf records the first reference.
const whyFirstReference = "first reference: the commit perfbench perf measured when the file had none"

// Options configures a ratchet run ([Open]). The zero Options records from this binary on this
// machine into baselines.DefaultFile and perfdocs.DefaultFile.
type Options struct {
	// Baselines is the baselines file; "" means baselines.DefaultFile.
	Baselines string
	// Docs is the docs file; "" means perfdocs.DefaultFile.
	Docs string

	// Scenarios are the valid scenario names, in report order. Run checks
	// Rebaseline against them before measuring anything, and judges a
	// named scenario that measure did not return as Broken. Nil means the
	// names measure returns are the valid ones (checked after measuring).
	Scenarios []string

	// Known are every scenario the binary has, when Scenarios is only some
	// of them (perfbench scenarios NAME): a baseline for a scenario in
	// neither is refused as unknown. Nil means Scenarios.
	Known []string

	// Rebaseline names what this run records afresh, up or down
	// (--rebaseline): a scenario (its counts and instruction counts that
	// changed), NAME/NUMBER, NAME/KIND or a kind (time, count,
	// instructions); see rebaseline.go. Each scenario must be known, each
	// number measured, and Why must say why.
	Rebaseline []string
	// Why is recorded with a rebaseline (--why TEXT).
	Why string
	// Program is the command a failure's fix names ("" means
	// "perfbench"): a program that measures itself runs its own.
	Program string

	// Check judges against the stored baselines, takes no lock, writes
	// nothing, and reports whether the docs file's generated section is
	// out of date (outcome.Recording.DocsStale):
	// what CI runs, so that a machine's noise can never rewrite the docs in
	// CI and only a change to a number the docs show makes it fail.
	Check bool
	// AdvisoryTimes (with Check only: a recording run refuses it) judges every time
	// against its band and reports it, but a time over its limit does not
	// fail the run: counts and Broken still do. It is for a machine whose
	// speed is not the one its baselines were recorded at — a virtual
	// machine whose host's other tenants come and go (on the reference
	// machine, one idle VM read the same binary's resize frame at 3 618 and
	// 6 657 µs three minutes apart) — where the times that gate are
	// same-run ratios and paired runs (scenarios --base), which cancel the
	// machine's speed.
	AdvisoryTimes bool

	// Machine is the machine the times are keyed by; the zero Machine
	// means baselines.DetectMachine().
	Machine baselines.Machine
	// Toolchain is the key instructions are recorded under (kept
	// band.PerToolchain): what decides them — the architecture and
	// its level, the Go and Valgrind versions — so that every machine of
	// one toolchain judges them against one baseline. The command that
	// measured them sets it; judging a portable number without it is a
	// programming error.
	Toolchain string
	// Build is the binary's build information; nil means
	// debug.ReadBuildInfo(). Tests pass a synthetic one.
	Build *debug.BuildInfo
	// Now stamps new baselines; nil means time.Now.
	Now func() time.Time

	// History is the file of every baseline set (package history); "" means
	// history.yaml beside Baselines.
	History string
	// Charts is the directory of the scenarios' SVG charts, embedded in
	// the docs; "" means perf/charts beside Docs.
	Charts string
	// Commit is recorded with each baseline set; "" means the revision in
	// Build, where the build says.
	Commit string
	// AllowDirty records from a binary whose commit ends in "-dirty"
	// (built from a tree with uncommitted changes). Without it such a
	// recording is refused: its history entry would name a commit that
	// does not hold the code measured, and once that commit is amended or
	// rebased it names nothing at all. Allowed, the entry keeps the
	// "-dirty" mark and the charts star it.
	AllowDirty bool

	// ReferenceCommit, when the baselines file names no reference
	// revision yet, is recorded as the first one (package revision): the
	// full commit of the measured binary's clean tree. "" records none
	// (a tree with uncommitted changes names no revision that holds the
	// code measured).
	ReferenceCommit string
	// ReferencePage is the generated page of the reference and its moves;
	// "" means perf/reference.md beside Docs. It is written with the group
	// whenever the baselines file names a reference and the page's bytes
	// differ, and Check reports it stale (outcome.Recording.Stale).
	ReferencePage string

	// Profiles, when set, returns the instructions profile (pprof's
	// format, gzipped) this run counted scenario with, nil where it has
	// none. Whenever one of the scenario's instructions baselines moves,
	// it is written to ProfilePath(ProfilesDir, scenario) in the same
	// write group as the baselines file: the profile a later run's
	// where-table diffs against (profiles.go).
	Profiles func(scenario string) []byte
	// ProfileCurrent, when set, reports whether a kept profile is
	// written the way this run writes them; one that is not (an older
	// perfbench's, which a where-table cannot diff against) is rewritten
	// with the next write, as a missing one is.
	ProfileCurrent func(data []byte) bool
	// ProfilesDir is where those profiles are kept; "" means ProfilesDir
	// beside Baselines.
	ProfilesDir string

	// disk is where the files are written; nil means the real file
	// system. A test fails its operations one at a time.
	disk writegroup.Disk
}

func (o Options) withDefaults() Options {
	if o.Baselines == "" {
		o.Baselines = baselines.DefaultFile
	}
	if o.Docs == "" {
		o.Docs = perfdocs.DefaultFile
	}
	if o.Machine.IsZero() {
		o.Machine = baselines.DetectMachine()
	}
	if o.Build == nil {
		if bi, ok := debug.ReadBuildInfo(); ok {
			o.Build = bi
		}
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.History == "" {
		o.History = filepath.Join(filepath.Dir(o.Baselines), "history.yaml")
	}
	if o.Charts == "" {
		o.Charts = filepath.Join(filepath.Dir(o.Docs), "perf", "charts")
	}
	if o.Commit == "" {
		o.Commit = commitOf(o.Build)
	}
	if o.ReferencePage == "" {
		o.ReferencePage = filepath.Join(filepath.Dir(o.Docs), "perf", "reference.md")
	}
	if o.ProfilesDir == "" {
		o.ProfilesDir = filepath.Join(filepath.Dir(o.Baselines), ProfilesDir)
	}
	if o.disk == nil {
		o.disk = writegroup.OS{}
	}
	return o
}

// chartsLink returns the charts directory as the docs file links to it:
// relative to the docs file's directory, with slashes.
func (o Options) chartsLink() string {
	rel, err := filepath.Rel(filepath.Dir(o.Docs), o.Charts)
	if err != nil {
		rel = o.Charts
	}
	return filepath.ToSlash(rel)
}

// Ratchet is one recording run of the ratchet over its files (perfbench
// perf, and perf --check), in steps the command drives with values, as
// benchstat's pipeline does: [Open] checks every input that can be
// checked before measuring and, for a recording run, takes the
// baselines' lock and puts the files back in order; [Judge], a function
// of what the runner measured and what Open read ([Ratchet.Stored],
// [Ratchet.Scope], [Ratchet.Rule]), judges it; between Judge and Finish
// the command measures once more the scenarios [Straddling] and
// [Recounting] name and hands their results to [Rejudge];
// [Ratchet.Finish] performs the ratchet's other two obligations with the
// results judged, or checks the docs. Close releases the lock. A run that
// writes nothing (perfbench scenarios) opens nothing: it reads the
// baselines with [Load] and judges them.
//
// The ratchet's three obligations, in order:
//
//  1. Verdict: judge every band against this machine's baselines; a
//     straddling breach is measured once more in a fresh process and that
//     second judgement stands.
//  2. Ratchet: record a baseline for every time this machine has none for,
//     lower one whose new median is significantly lower (Mann-Whitney U
//     test of the stored samples against the new, alpha 0.05), and raise
//     one only for a scenario named in Rebaseline. The baselines file is
//     written, atomically, only when a baseline moved.
//  3. Docs: rewrite the docs file's generated section, atomically, when a
//     number in it moved beyond its noise; create the file if it does not
//     exist.
//
// Bad input (see [writegroup.InputError]) is refused and leaves every file
// byte-identical: a malformed, empty, unreadable, non-regular or oversized
// baselines, history or docs file, a value that is not finite and
// plausible, a baseline for a scenario or number that does not exist (a
// renamed scenario) or in another unit, baselines the history records but
// the file lost, damaged docs markers, an unknown --rebaseline name or one
// without --why, a file whose directory does not exist and, unless
// Check, a binary built with -race, coverage or -gcflags=-N/-l or
// (without AllowDirty) from a tree with uncommitted changes. Open refuses
// all of these but an unknown number, a unit and a lost baseline, which
// Judge refuses; nothing is written before Finish.
//
// A recording run holds an exclusive lock on the baselines file's
// directory from Open to Close; a second one is refused. The baselines,
// docs and history files and the charts are written as one group, whole
// or not at all (package writegroup). A failed verdict is not an error,
// but a failing run writes nothing (outcome.Recording.Withheld says so): noise that
// fails a band is never recorded or published.
type Ratchet struct {
	opts Options
	files
	docs *perfdocs.Docs
	hist *history.History
	page []byte
}

// Open checks the options and files and reads them: the first part of a
// ratchet run (see [Ratchet]). Close the Ratchet when done.
func Open(opts Options) (*Ratchet, error) {
	opts = opts.withDefaults()
	if err := opts.checkRebaseline(); err != nil {
		return nil, err
	}
	if opts.AdvisoryTimes && !opts.Check {
		return nil, &writegroup.InputError{Msg: "--advisory-times is for perf --check: a recording run judges its times, since it records them"}
	}
	if !opts.Check {
		if err := CheckBuild(opts.Build); err != nil {
			return nil, err
		}
		if strings.HasSuffix(opts.Commit, "-dirty") && !opts.AllowDirty {
			return nil, &writegroup.InputError{Msg: fmt.Sprintf("the binary was built from a tree with uncommitted changes (%s): the history would name a commit that does not hold the measured code; commit first, or pass --allow-dirty to record it marked dirty", opts.Commit)}
		}
	}
	f, err := open(group{disk: opts.disk, baselines: opts.Baselines,
		dirs:    []dir{{opts.Baselines, "--baselines"}, {opts.Docs, "--docs"}},
		members: []string{opts.Docs, opts.History, opts.ReferencePage}, charts: opts.Charts, chartExt: perfdocs.ChartExt}, !opts.Check)
	if err != nil {
		return nil, err
	}
	r := &Ratchet{opts: opts, files: f}
	if err := r.load(); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// load reads the files the run judges against and writes, besides the
// baselines.
func (r *Ratchet) load() error {
	opts := r.opts
	if err := r.store.CheckScenarios(opts.Baselines, r.Rule().known()); err != nil {
		return err
	}
	var err error
	if r.docs, err = perfdocs.Read(opts.Docs); err != nil {
		return err
	}
	// The docs show each baseline's interval from the history.
	if r.hist, err = history.Load(opts.History); err != nil {
		return err
	}
	r.page, err = perfdocs.ReadPage(opts.ReferencePage)
	return err
}

// Close releases the baselines' lock, if the run holds it.
func (r *Ratchet) Close() { r.close() }

// Stored is what the run judges against: the files Open read ([Judge]).
func (r *Ratchet) Stored() Stored {
	return Stored{File: r.opts.Baselines, Store: r.store, History: r.hist, Recovered: r.recovered}
}

// Scope is what the run's recorded numbers are keyed by ([Judge]).
func (r *Ratchet) Scope() Scope {
	return Scope{Machine: r.opts.Machine, Toolchain: r.opts.Toolchain}
}

// Rule is how the run judges, as its Options say ([Judge]).
func (r *Ratchet) Rule() Rule {
	return Rule{Scenarios: r.opts.Scenarios, Known: r.opts.Known, Rebaseline: r.opts.Rebaseline, Why: r.opts.Why,
		AdvisoryTimes: r.opts.AdvisoryTimes, Records: !r.opts.Check, Program: r.opts.Program}
}

// maxStaleLines is how many changed lines a stale file names: enough to
// show which numbers moved, few enough for a CI log.
const maxStaleLines = 5

// stale records file as out of date in o, with the first lines where was
// (the file's text from line first on) and want differ.
func stale(o *outcome.Outcome, file string, first int, was, want string) {
	o.Stale = append(o.Stale, file)
	if o.StaleLines == nil {
		o.StaleLines = map[string][]outcome.LineChange{}
	}
	o.StaleLines[file] = lineChanges(strings.Split(was, "\n"), strings.Split(want, "\n"), first)
}

// lineChanges returns the first maxStaleLines lines that differ between a
// and b, numbered from first in a, by their longest common subsequence: a
// line added or dropped is one change, not a shift of every line after
// it. A dropped line followed by an added one is one changed line.
func lineChanges(a, b []string, first int) []outcome.LineChange {
	// lcs[i][j] is the longest common subsequence of a[i:] and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []outcome.LineChange
	i, j := 0, 0
	for (i < len(a) || j < len(b)) && len(out) < maxStaleLines {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			i, j = i+1, j+1
		case i < len(a) && j < len(b) && lcs[i+1][j] == lcs[i][j+1] && lcs[i+1][j+1] == lcs[i][j]:
			out = append(out, outcome.LineChange{Line: first + i, Was: a[i], Want: b[j]})
			i, j = i+1, j+1
		case j >= len(b) || i < len(a) && lcs[i+1][j] >= lcs[i][j+1]:
			out = append(out, outcome.LineChange{Line: first + i, Was: a[i]})
			i++
		default:
			out = append(out, outcome.LineChange{Line: first + i, Want: b[j]})
			j++
		}
	}
	return out
}

// Finish ends a judged run: a Check run reports whether the docs and the
// reference page are out of date, and a recording run performs
// obligations 2 and 3 (see [Ratchet]) and writes the group — or, when o
// failed, writes nothing and says why (outcome.Recording.Withheld). o is
// the outcome the last [Judge] or [Rejudge] returned, and measured the
// results it judged, each scenario's latest (a remeasured scenario's
// second measurement): their samples are what a baseline records.
func (r *Ratchet) Finish(o outcome.Outcome, measured []scenario.Result) (outcome.Outcome, error) {
	switch {
	case r.opts.Check:
		return r.check(o), nil
	case o.Failed():
		o.Withheld = fmt.Sprintf("the verdict is %s, so %s and %s were left as they were: a failing run's numbers are not recorded", o.Verdict, r.opts.Baselines, r.opts.Docs)
		return o, nil
	}
	numbers := make(map[string][]band.Measured, len(measured))
	for _, res := range measured {
		numbers[res.Name] = res.Numbers
	}
	r.move(&o, numbers)
	return r.write(o)
}

// check reports whether the docs file's section and the reference page
// differ from what this run would write.
func (r *Ratchet) check(o outcome.Outcome) outcome.Outcome {
	opts, store, docs := r.opts, r.store, r.docs
	section := r.section(o, r.hist, docs.Scope(store, opts.scope()))
	if docs.Stale(section) {
		stale(&o, opts.Docs, docs.SectionLine(), perfdocs.Stable(docs.Section()), perfdocs.Stable(section))
	}
	if refs := store.References(); len(refs) > 0 {
		if want := perfdocs.ReferencePage(refs, filepath.Base(opts.Baselines)); !bytes.Equal(r.page, want) {
			stale(&o, opts.ReferencePage, 1, string(r.page), string(want))
		}
	}
	// A chart today's code would draw differently is as stale as the
	// section that embeds it: drawn from the same recorded numbers, it
	// changes only with them or with the chart code.
	if charts, err := r.charts(o, docs.Scope(store, opts.scope())); err != nil {
		stale(&o, opts.Charts, 1, "", err.Error())
	} else if writes, err := perfdocs.ChangedCharts(opts.Charts, docsOf(o), charts); err != nil {
		stale(&o, opts.Charts, 1, "", err.Error())
	} else {
		for _, w := range writes {
			o.Stale = append(o.Stale, w.Path)
		}
	}
	if missing := r.unrecorded(o); len(missing) > 0 {
		changes := make([]outcome.LineChange, 0, min(len(missing), maxStaleLines))
		for _, name := range missing[:cap(changes)] {
			changes = append(changes, outcome.LineChange{Line: store.CountsLine(), Want: name})
		}
		o.Stale = append(o.Stale, opts.Baselines)
		if o.StaleLines == nil {
			o.StaleLines = map[string][]outcome.LineChange{}
		}
		o.StaleLines[opts.Baselines] = changes
	}
	o.DocsStale = len(o.Stale) > 0
	return o
}

// section is the docs section this run would write. A run that counted
// no instructions keeps the ones the file shows, as it leaves their
// charts: it measured nothing that could move them.
func (r *Ratchet) section(o outcome.Outcome, hist *history.History, scope baselines.Scope) []byte {
	section := perfdocs.Section(docsOf(o), r.store, hist, scope, r.opts.chartsLink())
	if r.opts.Toolchain == "" {
		section = r.docs.KeepInstructions(section)
	}
	return section
}

// charts are the charts this run would draw: every chartable scenario's,
// less those a run that counted no instructions leaves as they are (it
// measured nothing that could move their instruction panels).
func (r *Ratchet) charts(o outcome.Outcome, scope baselines.Scope) (map[string][]byte, error) {
	charts, err := perfdocs.Charts(docsOf(o), r.store, r.hist, scope, chart.SVG)
	if err != nil {
		return nil, err
	}
	if r.opts.Toolchain == "" {
		for _, name := range r.docs.InstructionScenarios() {
			delete(charts, name)
		}
	}
	return charts, nil
}

// move performs obligation 2 on the store and the history: every time's
// baseline recorded, lowered or rebaselined by the rule (see [Ratchet]),
// each move a point of the history, and the first reference recorded
// where the file has none.
func (r *Ratchet) move(o *outcome.Outcome, measured map[string][]band.Measured) {
	opts, store, hist := r.opts, r.store, r.hist
	// Baselines set before the history was kept get their points first,
	// so the history written holds every baseline.
	hist.Seed(store)
	now := opts.Now().UTC().Truncate(time.Second)
	for _, sc := range o.Scenarios {
		if sc.Broken != "" {
			continue
		}
		for i, n := range sc.Numbers {
			if !n.Band.Keeping().Baseline() || n.BandVerdict == band.Broken {
				continue
			}
			k := opts.scope().Key(sc.Name, n.Spec)
			if mv, kind, ok := r.mover(now).time(k, n.Judged, measured[sc.Name][i], n.Rebaselined); ok {
				o.Moves = append(o.Moves, mv)
				// Every point keeps its own reason, so a later baseline
				// that overwrites the file's why loses none.
				hist.Add(k, history.Point{Set: now, Median: mv.To, Lo: n.Lo, Hi: n.Hi, N: n.N, Kind: kind, Commit: opts.Commit, Why: mv.Why})
			}
		}
	}
	r.moveBounds(o, measured, now)
	if _, ok := store.Reference(); !ok && opts.ReferenceCommit != "" {
		if baselines.CheckCommit("Options.ReferenceCommit", opts.ReferenceCommit) != nil {
			panic("ratchet: Options.ReferenceCommit " + fmt.Sprintf("%q", opts.ReferenceCommit) + " is not a commit name")
		}
		store.AddReference(baselines.Reference{Commit: opts.ReferenceCommit, Set: now, Kind: baselines.RefRecorded, Why: whyFirstReference})
		o.ReferenceRecorded = opts.ReferenceCommit
	}
}

// write performs obligation 3 and writes the group: the baselines file
// and the history when a baseline moved, the docs when their section
// moved beyond its noise, the reference page and the charts when their
// bytes changed.
func (r *Ratchet) write(o outcome.Outcome) (outcome.Outcome, error) {
	opts, store, hist, docs := r.opts, r.store, r.hist, r.docs
	baselinesFile := writegroup.Member{Path: opts.Baselines}
	if len(o.Moves) > 0 || o.ReferenceRecorded != "" {
		baselinesFile.Data = store.Marshal()
	}
	pageFile := writegroup.Member{Path: opts.ReferencePage}
	if refs := store.References(); len(refs) > 0 {
		if want := perfdocs.ReferencePage(refs, filepath.Base(opts.Baselines)); !bytes.Equal(r.page, want) {
			pageFile.Data = want
		}
	}
	scope := docs.Scope(store, opts.scope())
	section := r.section(o, hist, scope)
	docsFile := writegroup.Member{Path: opts.Docs}
	if docs.Stale(section) {
		docsFile.Data = docs.With(section)
	}
	// The history grows only when a baseline or a count's bound moves;
	// it is written with the baselines.
	historyFile := writegroup.Member{Path: opts.History}
	if baselinesFile.Data != nil && len(o.Moves) > 0 {
		historyFile.Data = hist.Marshal()
	}
	if err := readsBack(baselinesFile, historyFile); err != nil {
		return o, err
	}
	// The charts are members of the group too: drawn before anything is
	// written, so a chart that cannot be drawn or written leaves every
	// file as it was.
	charts, err := r.charts(o, scope)
	if err != nil {
		return o, err
	}
	chartWrites, err := perfdocs.ChangedCharts(opts.Charts, docsOf(o), charts)
	if err != nil {
		return o, err
	}
	if len(chartWrites) > 0 {
		if err := opts.disk.MkdirAll(opts.Charts, 0o755); err != nil {
			return o, writegroup.WriteError(opts.Charts, err)
		}
	}
	if pageFile.Data != nil {
		if err := opts.disk.MkdirAll(filepath.Dir(pageFile.Path), 0o755); err != nil {
			return o, writegroup.WriteError(pageFile.Path, err)
		}
	}
	profiles := r.profileWrites(o)
	if len(profiles) > 0 && baselinesFile.Data != nil {
		if err := opts.disk.MkdirAll(opts.ProfilesDir, 0o755); err != nil {
			return o, writegroup.WriteError(opts.ProfilesDir, err)
		}
	} else {
		profiles = nil
	}
	group := append([]writegroup.Member{baselinesFile, docsFile, historyFile, pageFile}, chartWrites...)
	group = append(group, profiles...)
	if err := writegroup.Write(opts.disk, opts.Baselines, group...); err != nil {
		return o, err
	}
	o.BaselinesWritten, o.DocsWritten = baselinesFile.Data != nil, docsFile.Data != nil
	o.HistoryWritten = historyFile.Data != nil
	for _, w := range chartWrites {
		o.ChartsWritten = append(o.ChartsWritten, w.Path)
	}
	return o, nil
}

// readsBack refuses to write a baselines file or a history that its own
// parser would refuse, so that a run never leaves a file that every later
// run fails on. Each value a child reports passes the parser's checks
// (the runner refuses any that does not), but what the ratchet derives
// from several processes can still lie outside them: the spread of two
// processes whose fastest samples are 0.001 µs and 1e7 µs is 1e10, above
// MaxTime. Such a run fails (exit 1), writing nothing.
func readsBack(baselinesFile, historyFile writegroup.Member) error {
	for _, f := range []struct {
		m     writegroup.Member
		parse func([]byte, string) error
	}{
		{baselinesFile, func(b []byte, file string) error { _, err := baselines.Parse(b, file); return err }},
		{historyFile, func(b []byte, file string) error { _, err := history.Parse(b, file); return err }},
	} {
		if f.m.Data == nil {
			continue
		}
		err := f.parse(f.m.Data, f.m.Path)
		if err == nil {
			continue
		}
		// The parser's advice is for a file someone edited; this one is
		// not written, so only what is wrong is told, at its line.
		why := err.Error()
		var ie *writegroup.InputError
		if errors.As(err, &ie) {
			why, _, _ = strings.Cut(ie.Msg, "; ")
			why = fmt.Sprintf("line %d: %s", ie.Line, why)
		}
		return fmt.Errorf("ratchet: %s as this run would write it does not read back (%s), so nothing was written", f.m.Path, why)
	}
	return nil
}

// docsOf is what the docs and charts show of the outcome's scenarios:
// each number's own judgement.
func docsOf(o outcome.Outcome) []perfdocs.Scenario {
	out := make([]perfdocs.Scenario, len(o.Scenarios))
	for i, sc := range o.Scenarios {
		numbers := make([]band.Judged, len(sc.Numbers))
		for k, n := range sc.Numbers {
			numbers[k] = n.Judged
		}
		out[i] = perfdocs.Scenario{Name: sc.Name, Numbers: numbers, Varying: sc.Varying, Broken: sc.Broken}
	}
	return out
}

// checkRebaseline checks --rebaseline and --why before anything is
// measured: against the scenarios' names where Options names them, and
// otherwise once they are measured ([Judge]).
func (o Options) checkRebaseline() error {
	if len(o.Rebaseline) > 0 && o.Check {
		return &writegroup.InputError{Msg: "--rebaseline records a baseline, which perf --check never does; run perfbench perf --rebaseline without --check"}
	}
	_, err := selectors(o.Rebaseline, o.Why, o.Scenarios)
	return err
}

// selectors checks --rebaseline and --why against the valid names, and
// returns what --rebaseline names; valid nil means "not known yet" and
// leaves the scenarios' names unchecked.
func selectors(rebaseline []string, why string, valid []string) ([]selector, error) {
	if len(rebaseline) == 0 {
		if strings.TrimSpace(why) != "" {
			return nil, &writegroup.InputError{Msg: "--why is recorded with a rebaseline, and there is none; name what moves with --rebaseline NAME[/NUMBER], or drop --why"}
		}
		return nil, nil
	}
	if strings.TrimSpace(why) == "" {
		return nil, &writegroup.InputError{Msg: fmt.Sprintf("--rebaseline %s needs --why \"…\": say why the new number is the right one, it is recorded with the baseline", strings.Join(rebaseline, ","))}
	}
	sels := make([]selector, len(rebaseline))
	for i, arg := range rebaseline {
		s, err := parseSelector(arg, valid)
		if err != nil {
			return nil, err
		}
		sels[i] = s
	}
	return sels, nil
}

// known are the scenarios a baseline may name: Known, or Scenarios; nil
// when neither says, until what was measured does.
func (r Rule) known() []string {
	if r.Known != nil {
		return r.Known
	}
	return r.Scenarios
}

// scope is what a run's recorded numbers are keyed by: a time by this
// machine, a portable number by the toolchain.
func (o Options) scope() baselines.Scope {
	return Scope{Machine: o.Machine, Toolchain: o.Toolchain}.keys()
}

// processSpread returns the largest over the smallest of the per-process
// fastest samples of a time measured in several processes: how far apart the
// processes of one run landed on this machine, which the ratchet records
// with a baseline so a reader can tell a noisy number from a quiet one.
// Zero for fewer than two processes.
func processSpread(runs [][]float64) float64 {
	var lo, hi float64
	n := 0
	for _, r := range runs {
		if len(r) == 0 {
			continue
		}
		c, _, _ := stats.Estimate([][]float64{r})
		if n == 0 || c < lo {
			lo = c
		}
		if n == 0 || c > hi {
			hi = c
		}
		n++
	}
	if n < 2 || !(lo > 0) {
		return 0
	}
	return math.Round(hi/lo*1000) / 1000
}

// MinDrop is how far, as a fraction, a new median must fall below its
// baseline before the baseline moves down by itself: band.MinDrop, which
// says why, and from which a report says a number moved.
const MinDrop = band.MinDrop

// mover moves baselines and bounds in the store by the rule, stamping each
// move with the run's time, its commit and, for a rebaseline, its why.
type mover struct {
	store       *baselines.Store
	why, commit string
	now         time.Time
}

func (r *Ratchet) mover(now time.Time) mover {
	return mover{store: r.store, why: r.opts.Why, commit: r.opts.Commit, now: now}
}

// time applies obligation 2 to one judged time and its samples: the
// move, and why it moved in the history's terms.
func (mv mover) time(k baselines.Key, n band.Judged, m band.Measured, rebaseline bool) (outcome.BaselineMove, history.Kind, bool) {
	store, why, now := mv.store, mv.why, mv.now
	samples := m.Samples
	fresh := baselines.Baseline{Unit: n.Unit, Median: n.Median, Samples: slices.Clone(samples), Set: now, Spread: processSpread(m.Runs)}
	slices.Sort(fresh.Samples)
	move := outcome.BaselineMove{Scenario: k.Scenario, Number: k.Number, Unit: n.Unit, To: n.Median}
	var kind history.Kind
	old, ok := store.Get(k)
	if ok {
		move.From = old.Median
	}
	_, fell, exact := n.Band.Drift(n.Median, old.Median)
	switch {
	case rebaseline:
		kind, fresh.Why = history.Rebaselined, why
	case !ok && n.Band.Keeping() == band.PerToolchain:
		kind, fresh.Why = history.Recorded, history.WhyFirstPortable
	case !ok:
		kind, fresh.Why = history.Recorded, history.WhyFirst
	case exact:
		// A fall beyond the tolerance is an improvement to keep; a
		// smaller one is the spread between runs the tolerance admits.
		if !fell {
			return outcome.BaselineMove{}, 0, false
		}
		kind = history.Lowered
		fresh.Why = fmt.Sprintf(history.WhyLower+"%s %s: an exact fall of more than its tolerance, %s%%",
			band.Format(old.Median), n.Unit, band.Format(n.Band.Tolerance*100))
	default:
		if n.Median >= old.Median {
			return outcome.BaselineMove{}, 0, false // never up by itself
		}
		if n.Median > old.Median*(1-MinDrop) {
			return outcome.BaselineMove{}, 0, false // lower, but not by enough to be worth a rewrite
		}
		thresholds := benchmath.DefaultThresholds
		cmp := benchmath.AssumeNothing.Compare(
			benchmath.NewSample(slices.Clone(old.Samples), &thresholds),
			benchmath.NewSample(slices.Clone(samples), &thresholds))
		if !(cmp.P < cmp.Alpha) {
			return outcome.BaselineMove{}, 0, false // lower, but within the noise
		}
		kind = history.Lowered
		fresh.Why = fmt.Sprintf(history.WhyLower+"%s %s: U test p=%.2g, n=%d+%d",
			band.Format(old.Median), n.Unit, cmp.P, cmp.N1, cmp.N2)
	}
	move.Kind, move.Why = kind.String(), fresh.Why
	store.Put(k, fresh)
	return move, kind, true
}
