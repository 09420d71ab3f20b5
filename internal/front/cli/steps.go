package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/perfbench/perfbench/internal/publish/progress"
)

// steps makes each of the runner's progress lines a step of d, its
// scenario's name followed by suffix.
func Steps(d *progress.Display, suffix string) io.Writer {
	return &lineSteps{d: d, suffix: suffix}
}

type lineSteps struct {
	d      *progress.Display
	suffix string
	line   []byte
}

func (s *lineSteps) Write(b []byte) (int, error) {
	s.line = append(s.line, b...)
	for {
		i := bytes.IndexByte(s.line, '\n')
		if i < 0 {
			return len(b), nil
		}
		s.d.Step(StepLabel(string(s.line[:i]), s.suffix))
		s.line = s.line[i+1:]
	}
}

// stepLabel shortens a runner's line for the display: "scenario
// hover-storm: process in 0.31s (2 of 5 processes)" reads "hover-storm
// 2/5", a broken one "hover-storm broken"; suffix follows the name.
func StepLabel(line, suffix string) string {
	name, rest, ok := strings.Cut(strings.TrimPrefix(line, "scenario "), ": ")
	if !ok {
		return line
	}
	name += suffix
	if strings.HasPrefix(rest, "broken") {
		return name + " broken"
	}
	var k, n int
	if i := strings.LastIndex(rest, "("); i >= 0 {
		if _, err := fmt.Sscanf(rest[i:], "(%d of %d processes)", &k, &n); err == nil {
			return fmt.Sprintf("%s %d/%d", name, k, n)
		}
	}
	return name
}
