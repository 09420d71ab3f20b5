package baselines

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

// The reference revision is one for the whole baselines file, not one per
// machine: it names code, not a measurement. Head and the reference are
// built and run in pairs on whatever machine judges them (a CI runner whose
// CPU model changes from one job to the next, a laptop), so the verdict
// holds on any machine, and a runner of a kind never seen before judges
// against the same revision as every other. A reference per machine key
// would start afresh on each new kind of runner, which is the creep the
// reference is there to stop.

// RefKind says why the reference revision moved to a commit.
type RefKind uint8

const (
	// RefRecorded: the file had no reference; perf recorded the commit it
	// measured.
	RefRecorded RefKind = iota
	// RefFaster: head was significantly faster than the reference on a
	// time, slower on none, every count passing.
	RefFaster
	// RefRebaselined: asked for with --rebaseline and a reason.
	RefRebaselined
)

func (k RefKind) String() string {
	switch k {
	case RefRecorded:
		return "recorded"
	case RefFaster:
		return "faster"
	case RefRebaselined:
		return "rebaselined"
	}
	return fmt.Sprintf("RefKind(%d)", uint8(k))
}

// MarshalText writes the kind's word, so JSON reads "faster".
func (k RefKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Reference is one reference revision: the commit, when it became the
// reference and why, and the ratios head/reference of the paired run that
// moved it there (none for a recorded one).
type Reference struct {
	Commit string    `json:"commit"`
	Set    time.Time `json:"set"`
	Kind   RefKind   `json:"kind"`
	Why    string    `json:"why"`
	Ratios []Ratio   `json:"ratios,omitempty"`
}

// Ratio is one time of the paired run that moved the reference: head over
// the old reference, with the interval the paired verdict judged it by.
type Ratio struct {
	Scenario string  `json:"scenario"`
	Number   string  `json:"number"`
	Ratio    float64 `json:"ratio"`
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
	Pairs    int     `json:"pairs"`
}

// maxReferences is how many references the baselines file keeps, the
// newest: the current one and the moves before it. A hundred moves is
// years of a main branch getting faster; the page lists each.
const maxReferences = 100

// commitName is what the file accepts as a commit: a git object name, 7 to
// 40 lowercase hexadecimal digits (short names as git prints them, full
// ones as a build records them).
var commitName = regexp.MustCompile(`^[0-9a-f]{7,40}$`)

// CheckCommit refuses a commit name the baselines file would refuse: what
// the flag that gave it is named in the message.
func CheckCommit(flag, c string) error {
	if !commitName.MatchString(c) {
		return &writegroup.InputError{Msg: fmt.Sprintf("%s %q is not a commit: want its hexadecimal name, 7 to 40 digits (git rev-parse HEAD)", flag, c)}
	}
	return nil
}

// SameCommit reports whether a and b name the same commit: one is a
// prefix of the other (a short name and a full one).
func SameCommit(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	return strings.HasPrefix(a, b) || strings.HasPrefix(b, a)
}

// Reference returns the current reference revision: the newest one the
// file records.
func (s *Store) Reference() (Reference, bool) {
	if len(s.refs) == 0 {
		return Reference{}, false
	}
	return s.refs[len(s.refs)-1], true
}

// ReferenceLine returns the line of the file the current reference's
// commit was read from, or 0 when it was not read from a file.
func (s *Store) ReferenceLine() int {
	if len(s.refLines) == 0 {
		return 0
	}
	return s.refLines[len(s.refLines)-1]
}

// References returns every reference the file records, oldest first; the
// last is the current one.
func (s *Store) References() []Reference { return slices.Clone(s.refs) }

// AddReference makes r the reference, keeping the ones before it as its
// history (at most maxReferences in all).
func (s *Store) AddReference(r Reference) {
	if !commitName.MatchString(r.Commit) {
		panic("baselines: AddReference with commit " + strconv.Quote(r.Commit) + ", which is not a commit name")
	}
	s.refs = append(s.refs, r)
	s.refLines = append(s.refLines, 0)
	if len(s.refs) > maxReferences {
		s.refs = s.refs[len(s.refs)-maxReferences:]
		s.refLines = s.refLines[len(s.refLines)-maxReferences:]
	}
}

// referencesHead is the comment above the references in the file.
const referencesHead = `The reference revision main's CI judges head against, paired, built in the
same job (perfbench reference), oldest first: the last is the reference. It
moves only when head is significantly faster, or with --rebaseline --why.`

// references parses the file's references: a list, oldest first.
func (p *parser) references(n *yaml.Node) error {
	if n.Kind != yaml.SequenceNode {
		return p.Errorf(n, "references must be a list of revisions, oldest first")
	}
	if len(n.Content) == 0 {
		return p.Errorf(n, "references is an empty list; a file without a reference has no references field")
	}
	for _, e := range n.Content {
		r, line, err := p.reference(e)
		if err != nil {
			return err
		}
		if last, ok := p.s.Reference(); ok && r.Set.Before(last.Set) {
			return p.Errorf(e, "reference %s was set at %s, before the one above it (%s); the list is oldest first", r.Commit, r.Set.Format(time.RFC3339), last.Set.Format(time.RFC3339))
		}
		p.s.refs = append(p.s.refs, r)
		p.s.refLines = append(p.s.refLines, line)
	}
	if len(p.s.refs) > maxReferences {
		return p.Errorf(n, "references has %d entries, more than the %d perfbench keeps", len(p.s.refs), maxReferences)
	}
	return nil
}

// reference reads one reference, and the line of its commit.
func (p *parser) reference(n *yaml.Node) (Reference, int, error) {
	fields, err := p.Mapping(n, "a reference")
	if err != nil {
		return Reference{}, 0, err
	}
	var r Reference
	line := n.Line
	var haveCommit, haveSet, haveKind bool
	for _, kv := range fields {
		k, v := kv[0], kv[1]
		switch k.Value {
		case "commit":
			if r.Commit, err = p.str(v, "commit"); err != nil {
				return r, 0, err
			}
			line = v.Line
			if !commitName.MatchString(r.Commit) {
				return r, 0, p.Errorf(v, "commit %q is not a commit name (7 to 40 lowercase hexadecimal digits)", r.Commit)
			}
			haveCommit = true
		case "set":
			if r.Set, err = p.time(v, "set"); err != nil {
				return r, 0, err
			}
			haveSet = true
		case "kind":
			s, err := p.str(v, "kind")
			if err != nil {
				return r, 0, err
			}
			switch s {
			case "recorded":
				r.Kind = RefRecorded
			case "faster":
				r.Kind = RefFaster
			case "rebaselined":
				r.Kind = RefRebaselined
			default:
				return r, 0, p.Errorf(v, "kind %q: want recorded, faster or rebaselined", s)
			}
			haveKind = true
		case "why":
			if r.Why, err = p.str(v, "why"); err != nil {
				return r, 0, err
			}
		case "ratios":
			if v.Kind != yaml.SequenceNode {
				return r, 0, p.Errorf(v, "ratios must be a list of [scenario, number, ratio, low, high, pairs]")
			}
			for _, e := range v.Content {
				q, err := p.ratio(e)
				if err != nil {
					return r, 0, err
				}
				r.Ratios = append(r.Ratios, q)
			}
		default:
			return r, 0, p.Errorf(k, "unknown field %q in a reference (want commit, set, kind, why, ratios)", k.Value)
		}
	}
	switch {
	case !haveCommit:
		return r, 0, p.Errorf(n, "a reference has no commit")
	case !haveSet:
		return r, 0, p.Errorf(n, "reference %s has no set time", r.Commit)
	case !haveKind:
		return r, 0, p.Errorf(n, "reference %s has no kind", r.Commit)
	case strings.TrimSpace(r.Why) == "":
		return r, 0, p.Errorf(n, "reference %s has no why", r.Commit)
	}
	return r, line, nil
}

// ratio reads [scenario, number, ratio, low, high, pairs].
func (p *parser) ratio(n *yaml.Node) (Ratio, error) {
	const want = "a ratio is [scenario, number, ratio, low, high, pairs] with 0 < low ≤ ratio ≤ high"
	if n.Kind != yaml.SequenceNode || len(n.Content) != 6 {
		return Ratio{}, p.Errorf(n, want)
	}
	for _, e := range n.Content {
		if e.Kind != yaml.ScalarNode {
			return Ratio{}, p.Errorf(e, want)
		}
	}
	c := n.Content
	q := Ratio{Scenario: c[0].Value, Number: c[1].Value}
	if q.Scenario == "" || q.Number == "" {
		return q, p.Errorf(n, want)
	}
	for i, f := range []*float64{&q.Ratio, &q.Lo, &q.Hi} {
		v, err := p.float(c[2+i], "a ratio")
		if err != nil {
			return q, err
		}
		*f = v
	}
	pairs, err := strconv.Atoi(c[5].Value)
	if err != nil || pairs < 2 {
		return q, p.Errorf(c[5], "pairs %q is not a count of at least 2; %s", c[5].Value, want)
	}
	q.Pairs = pairs
	if !(q.Lo > 0 && q.Lo <= q.Ratio && q.Ratio <= q.Hi) {
		return q, p.Errorf(n, want)
	}
	return q, nil
}

// referencesNode is the file form of the references.
func referencesNode(refs []Reference) *yaml.Node {
	str := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }
	plain := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v} }
	num := func(f float64) *yaml.Node { return plain(strconv.FormatFloat(f, 'g', -1, 64)) }
	seq := &yaml.Node{Kind: yaml.SequenceNode}
	for _, r := range refs {
		m := &yaml.Node{Kind: yaml.MappingNode}
		add := func(k string, v *yaml.Node) { m.Content = append(m.Content, str(k), v) }
		add("commit", str(r.Commit))
		add("set", plain(r.Set.UTC().Format(time.RFC3339)))
		add("kind", plain(r.Kind.String()))
		add("why", str(r.Why))
		if len(r.Ratios) > 0 {
			rs := &yaml.Node{Kind: yaml.SequenceNode}
			for _, q := range r.Ratios {
				rs.Content = append(rs.Content, &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
					str(q.Scenario), str(q.Number), num(q.Ratio), num(q.Lo), num(q.Hi), plain(strconv.Itoa(q.Pairs)),
				}})
			}
			add("ratios", rs)
		}
		seq.Content = append(seq.Content, m)
	}
	return seq
}

// Finite reports whether a paired time's ratio and interval can be kept
// in the file: finite, above zero and in order.
func (q Ratio) Finite() bool {
	for _, v := range []float64{q.Ratio, q.Lo, q.Hi} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 || v > band.MaxTime {
			return false
		}
	}
	return q.Lo <= q.Ratio && q.Ratio <= q.Hi && q.Pairs >= 2
}

// String is the ratio as the reference page and a move's why print it:
// "hover-storm frame 0.95× [0.94, 0.96]".
func (q Ratio) String() string {
	return fmt.Sprintf("%s %s %s× [%s, %s]", q.Scenario, q.Number, band.Format(q.Ratio), band.Format(q.Lo), band.Format(q.Hi))
}

// Short is a commit as a reader reads it: its first 12 digits.
func Short(c string) string {
	if len(c) > 12 {
		return c[:12]
	}
	return c
}
