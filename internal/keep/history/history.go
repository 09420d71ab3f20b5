// Package history keeps every baseline the ratchet has set, per number and
// machine: its date, median, 95% interval, sample count, kind, commit and
// why ([Point]), the newest [Limit] each, in a file beside the baselines
// file (history.yaml); and every move of a count's recorded bound, with its
// why, so that a reason outlives the next move, which overwrites the
// baselines file's. The charts draw it, so a baseline that
// moved down leaves a trace of where it was, and [History.CheckStore]
// refuses a baselines file that lost baselines it records.
//
// It reads the baselines store and knows nothing of how baselines are
// judged or of the docs.
package history

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/baselines"
	"github.com/perfbench/perfbench/internal/keep/keyfile"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

// Limit is how many baselines the history keeps per number and
// machine: the newest. Two years of a baseline moving every month fit; an
// older one has long stopped saying anything about this code.
const Limit = 24

// The reasons the ratchet records with a baseline it set by itself; a
// history point read back from a baseline takes its kind from them
// ([PointOf]): WhyFirst whole, WhyLower as the start of the reason.
const (
	WhyFirst = "first record on this machine"
	// WhyFirstPortable is the first record of a number kept under its
	// toolchain, which every machine of that toolchain shares.
	WhyFirstPortable = "first record for this toolchain"
	WhyLower         = "significantly lower than "
)

// Kind says why a baseline moved.
type Kind uint8

const (
	// Recorded: the machine had no baseline for the number.
	Recorded Kind = iota
	// Lowered: the new median is significantly lower than the baseline.
	Lowered
	// Rebaselined: asked for by name, with a reason.
	Rebaselined
	// Tightened: a count's recorded bound moved the better way (down for
	// a ceiling, up for a floor) because the run did better; only a
	// bound's point ([History.AddBound]) carries it.
	Tightened
)

func (k Kind) String() string {
	switch k {
	case Recorded:
		return "recorded"
	case Lowered:
		return "lowered"
	case Rebaselined:
		return "rebaselined"
	case Tightened:
		return "tightened"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MarshalText writes the kind's word, so a JSON report reads "lowered".
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// fixYAML is the fix of a line that is not valid YAML, or not the file's
// shape, as the baselines file says it.
const fixYAML = "fix the line, or restore the file from version control and run perfbench perf again"

// historyVersion is the schema version a history file carries.
const historyVersion = 1

// Point is one baseline the ratchet set: when, its median with the 95%
// interval of the run that set it, the sample count, why it moved, and the
// commit the measured binary was built from where that is known.
type Point struct {
	Set            time.Time
	Median, Lo, Hi float64
	N              int
	Kind           Kind
	// Commit is the short revision of the measured binary ("" unknown;
	// "-dirty" appended when it had uncommitted changes).
	Commit string
	// Why is the reason the baseline moved, as the baselines file said
	// it when it was set, kept so a chart can say why an old baseline
	// moved after the file has forgotten it ("" in a history written
	// before it kept every point's).
	Why string
}

// History is the sequence of baselines set per number and machine, oldest
// first, at most Limit each. The zero History is empty and ready to
// use. It is kept in a file beside the baselines file (history.yaml) so
// that charts can show where a baseline was before it moved.
type History struct {
	points map[baselines.Key][]Point
	// bounds are a recorded count's bounds, oldest first: Median is the
	// bound, Lo and Hi the processes' range it was set from.
	bounds map[baselines.CountKey][]Point
	// file and lines are the file it was parsed from and the line of
	// each number in it, for errors about it.
	file  string
	lines map[baselines.Key]int
}

// Keys returns every key the history holds points under, in the file's
// order.
func (h *History) Keys() []baselines.Key {
	return slices.SortedFunc(maps.Keys(h.points), baselines.CompareKeys)
}

// Points returns the baselines set under k, oldest first.
func (h *History) Points(k baselines.Key) []Point { return slices.Clone(h.points[k]) }

// Add appends p under k, replacing a point set at the same second, and
// drops the oldest beyond Limit. An infinite interval bound (fewer
// than six samples) is kept as the median.
func (h *History) Add(k baselines.Key, p Point) {
	if math.IsInf(p.Lo, 0) || math.IsNaN(p.Lo) {
		p.Lo = p.Median
	}
	if math.IsInf(p.Hi, 0) || math.IsNaN(p.Hi) {
		p.Hi = p.Median
	}
	if h.points == nil {
		h.points = make(map[baselines.Key][]Point)
	}
	ps := slices.DeleteFunc(h.points[k], func(q Point) bool { return q.Set.Equal(p.Set) })
	ps = append(ps, p)
	slices.SortStableFunc(ps, func(a, b Point) int { return a.Set.Compare(b.Set) })
	if len(ps) > Limit {
		ps = ps[len(ps)-Limit:]
	}
	h.points[k] = ps
}

// AddBound appends p, a move of a count's recorded bound, under k,
// replacing a point set at the same second, and drops the oldest beyond
// Limit.
func (h *History) AddBound(k baselines.CountKey, p Point) {
	if h.bounds == nil {
		h.bounds = make(map[baselines.CountKey][]Point)
	}
	ps := slices.DeleteFunc(h.bounds[k], func(q Point) bool { return q.Set.Equal(p.Set) })
	ps = append(ps, p)
	slices.SortStableFunc(ps, func(a, b Point) int { return a.Set.Compare(b.Set) })
	if len(ps) > Limit {
		ps = ps[len(ps)-Limit:]
	}
	h.bounds[k] = ps
}

// BoundPoints returns the moves of the count's bound under k, oldest
// first.
func (h *History) BoundPoints(k baselines.CountKey) []Point { return slices.Clone(h.bounds[k]) }

// CheckStore refuses a baselines file that has lost baselines the history
// still records: a file cut short, or a block deleted by hand, would
// otherwise have the missing baselines recorded afresh from one run, as if
// the machine had never been measured. Only scenarios in known are
// checked (nil: every one), since a scenario that was removed leaves its
// history behind.
func (h *History) CheckStore(store *baselines.Store, file string, known []string) error {
	var missing []string
	line := 0
	keys := slices.SortedFunc(maps.Keys(h.points), baselines.CompareKeys)
	for _, k := range keys {
		if known != nil && !slices.Contains(known, k.Scenario) {
			continue
		}
		if _, ok := store.Get(k); !ok {
			if line == 0 {
				line = h.lines[k]
			}
			missing = append(missing, k.Scenario+" "+k.Number+" on "+k.Machine)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if len(missing) > 3 {
		missing = append(missing[:3], fmt.Sprintf("and %d more", len(missing)-3))
	}
	return &writegroup.InputError{File: file, Msg: fmt.Sprintf("has no baseline for %s, which the history records (%s:%d); restore the baselines file from version control (if a number was renamed or removed, delete its points from the history too)",
		strings.Join(missing, ", "), h.file, line)}
}

// CheckComplete refuses a history that has lost points the baselines
// file still records: every stored baseline of a scenario in known (nil:
// every one) has a point of its history set at the same second, by the
// run that set it. An
// emptied history, or one cut short at a line boundary, still reads as
// YAML; a recording from it would redraw the charts and the docs'
// intervals from what is left, and the lost points would be gone for
// good. No history file at all is a checkout from before the history was
// kept, and is not refused: the next recording seeds it ([History.Seed]).
// file names the baselines file in the message.
func (h *History) CheckComplete(store *baselines.Store, file string, known []string) error {
	if h.file == "" {
		return nil
	}
	var missing []string
	line := 0
	for _, k := range store.Keys() {
		if known != nil && !slices.Contains(known, k.Scenario) {
			continue
		}
		b, _ := store.Get(k)
		if h.setAt(k, b.Set) {
			continue
		}
		if line == 0 {
			line = store.Line(k)
		}
		missing = append(missing, k.Scenario+" "+k.Number+" on "+k.Machine+" (set "+b.Set.UTC().Format(time.RFC3339)+")")
	}
	if len(missing) == 0 {
		return nil
	}
	n := len(missing)
	if n > 3 {
		missing = append(missing[:3], fmt.Sprintf("and %d more", n-3))
	}
	return &writegroup.InputError{File: h.file, Msg: fmt.Sprintf("has no point for %s, which the baselines file records (%s:%d): the history was emptied or cut short; restore it from version control, then run perfbench perf again",
		strings.Join(missing, ", "), file, line)}
}

// Seed adds the point of every stored baseline the history does not
// hold: baselines set before the history was kept, so that from the
// first recording on every baseline has its point ([History.CheckComplete]).
func (h *History) Seed(store *baselines.Store) {
	for _, k := range store.Keys() {
		if b, _ := store.Get(k); !h.setAt(k, b.Set) {
			h.Add(k, PointOf(b))
		}
	}
}

// setAt reports whether the history holds a point under k set at t.
func (h *History) setAt(k baselines.Key, t time.Time) bool {
	return slices.ContainsFunc(h.points[k], func(p Point) bool { return p.Set.Equal(t) })
}

// point returns the history's point of the baseline b under k: the one
// set at b's time with b's median.
func (h *History) point(k baselines.Key, b baselines.Baseline) (Point, bool) {
	for _, p := range h.points[k] {
		if p.Set.Equal(b.Set) && p.Median == b.Median {
			return p, true
		}
	}
	return Point{}, false
}

// Len returns the number of keys with a history.
func (h *History) Len() int { return len(h.points) }

// PointOf summarises a stored baseline as a history point: its median and
// the interval of its samples, and the kind its reason names.
func PointOf(b baselines.Baseline) Point {
	j := band.Judge(band.Measured{Spec: band.Spec{Band: band.Time(0)}, Samples: b.Samples})
	kind := Rebaselined
	switch {
	case b.Why == WhyFirst || b.Why == WhyFirstPortable:
		kind = Recorded
	case strings.HasPrefix(b.Why, WhyLower):
		kind = Lowered
	}
	return Point{Set: b.Set, Median: b.Median, Lo: j.Lo, Hi: j.Hi, N: len(b.Samples), Kind: kind, Why: b.Why}
}

// Interval returns the point that set b under k: the history's, which
// holds the interval of the estimate the run that set it made, when the
// history has a point set at b's time with b's median; else PointOf(b).
// PointOf's interval is the pooled samples' median's, a statistic other
// than the baseline's (the median of per-process fastest samples), so it
// need not even contain the baseline.
func (h *History) Interval(k baselines.Key, b baselines.Baseline) Point {
	if p, ok := h.point(k, b); ok {
		return p
	}
	return PointOf(b)
}

// header opens every history file the ratchet writes.
var header = `# Every time baseline perfbench perf has set, per machine, scenario and number,
# oldest first and at most ` + strconv.Itoa(Limit) + ` each: [set, median, 95% CI low, high, samples,
# recorded|lowered|rebaselined, commit, why]; under counts, every move of a
# count's recorded bound: [set, bound, recorded|tightened|rebaselined, commit,
# why]. docs/perf/charts draws them. Written by ` + "`perfbench perf`" + ` beside the
# baselines file; do not edit.
`

// Load reads the history file at path; one that does not exist is
// an empty History. One that cannot be read, is not a regular file or is
// over writegroup.MaxFileSize, and a malformed one, is an [*writegroup.InputError] naming the
// file (and the line).
func Load(path string) (*History, error) {
	data, err := writegroup.Read(path, "the history file", "restore it from version control")
	if errors.Is(err, fs.ErrNotExist) {
		return &History{}, nil
	}
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// Parse reads a history file; file names it in errors. The format
// is YAML, one flow sequence a point:
//
//	version: 1
//	machines:
//	  AMD EPYC 7B13, 2 cores, linux/amd64, go1.26.8:
//	    hover-storm:
//	      frame:
//	        - [2026-09-10T08:00:00Z, 41.2, 40.9, 41.6, 240, recorded, 1a2b3c4]
func Parse(data []byte, file string) (*History, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, keyfile.Parser{File: file, Fix: fixYAML}.SyntaxError(err)
	}
	h := &History{file: file}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return h, nil
	}
	p := keyfile.Parser{File: file, Fix: fixYAML}
	bad := func(n *yaml.Node, format string, args ...any) error {
		return &writegroup.InputError{File: file, Line: n.Line, Msg: fmt.Sprintf(format, args...) +
			"; fix the line, or restore the file from version control"}
	}
	root, err := p.Mapping(doc.Content[0], "the file")
	if err != nil {
		return nil, err
	}
	version := false
	for _, kv := range root {
		switch kv[0].Value {
		case "version":
			if kv[1].Value != strconv.Itoa(historyVersion) {
				return nil, bad(kv[1], "version must be %d", historyVersion)
			}
			version = true
		case "machines":
			if kv[1].Tag == "!!null" {
				continue
			}
			machines, err := p.Mapping(kv[1], "machines")
			if err != nil {
				return nil, err
			}
			for _, m := range machines {
				scenarios, err := p.Mapping(m[1], fmt.Sprintf("machine %q", m[0].Value))
				if err != nil {
					return nil, err
				}
				for _, sc := range scenarios {
					numbers, err := p.Mapping(sc[1], fmt.Sprintf("scenario %q", sc[0].Value))
					if err != nil {
						return nil, err
					}
					for _, num := range numbers {
						if num[1].Kind != yaml.SequenceNode {
							return nil, bad(num[1], "number %q must be a list of points", num[0].Value)
						}
						k := baselines.Key{Machine: m[0].Value, Scenario: sc[0].Value, Number: num[0].Value}
						if h.lines == nil {
							h.lines = map[baselines.Key]int{}
						}
						h.lines[k] = num[0].Line
						for _, e := range num[1].Content {
							pt, err := historyPoint(e, bad)
							if err != nil {
								return nil, err
							}
							h.Add(k, pt)
						}
					}
				}
			}
		case "counts":
			if err := h.parseBounds(p, kv[1], bad); err != nil {
				return nil, err
			}
		default:
			return nil, bad(kv[0], "unknown field %q (want version, counts, machines)", kv[0].Value)
		}
	}
	if !version {
		return nil, bad(doc.Content[0], "no version; the first field is version: %d", historyVersion)
	}
	return h, nil
}

// parseBounds reads the counts section: scenario → number → the bound's
// moves.
func (h *History) parseBounds(p keyfile.Parser, n *yaml.Node, bad func(*yaml.Node, string, ...any) error) error {
	if n.Tag == "!!null" {
		return nil
	}
	scenarios, err := p.Mapping(n, "counts")
	if err != nil {
		return err
	}
	for _, sc := range scenarios {
		numbers, err := p.Mapping(sc[1], fmt.Sprintf("scenario %q", sc[0].Value))
		if err != nil {
			return err
		}
		for _, num := range numbers {
			if num[1].Kind != yaml.SequenceNode {
				return bad(num[1], "count %q must be a list of its bound's moves", num[0].Value)
			}
			k := baselines.CountKey{Scenario: sc[0].Value, Number: num[0].Value}
			for _, e := range num[1].Content {
				pt, err := boundPoint(e, bad)
				if err != nil {
					return err
				}
				h.AddBound(k, pt)
			}
		}
	}
	return nil
}

// pointFields checks that n is a sequence of one of lengths scalars,
// the first a time, and returns them with a Point whose Set is that time;
// want says what a point is, for the error.
func pointFields(n *yaml.Node, bad func(*yaml.Node, string, ...any) error, want string, lengths ...int) ([]*yaml.Node, Point, error) {
	if n.Kind != yaml.SequenceNode || !slices.Contains(lengths, len(n.Content)) {
		return nil, Point{}, bad(n, want)
	}
	for _, e := range n.Content {
		if e.Kind != yaml.ScalarNode {
			return nil, Point{}, bad(e, want)
		}
	}
	c := n.Content
	var pt Point
	var err error
	if pt.Set, err = time.Parse(time.RFC3339, c[0].Value); err != nil {
		return nil, pt, bad(c[0], "set %q is not an RFC 3339 time such as 2026-09-10T08:00:00Z", c[0].Value)
	}
	return c, pt, nil
}

// kindOf reads n as one of the kinds allowed, by its word.
func kindOf(n *yaml.Node, bad func(*yaml.Node, string, ...any) error, allowed ...Kind) (Kind, error) {
	words := make([]string, len(allowed))
	for i, k := range allowed {
		if n.Value == k.String() {
			return k, nil
		}
		words[i] = k.String()
	}
	last := len(words) - 1
	return 0, bad(n, "kind %q: want %s or %s", n.Value, strings.Join(words[:last], ", "), words[last])
}

// boundPoint reads one move of a count's bound: [set, bound, kind,
// commit, why].
func boundPoint(n *yaml.Node, bad func(*yaml.Node, string, ...any) error) (Point, error) {
	const want = "a count's move is [set, bound, recorded|tightened|rebaselined, commit, why]"
	c, pt, err := pointFields(n, bad, want, 5)
	if err != nil {
		return pt, err
	}
	v, err := strconv.ParseFloat(c[1].Value, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return pt, bad(c[1], "bound %q is not a finite number ≥ 0; %s", c[1].Value, want)
	}
	pt.Median, pt.Lo, pt.Hi, pt.N = v, v, v, 1
	if pt.Kind, err = kindOf(c[2], bad, Recorded, Tightened, Rebaselined); err != nil {
		return pt, err
	}
	if c[3].Tag != "!!null" {
		pt.Commit = c[3].Value
	}
	pt.Why = c[4].Value
	return pt, nil
}

// historyPoint reads one point: [set, median, lo, hi, n, kind, commit],
// and its why after them where it was kept.
func historyPoint(n *yaml.Node, bad func(*yaml.Node, string, ...any) error) (Point, error) {
	const want = "a point is [set, median, low, high, samples, recorded|lowered|rebaselined, commit] or [..., commit, why]"
	c, pt, err := pointFields(n, bad, want, 7, 8)
	if err != nil {
		return pt, err
	}
	for i, f := range []*float64{&pt.Median, &pt.Lo, &pt.Hi} {
		v, err := strconv.ParseFloat(c[1+i].Value, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > band.MaxTime {
			return pt, bad(c[1+i], "%q is not a finite number from 0 to %g; %s", c[1+i].Value, band.MaxTime, want)
		}
		*f = v
	}
	if pt.Median == 0 {
		return pt, bad(c[1], "median 0 measured nothing; %s", want)
	}
	// An interval upside down is no interval: the docs would print it and
	// the chart draw its band inside out.
	if pt.Lo > pt.Hi {
		return pt, bad(c[2], "the interval's low %s is above its high %s; %s", c[2].Value, c[3].Value, want)
	}
	if pt.N, err = strconv.Atoi(c[4].Value); err != nil || pt.N < 0 {
		return pt, bad(c[4], "samples %q is not a count", c[4].Value)
	}
	if pt.Kind, err = kindOf(c[5], bad, Recorded, Lowered, Rebaselined); err != nil {
		return pt, err
	}
	if c[6].Tag != "!!null" {
		pt.Commit = c[6].Value
	}
	if len(c) == 8 {
		pt.Why = c[7].Value
	}
	return pt, nil
}

// Marshal returns the file form of the history: a fixed header, then the
// points sorted by machine, scenario, number and date, so the same history
// always gives the same bytes.
func (h *History) Marshal() []byte {
	str := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }
	plain := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v} }
	num := func(f float64) *yaml.Node { return plain(strconv.FormatFloat(f, 'g', -1, 64)) }
	var entries []keyfile.Entry
	for _, k := range slices.SortedFunc(maps.Keys(h.points), baselines.CompareKeys) {
		seq := &yaml.Node{Kind: yaml.SequenceNode}
		for _, p := range h.points[k] {
			commit := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "~"}
			if p.Commit != "" {
				commit = str(p.Commit)
			}
			point := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
				{Kind: yaml.ScalarNode, Tag: "!!timestamp", Value: p.Set.UTC().Format(time.RFC3339)}, num(p.Median),
				num(p.Lo), num(p.Hi), plain(strconv.Itoa(p.N)), plain(p.Kind.String()), commit,
			}}
			if p.Why != "" {
				point.Content = append(point.Content, str(p.Why))
			}
			seq.Content = append(seq.Content, point)
		}
		entries = append(entries, keyfile.Entry{Machine: k.Machine, Scenario: k.Scenario, Number: k.Number, Node: seq})
	}
	var extra []*yaml.Node
	if len(h.bounds) > 0 {
		counts := &yaml.Node{Kind: yaml.MappingNode}
		var scenario *yaml.Node
		last := ""
		keys := slices.SortedFunc(maps.Keys(h.bounds), func(a, b baselines.CountKey) int {
			return strings.Compare(a.Scenario+"\x00"+a.Number, b.Scenario+"\x00"+b.Number)
		})
		for _, k := range keys {
			if scenario == nil || k.Scenario != last {
				scenario = &yaml.Node{Kind: yaml.MappingNode}
				counts.Content = append(counts.Content, str(k.Scenario), scenario)
				last = k.Scenario
			}
			seq := &yaml.Node{Kind: yaml.SequenceNode}
			for _, p := range h.bounds[k] {
				commit := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "~"}
				if p.Commit != "" {
					commit = str(p.Commit)
				}
				seq.Content = append(seq.Content, &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
					{Kind: yaml.ScalarNode, Tag: "!!timestamp", Value: p.Set.UTC().Format(time.RFC3339)}, num(p.Median),
					plain(p.Kind.String()), commit, str(p.Why),
				}})
			}
			scenario.Content = append(scenario.Content, str(k.Number), seq)
		}
		extra = []*yaml.Node{str("counts"), counts}
	}
	return keyfile.Marshal(header, historyVersion, extra, entries)
}
