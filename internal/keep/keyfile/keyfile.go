// Package keyfile is the YAML form the baselines and history files
// share: a version, then "machines" nested machine → scenario → number,
// each node read by hand so that every complaint carries its line and
// nothing unknown is silently ignored, and written in one order so that
// the same data always gives the same bytes.
package keyfile

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/perfbench/perfbench/internal/keep/writegroup"
)

// Parser makes the errors of one file: File names it, Fix says what to do
// about any line of it.
type Parser struct {
	File, Fix string
}

// Errorf is an [*writegroup.InputError] at n's line: what is wrong, then
// the fix.
func (p Parser) Errorf(n *yaml.Node, format string, args ...any) error {
	return &writegroup.InputError{File: p.File, Line: n.Line, Msg: fmt.Sprintf(format, args...) + "; " + p.Fix}
}

// Mapping returns n's key/value pairs after checking n is a mapping with
// no duplicate or non-string keys; what names n in errors.
func (p Parser) Mapping(n *yaml.Node, what string) ([][2]*yaml.Node, error) {
	if n.Kind == yaml.AliasNode {
		return nil, p.Errorf(n, "%s is an alias; this file uses no anchors or aliases", what)
	}
	if n.Kind != yaml.MappingNode {
		return nil, p.Errorf(n, "%s must be a mapping", what)
	}
	pairs := make([][2]*yaml.Node, 0, len(n.Content)/2)
	seen := make(map[string]bool, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
			return nil, p.Errorf(k, "%s has a key that is not a plain name", what)
		}
		if k.Value == "" {
			return nil, p.Errorf(k, "%s has an empty key", what)
		}
		if seen[k.Value] {
			return nil, p.Errorf(k, "%s has %q twice", what, k.Value)
		}
		seen[k.Value] = true
		pairs = append(pairs, [2]*yaml.Node{k, v})
	}
	return pairs, nil
}

// yamlLine finds the line number the YAML library put in its message.
var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): `)

// SyntaxError turns the YAML library's error into a one-line
// [*writegroup.InputError] with the line it names.
func (p Parser) SyntaxError(err error) error {
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	e := &writegroup.InputError{File: p.File}
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	e.Msg = "not valid YAML: " + msg + "; " + p.Fix
	return e
}

// Entry is one number's node under its machine and scenario.
type Entry struct {
	Machine, Scenario, Number string
	Node                      *yaml.Node
}

// Marshal writes the header, then "version", then the key/value nodes of
// extra, then "machines" nested machine → scenario → number, each entry's
// node under its number. entries must be sorted by machine, scenario,
// number.
func Marshal(header string, version int, extra []*yaml.Node, entries []Entry) []byte {
	str := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }
	mapping := func() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode} }
	add := func(m *yaml.Node, k string, v *yaml.Node) { m.Content = append(m.Content, str(k), v) }

	machines := mapping()
	var machine, scenario *yaml.Node
	var last Entry
	for i, e := range entries {
		if i == 0 || e.Machine != last.Machine {
			machine = mapping()
			add(machines, e.Machine, machine)
			scenario = nil
		}
		if scenario == nil || e.Scenario != last.Scenario {
			scenario = mapping()
			add(machine, e.Scenario, scenario)
		}
		last = e
		add(scenario, e.Number, e.Node)
	}
	root := mapping()
	add(root, "version", &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.Itoa(version)})
	root.Content = append(root.Content, extra...)
	add(root, "machines", machines)

	var buf bytes.Buffer
	buf.WriteString(header)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		panic("keyfile: encoding a YAML file: " + err.Error()) // a tree built by the caller always encodes
	}
	if err := enc.Close(); err != nil {
		panic("keyfile: encoding a YAML file: " + err.Error())
	}
	return buf.Bytes()
}
