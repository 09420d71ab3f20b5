package ratchet

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/perfbench/perfbench/internal/judge/revision"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/internal/publish/perfdocs"
)

// RevisionOptions configures OpenRevision. Head is required.
type RevisionOptions struct {
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

// Revision is one run of the revision ratchet (perfbench reference) over
// its files, in steps the command drives with values: [OpenRevision]
// checks the options, takes the baselines' lock (unless Check), finishes
// an interrupted write and reads the reference from the baselines file;
// where head is not the reference ([revision.Decision.Against] of
// [Revision.Before]), the command runs head against it in pairs and
// judges the run with revision.Judge by [Revision.Rule]; [Revision.Record]
// writes a move the judgement decided, the baselines file and the page as
// one group (package writegroup). A file with no reference is an input
// error unless Rebaseline, which records head as the first reference
// without a run. Bad input is an [*writegroup.InputError] and leaves every
// file byte-identical. Close releases the lock.
type Revision struct {
	opts RevisionOptions
	files
	page   []byte
	rule   revision.Rule
	before revision.Decision
}

// OpenRevision starts a revision ratchet run (see [Revision]).
func OpenRevision(opts RevisionOptions) (*Revision, error) {
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
		panic("ratchet: OpenRevision with head " + fmt.Sprintf("%q", opts.Head) + ", which is not a commit name (baselines.CheckCommit first)")
	case opts.Rebaseline && opts.Check:
		return nil, &writegroup.InputError{Msg: "--rebaseline moves the reference, which --check never does; drop one of them"}
	case opts.Rebaseline && strings.TrimSpace(opts.Why) == "":
		return nil, &writegroup.InputError{Msg: "--rebaseline needs --why \"…\": say why head is the right reference; it is recorded with the move and shown on the page"}
	case !opts.Rebaseline && strings.TrimSpace(opts.Why) != "":
		return nil, &writegroup.InputError{Msg: "--why is recorded with a --rebaseline, and there is none; add --rebaseline, or drop --why"}
	}
	f, err := open(group{disk: opts.disk, baselines: opts.Baselines, dirs: []dir{{opts.Baselines, "--baselines"}}, members: []string{opts.Page}}, !opts.Check)
	if err != nil {
		return nil, err
	}
	v := &Revision{opts: opts, files: f,
		rule: revision.Rule{Head: opts.Head, Rebaseline: opts.Rebaseline, Why: opts.Why, Now: opts.Now().UTC().Truncate(time.Second)}}
	if v.page, err = perfdocs.ReadPage(opts.Page); err != nil {
		v.Close()
		return nil, err
	}
	ref, ok := v.store.Reference()
	if !ok && !opts.Rebaseline {
		v.Close()
		return nil, &writegroup.InputError{File: opts.Baselines, Msg: "names no reference revision; record one with perfbench perf (the commit it measures) or perfbench reference --rebaseline --why \"the first reference\""}
	}
	var current *baselines.Reference
	if ok {
		current = &ref
	}
	v.before = revision.Before(current, v.rule)
	v.before.Recovered = v.recovered
	return v, nil
}

// Close releases the baselines' lock, if the run holds it.
func (v *Revision) Close() { v.close() }

// Before is the run's outcome before any paired run: what revision.Judge
// judges a paired run from, and what Record records where
// [revision.Decision.Against] finds no reference to judge against.
func (v *Revision) Before() revision.Decision { return v.before }

// Rule is how the run judges head (revision.Judge).
func (v *Revision) Rule() revision.Rule { return v.rule }

// Name is how a message names the reference, which no flag gave: by the
// baselines file and the line that hold it ("the reference revision
// 0123456789ab in perf/baselines.yaml:3").
func (v *Revision) Name() string {
	name := "the reference revision " + baselines.Short(v.before.Reference.Commit) + " in " + v.opts.Baselines
	if line := v.store.ReferenceLine(); line > 0 {
		name += ":" + strconv.Itoa(line)
	}
	return name
}

// Record writes the move o decided, if any and unless Check: the
// baselines file and the page, as one group.
func (v *Revision) Record(o revision.Decision) (revision.Decision, error) {
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
