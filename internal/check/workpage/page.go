// Package page writes the reference-workloads page
// (docs/perf/reference-workloads.md) from the workloads: its criteria
// section from the Limits in source (go test ./workloads -update), and
// the advisory table of absolute times, keyed by machine, that
// `perfbench workloads --record` measures and nothing gates. Text outside
// the generated sections is kept byte for byte, and a page whose markers
// are damaged is refused whole.
package workpage

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/workloads"
)

// DefaultDocs is the reference-workloads page, relative to the module
// root.
const DefaultDocs = "docs/perf/reference-workloads.md"

// The markers around the page's generated sections. Text outside them is
// kept byte for byte.
const (
	criteriaBegin = "<!-- BEGIN GENERATED: workload criteria (go test ./workloads -update) -->"
	criteriaEnd   = "<!-- END GENERATED: workload criteria -->"
	advisoryBegin = "<!-- BEGIN GENERATED: advisory times (perfbench workloads --record) -->"
	advisoryEnd   = "<!-- END GENERATED: advisory times -->"
)

// DocsError is a reference page the writer refuses to touch: its markers
// are missing, repeated or out of order. The file is left as it was.
type DocsError struct {
	File string
	Msg  string
}

func (e *DocsError) Error() string { return e.File + ": " + e.Msg }

// Criteria renders the criteria section: every workload, whether it is
// gated, and each of its limits with its bounds and why. It depends on the
// source alone, so a test can hold the page to it.
func Criteria() string {
	var b strings.Builder
	b.WriteString("| workload | in the gate list | criterion | shape | limit | why |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	for _, w := range workloads.All() {
		gate := "yes"
		if !w.Gate {
			gate = "no (diagnostic)"
		}
		for _, l := range w.Limits {
			limit := l.String()
			if l.Unit != "" && l.Shape != workloads.Report {
				limit += " " + l.Unit
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", w.Name, gate, cell(l.Name), l.Shape, limit, cell(l.Why))
		}
	}
	return b.String()
}

// advisoryHeader opens every machine's table.
const advisoryHeader = "| workload | recorded | number | value |\n|---|---|---|---|\n"

// advisoryRows renders results as rows of a machine's advisory table:
// every point's median, then every criterion's value and verdict, each
// row starting with its workload's name. The numbers are absolute and gate
// nothing.
func advisoryRows(date string, results []workloads.Result) []string {
	var rows []string
	for _, r := range results {
		for _, p := range r.Points {
			rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s µs (n=%d) |",
				r.Workload, date, cell(p.Series+" "+p.Label+" median"), band.Format(p.MedianUs), p.N))
		}
		for _, c := range r.Criteria {
			rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s (%s) |",
				r.Workload, date, cell(c.Name), cell(c.ValueString()), c.Verdict))
		}
	}
	return rows
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// section returns the bytes between begin and end in data (the markers'
// own lines excluded), and where they lie.
func section(data []byte, file, begin, end string) (from, to int, err error) {
	b := bytes.Index(data, []byte(begin))
	e := bytes.Index(data, []byte(end))
	switch {
	case b < 0 || e < 0:
		return 0, 0, &DocsError{file, fmt.Sprintf("missing marker %q or %q; restore them from version control", begin, end)}
	case bytes.Count(data, []byte(begin)) > 1 || bytes.Count(data, []byte(end)) > 1:
		return 0, 0, &DocsError{file, fmt.Sprintf("marker %q or %q appears more than once; restore the file from version control", begin, end)}
	case e < b:
		return 0, 0, &DocsError{file, fmt.Sprintf("marker %q comes before %q; restore the file from version control", end, begin)}
	}
	from = b + len(begin)
	if from < len(data) && data[from] == '\n' {
		from++
	}
	return from, e, nil
}

// replace returns data with the section between begin and end replaced.
func replace(data []byte, file, begin, end, body string) ([]byte, error) {
	from, to, err := section(data, file, begin, end)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(data[:from])
	out = append(out, body...)
	if !strings.HasSuffix(body, "\n") {
		out = append(out, '\n')
	}
	return append(out, data[to:]...), nil
}

// UpdateCriteria rewrites the criteria section of the page at path and
// reports whether it changed.
func UpdateCriteria(path string) (bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	out, err := replace(data, path, criteriaBegin, criteriaEnd, Criteria())
	if err != nil || bytes.Equal(out, data) {
		return false, err
	}
	return true, writeAtomic(path, out)
}

// CriteriaSection returns the criteria section as the page at path has it.
func CriteriaSection(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	from, to, err := section(data, path, criteriaBegin, criteriaEnd)
	if err != nil {
		return "", err
	}
	return string(data[from:to]), nil
}

// Record writes results into machine's table in the advisory section of
// the page at path: the rows of every workload in results are replaced,
// the rows of other workloads and other machines' tables are kept, and the
// tables are sorted by machine. A page with damaged markers is refused and
// left untouched.
func Record(path, machine, date string, results []workloads.Result) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &DocsError{path, "no such page; restore it from version control"}
	}
	if err != nil {
		return err
	}
	from, to, err := section(data, path, advisoryBegin, advisoryEnd)
	if err != nil {
		return err
	}
	tables := parseAdvisory(string(data[from:to]))
	replaced := map[string]bool{}
	for _, r := range results {
		replaced[r.Workload] = true
	}
	var rows []string
	for _, row := range tables[machine] {
		if !replaced[rowWorkload(row)] {
			rows = append(rows, row)
		}
	}
	rows = append(rows, advisoryRows(date, results)...)
	order := map[string]int{}
	for i, n := range workloads.Names() {
		order[n] = i
	}
	slices.SortStableFunc(rows, func(a, b string) int {
		wa, wb := rowWorkload(a), rowWorkload(b)
		ra, oka := order[wa]
		rb, okb := order[wb]
		switch {
		case oka && okb:
			return ra - rb
		case oka != okb: // workloads that no longer exist go last
			if oka {
				return -1
			}
			return 1
		}
		return strings.Compare(wa, wb)
	})
	tables[machine] = rows

	machines := make([]string, 0, len(tables))
	for m := range tables {
		machines = append(machines, m)
	}
	slices.Sort(machines)
	var body strings.Builder
	for i, m := range machines {
		if i > 0 {
			body.WriteString("\n")
		}
		fmt.Fprintf(&body, "#### %s\n\n%s", m, advisoryHeader)
		for _, row := range tables[m] {
			body.WriteString(row + "\n")
		}
	}
	out, err := replace(data, path, advisoryBegin, advisoryEnd, body.String())
	if err != nil {
		return err
	}
	return writeAtomic(path, out)
}

// parseAdvisory reads the advisory section back: each machine's heading
// and the data rows of its table.
func parseAdvisory(body string) map[string][]string {
	tables := map[string][]string{}
	machine := ""
	for _, line := range strings.Split(body, "\n") {
		switch {
		case strings.HasPrefix(line, "#### "):
			machine = strings.TrimSpace(strings.TrimPrefix(line, "#### "))
			if _, ok := tables[machine]; !ok {
				tables[machine] = nil
			}
		case machine == "" || !strings.HasPrefix(line, "| "):
		case strings.HasPrefix(line, "| workload |"):
		default:
			tables[machine] = append(tables[machine], line)
		}
	}
	return tables
}

// rowWorkload returns the workload a table row belongs to: its first cell.
func rowWorkload(row string) string {
	cells := strings.SplitN(strings.TrimPrefix(row, "| "), " |", 2)
	return strings.TrimSpace(cells[0])
}

// writeAtomic replaces path with data through a temporary file in the same
// directory, so that a reader sees the old page or the new one.
func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	name := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
	}
	return err
}
