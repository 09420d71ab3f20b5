package baselines

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/keyfile"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
	"github.com/perfbench/perfbench/scenario"
)

// storeVersion is the schema version a baselines file carries: 1 for a
// file of machines' baselines alone, 2 for one that also names the
// reference revision (references), 3 for one that also records counts'
// bounds (counts). A file is written at the lowest version that holds
// what it has, byte for byte as before, and all three read.
const (
	storeVersion           = 1
	storeVersionReferences = 2
	storeVersionCounts     = 3
)

// DefaultFile is the baselines file, relative to the module root.
const DefaultFile = "perf/baselines.yaml"

// Key names one time baseline: a machine (its [Machine.String] form), a
// scenario, and a number within the scenario.
type Key struct {
	Machine, Scenario, Number string
}

// Scope is what a run's recorded numbers are keyed by: a time by the
// machine that measured it ([Machine.String]), a number kept
// band.PerToolchain (instructions) by the toolchain that decides it, the
// same on every machine of that toolchain.
type Scope struct{ Machine, Toolchain string }

// Key returns the key number n of scenario is recorded under.
func (s Scope) Key(scenario string, n band.Spec) Key {
	if n.Band.Keeping() != band.PerToolchain {
		return Key{s.Machine, scenario, n.Name}
	}
	if !IsToolchain(s.Toolchain) {
		panic("baselines: " + scenario + " " + n.Name + " is a portable number (" + string(n.Band.Kind) + ") and the scope's toolchain is " + strconv.Quote(s.Toolchain) + ", not a toolchain key")
	}
	return Key{s.Toolchain, scenario, n.Name}
}

// Baseline is one recorded time: the median a time band is compared against
// on one machine, the samples it came from (so a later run can be tested
// against them), and when and why it was set.
type Baseline struct {
	Unit    string
	Median  float64
	Samples []float64
	Set     time.Time
	Why     string
	// Spread is how far apart the processes of the run that set the
	// baseline landed: the largest over the smallest per-process fastest sample
	// (the ratchet measures it); zero when the run had one process. A reader tells
	// a noisy number on this machine from a quiet one by it.
	Spread float64
}

// Store is the set of time baselines, keyed by machine, scenario and number.
// The zero Store is empty and ready to use. It is the in-memory form of the
// checked-in baselines file; see [Parse] for the file's format.
type Store struct {
	records map[Key]Baseline
	// empty marks a store parsed from a file with no YAML in it at all.
	empty bool
	// lines holds the line of each record in the file it was parsed from,
	// for errors about it.
	lines map[Key]int
	// refs are the reference revisions, oldest first; the last is the
	// reference (see reference.go). refLines holds the line of each one's
	// commit in the file (0 for one added since).
	refs     []Reference
	refLines []int
	// bounds are the counts' recorded bounds (see bounds.go), boundLines
	// the line of each in the file.
	bounds     map[CountKey]Bound
	boundLines map[CountKey]int
	countsLine int
}

// HasMachine reports whether any baseline is recorded for the machine.
func (s *Store) HasMachine(machine string) bool {
	for k := range s.records {
		if k.Machine == machine {
			return true
		}
	}
	return false
}

// Get returns the baseline recorded under k.
func (s *Store) Get(k Key) (Baseline, bool) {
	b, ok := s.records[k]
	return b, ok
}

// Put records b under k, replacing what was there. The store keeps b's
// samples; the caller should not change them afterwards.
func (s *Store) Put(k Key, b Baseline) {
	if s.records == nil {
		s.records = make(map[Key]Baseline)
	}
	s.records[k] = b
}

// Line returns the line of the file the baseline under k was read from,
// or 0 when it was not read from a file.
func (s *Store) Line(k Key) int { return s.lines[k] }

// Len returns the number of baselines.
func (s *Store) Len() int { return len(s.records) }

// Keys returns every key in the store, sorted by machine, scenario, number.
func (s *Store) Keys() []Key {
	keys := make([]Key, 0, len(s.records))
	for k := range s.records {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, CompareKeys)
	return keys
}

// CompareKeys orders keys by machine, scenario, number.
func CompareKeys(a, b Key) int {
	if c := strings.Compare(a.Machine, b.Machine); c != 0 {
		return c
	}
	if c := strings.Compare(a.Scenario, b.Scenario); c != 0 {
		return c
	}
	return strings.Compare(a.Number, b.Number)
}

// storeHeader opens every baselines file the ratchet writes.
const storeHeader = `# Time baselines for perfbench's scenario bands, one block per machine
# (CPU model, cores, OS/arch, Go version). Written by ` + "`perfbench perf`" + `:
# a baseline moves down by itself when a new median is significantly lower,
# and up only when asked by name: perfbench perf --rebaseline NAME --why "…".
# Do not edit by hand.
`

// Load reads the baselines file at path. A file that does not exist is an
// empty store, not an error: a fresh checkout has no baselines yet. A file
// that cannot be read (no permission), is not a regular file (a directory,
// a FIFO, a device) or is over writegroup.MaxFileSize, that cannot be parsed, or that
// is empty or holds only comments, is an [*writegroup.InputError] naming it: an
// emptied file is damage, and reading it as "no baselines" would record
// every baseline afresh from one run.
func Load(path string) (*Store, error) {
	data, err := writegroup.Read(path, "the baselines file", "point --baselines at the file")
	if errors.Is(err, fs.ErrNotExist) {
		return &Store{}, nil
	}
	if err != nil {
		return nil, err
	}
	s, err := Parse(data, path)
	if err == nil && s.empty {
		return nil, &writegroup.InputError{File: path, Msg: "the baselines file is empty or holds only comments; restore it from version control, or delete it to record every baseline afresh"}
	}
	return s, err
}

// CheckScenarios refuses a baseline recorded for a scenario that is not
// known: a renamed scenario would otherwise keep its old baseline for ever
// and record its new name afresh at whatever the next run measured. known
// nil checks nothing.
func (s *Store) CheckScenarios(file string, known []string) error {
	if known == nil {
		return nil
	}
	if err := s.checkBounds(file, known); err != nil {
		return err
	}
	for _, k := range s.Keys() {
		if !slices.Contains(known, k.Scenario) {
			return &writegroup.InputError{File: file, Line: s.lines[k], Msg: fmt.Sprintf("a baseline for unknown scenario %q on machine %q (valid: %s); rename the block to the scenario's new name or delete it, then run perfbench perf again",
				k.Scenario, k.Machine, strings.Join(known, ", "))}
		}
	}
	return nil
}

// CheckNumbers refuses a baseline for a number that a measured scenario
// does not report as a time: a renamed number, or a number that became a
// count. Scenarios that broke or reported nothing are not checked, and a
// toolchain's baselines (instructions) only where the run counted them:
// a run without Valgrind, or with --instructions off, measures none, and
// they are not thereby renamed.
//
// It also refuses a baseline whose unit is not the one the scenario
// declares for the number: a median in ms judged against frames in µs
// would pass or fail by a factor of a thousand.
func (s *Store) CheckNumbers(file string, measured []scenario.Result) error {
	type class struct {
		scenario string
		portable bool
	}
	times := map[class][]string{}
	units := map[[2]string]string{}
	for _, sc := range measured {
		if sc.Broken != "" || len(sc.Numbers) == 0 {
			continue
		}
		times[class{sc.Name, false}] = []string{}
		for _, n := range sc.Numbers {
			if k := n.Band.Keeping(); k.Baseline() {
				c := class{sc.Name, k == band.PerToolchain}
				times[c] = append(times[c], n.Name)
				units[[2]string{sc.Name, n.Name}] = n.Unit
			}
		}
	}
	for _, k := range s.Keys() {
		valid, ok := times[class{k.Scenario, IsToolchain(k.Machine)}]
		if ok && !slices.Contains(valid, k.Number) {
			return &writegroup.InputError{File: file, Line: s.lines[k], Msg: fmt.Sprintf("a baseline for %s %q on machine %q, which is not one of its times (%s); rename it to the number's new name or delete it, then run perfbench perf again",
				k.Scenario, k.Number, k.Machine, strings.Join(valid, ", "))}
		}
		if unit, ok := units[[2]string{k.Scenario, k.Number}]; ok && s.records[k].Unit != unit {
			return &writegroup.InputError{File: file, Line: s.lines[k], Msg: fmt.Sprintf("the baseline for %s %q on machine %q is in %q, but the scenario measures it in %q; restore the file from version control, or delete the baseline to record it afresh",
				k.Scenario, k.Number, k.Machine, s.records[k].Unit, unit)}
		}
	}
	return nil
}

// ToolchainPrefix begins every toolchain key (Options.Toolchain), which
// names what decides a portable number, as a machine's key names what
// decides a time: runner.Toolchain's keys read "instructions: linux/amd64
// v1 avx2, go1.26.8, valgrind-3.19.0".
const ToolchainPrefix = "instructions: "

// IsToolchain reports whether a block of the baselines file is a
// toolchain's rather than a machine's.
func IsToolchain(key string) bool { return strings.HasPrefix(key, ToolchainPrefix) }

// Parse reads a baselines file; file names it in errors. The format is YAML:
//
//	version: 1
//	machines:
//	  AMD EPYC 7B13, 2 cores, linux/amd64, go1.26.8:   # Machine.String()
//	    hover-storm:                                   # scenario
//	      frame:                                       # number
//	        unit: µs/frame
//	        median: 41.2
//	        set: 2026-09-10T08:00:00Z
//	        why: first record on this machine
//	        spread: 1.04                               # largest/smallest per-process fastest sample
//	        samples: [40.9, 41.2, 41.6]
//
// A file of version 2 also names the reference revision, before machines:
// every reference, oldest first, the last the current one (see
// [Store.Reference]; a ratio is [scenario, number, ratio, low, high, pairs]
// of the paired run that moved it):
//
//	version: 2
//	references:
//	  - commit: 4f6ca49b2d8bfd71e5835e3c83ccf83462a4b713
//	    set: 2026-12-01T19:30:51Z
//	    kind: recorded                                 # recorded | faster | rebaselined
//	    why: first reference
//	  - commit: 0a1b2c3d4e5f…
//	    set: 2026-12-02T08:00:00Z
//	    kind: faster
//	    why: 'significantly faster than 4f6ca49b2d8b: hover-storm frame 0.95× [0.94, 0.96]'
//	    ratios:
//	      - [hover-storm, frame, 0.95, 0.94, 0.96, 60]
//
// Every error is an [*writegroup.InputError] with the file, the line where the YAML
// library or the check found it, and the fix. An empty file is an empty
// store.
func Parse(data []byte, file string) (*Store, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, keyfile.Parser{File: file, Fix: fixStore}.SyntaxError(err)
	}
	s := &Store{}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		s.empty = true
		return s, nil
	}
	p := parser{Parser: keyfile.Parser{File: file, Fix: fixStore}, s: s}
	if err := p.root(doc.Content[0]); err != nil {
		return nil, err
	}
	return s, nil
}

// parser walks the YAML tree by hand, so that every complaint carries the
// line it is about and nothing unknown is silently ignored.
type parser struct {
	keyfile.Parser
	s *Store
}

const fixStore = "fix the line, or restore the file from version control and run perfbench perf again"

func (p *parser) root(n *yaml.Node) error {
	pairs, err := p.Mapping(n, "the file")
	if err != nil {
		return err
	}
	version := 0
	var refs, counts *yaml.Node
	for _, kv := range pairs {
		k, v := kv[0], kv[1]
		switch k.Value {
		case "version":
			if v.Kind != yaml.ScalarNode || (v.Value != strconv.Itoa(storeVersion) && v.Value != strconv.Itoa(storeVersionReferences) && v.Value != strconv.Itoa(storeVersionCounts)) {
				return p.Errorf(v, "version must be %d (or %d, with references, or %d, with counts)", storeVersion, storeVersionReferences, storeVersionCounts)
			}
			version, _ = strconv.Atoi(v.Value)
		case "references":
			refs = k
			if err := p.references(v); err != nil {
				return err
			}
		case "counts":
			counts = k
			if err := p.counts(v); err != nil {
				return err
			}
		case "machines":
			if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
				continue // "machines:" with nothing under it yet
			}
			machines, err := p.Mapping(v, "machines")
			if err != nil {
				return err
			}
			for _, m := range machines {
				if err := p.machine(m[0].Value, m[1]); err != nil {
					return err
				}
			}
		default:
			return p.Errorf(k, "unknown field %q (want version, references, counts, machines)", k.Value)
		}
	}
	switch {
	case version == 0:
		return p.Errorf(n, "no version; the first field is version: %d", storeVersion)
	case refs != nil && version < storeVersionReferences:
		return p.Errorf(refs, "references are a version %d field, and the file says version %d", storeVersionReferences, version)
	case counts != nil && version < storeVersionCounts:
		return p.Errorf(counts, "counts are a version %d field, and the file says version %d", storeVersionCounts, version)
	}
	return nil
}

func (p *parser) machine(machine string, n *yaml.Node) error {
	return p.numbers(n, fmt.Sprintf("machine %q", machine), "", func(scenario string, number, record *yaml.Node) error {
		b, err := p.baseline(number.Value, record)
		if err != nil {
			return err
		}
		k := Key{Machine: machine, Scenario: scenario, Number: number.Value}
		p.s.Put(k, b)
		if p.s.lines == nil {
			p.s.lines = map[Key]int{}
		}
		p.s.lines[k] = number.Line
		return nil
	})
}

// numbers walks a block of scenarios, each a mapping of numbers to their
// records, and calls each with its scenario, the number's key and its
// record; under names the block in a scenario's errors ("" for none).
func (p *parser) numbers(n *yaml.Node, what, under string, each func(scenario string, number, record *yaml.Node) error) error {
	scenarios, err := p.Mapping(n, what)
	if err != nil {
		return err
	}
	for _, sc := range scenarios {
		where := fmt.Sprintf("scenario %q", sc[0].Value)
		if under != "" {
			where += " under " + under
		}
		numbers, err := p.Mapping(sc[1], where)
		if err != nil {
			return err
		}
		for _, num := range numbers {
			if err := each(sc[0].Value, num[0], num[1]); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *parser) baseline(number string, n *yaml.Node) (Baseline, error) {
	what := fmt.Sprintf("number %q", number)
	fields, err := p.Mapping(n, what)
	if err != nil {
		return Baseline{}, err
	}
	var b Baseline
	var haveMedian, haveSet, haveSamples bool
	var medianNode *yaml.Node
	for _, kv := range fields {
		k, v := kv[0], kv[1]
		switch k.Value {
		case "unit":
			if b.Unit, err = p.str(v, "unit"); err != nil {
				return b, err
			}
		case "why":
			if b.Why, err = p.str(v, "why"); err != nil {
				return b, err
			}
		case "median":
			if b.Median, err = p.float(v, "median"); err != nil {
				return b, err
			}
			if b.Median <= 0 {
				return b, p.Errorf(v, "median must be above zero")
			}
			haveMedian, medianNode = true, v
		case "set":
			if b.Set, err = p.time(v, "set"); err != nil {
				return b, err
			}
			haveSet = true
		case "samples":
			if v.Kind != yaml.SequenceNode {
				return b, p.Errorf(v, "samples must be a list of numbers")
			}
			b.Samples = make([]float64, 0, len(v.Content))
			for _, e := range v.Content {
				f, err := p.float(e, "a sample")
				if err != nil {
					return b, err
				}
				b.Samples = append(b.Samples, f)
			}
			haveSamples = len(b.Samples) > 0
		case "spread":
			if b.Spread, err = p.float(v, "spread"); err != nil {
				return b, err
			}
			if b.Spread != 0 && b.Spread < 1 {
				return b, p.Errorf(v, "spread %s is below 1; it is the largest per-process fastest sample over the smallest", v.Value)
			}
		default:
			return b, p.Errorf(k, "unknown field %q in %s (want unit, median, set, why, spread, samples)", k.Value, what)
		}
	}
	switch {
	case !haveMedian:
		return b, p.Errorf(n, "%s has no median", what)
	case !haveSamples:
		return b, p.Errorf(n, "%s has no samples", what)
	case !haveSet:
		return b, p.Errorf(n, "%s has no set time", what)
	}
	// What band.CheckTime refuses here, the runner refuses from a child,
	// so that a run never records what this file cannot read.
	if err := band.CheckTime(b.Median, b.Samples); err != nil {
		if err.Field == "median" {
			return b, p.Errorf(medianNode, "median %s %s", medianNode.Value, err.Why)
		}
		return b, p.Errorf(n, "%s has %s", what, err)
	}
	return b, nil
}

func (p *parser) str(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", p.Errorf(n, "%s must be a single value", what)
	}
	return n.Value, nil
}

// time reads a field holding an RFC 3339 time, as every set: is written.
func (p *parser) time(n *yaml.Node, what string) (time.Time, error) {
	s, err := p.str(n, what)
	if err != nil {
		return time.Time{}, err
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, p.Errorf(n, "%s %q is not an RFC 3339 time such as 2026-09-10T08:00:00Z", what, s)
	}
	return t, nil
}

func (p *parser) float(n *yaml.Node, what string) (float64, error) {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!float" && n.Tag != "!!int") {
		return 0, p.Errorf(n, "%s must be a number", what)
	}
	f, err := strconv.ParseFloat(n.Value, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || f < 0 {
		return 0, p.Errorf(n, "%s %q is not a finite number ≥ 0", what, n.Value)
	}
	if f > band.MaxTime {
		return 0, p.Errorf(n, "%s %s is above %g (MaxTime), which no run measures", what, n.Value, band.MaxTime)
	}
	return f, nil
}

// Marshal returns the file form of the store: a fixed header, then the
// records sorted by machine, scenario and number, so the same store always
// gives the same bytes.
func (s *Store) Marshal() []byte {
	version := storeVersion
	var extra []*yaml.Node
	if len(s.refs) > 0 {
		version = storeVersionReferences
		key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "references"}
		key.HeadComment = referencesHead
		extra = []*yaml.Node{key, referencesNode(s.refs)}
	}
	if len(s.bounds) > 0 {
		version = storeVersionCounts
		key := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "counts"}
		key.HeadComment = countsHead
		extra = append(extra, key, s.boundsNode())
	}
	keys := s.Keys()
	entries := make([]keyfile.Entry, len(keys))
	for i, k := range keys {
		entries[i] = keyfile.Entry{Machine: k.Machine, Scenario: k.Scenario, Number: k.Number, Node: s.node(k)}
	}
	return keyfile.Marshal(storeHeader, version, extra, entries)
}

// node is the file form of the baseline under k.
func (s *Store) node(k Key) *yaml.Node {
	str := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }
	num := func(f float64) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: formatFloat(f)} }
	mapping := func() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }
	add := func(m *yaml.Node, k string, v *yaml.Node) { m.Content = append(m.Content, str(k), v) }
	b := s.records[k]
	samples := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, v := range b.Samples {
		samples.Content = append(samples.Content, num(v))
	}
	rec := mapping()
	add(rec, "unit", str(b.Unit))
	add(rec, "median", num(b.Median))
	add(rec, "set", &yaml.Node{Kind: yaml.ScalarNode, Value: b.Set.UTC().Format(time.RFC3339)})
	add(rec, "why", str(b.Why))
	if b.Spread > 0 {
		add(rec, "spread", num(b.Spread))
	}
	add(rec, "samples", samples)
	return rec
}

// formatFloat writes f so that it reads back exactly.
func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
