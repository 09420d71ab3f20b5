package band_test

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/band"
)

func TestToleranceFromSpread(t *testing.T) {
	for _, tt := range []struct{ spread, want float64 }{
		{1, 0.05},
		{1.1, 0.15},
		{1.2, 0.25},
		{1.21, 0.30}, // 0.26 rounds up, never down
		{1.64, 0.70},
		{2, 1.05},
	} {
		assert.InDelta(t, tt.want, band.ToleranceFor(tt.spread), 1e-12, "spread %v", tt.spread)
		slowest := 10 * tt.spread
		assert.LessOrEqual(t, slowest, band.TimeFromSpread(tt.spread).WithBaseline(10).Baseline*(1+band.ToleranceFor(tt.spread)))
	}
	b := band.TimeFromSpread(1.2)
	assert.Equal(t, 0.25, b.Tolerance)
	assert.Equal(t, 1.2, b.Spread)
	assert.Equal(t, "≤ 12.5 (10 +25% from spread ×1.2)", b.WithBaseline(10).String())
	assert.Panics(t, func() { band.TimeFromSpread(0.9) })
}

func TestFormat(t *testing.T) {
	for v, want := range map[float64]string{
		41.23456: "41.23", 16600: "16600", 1: "1", 2991466: "2991466", 0.6: "0.6", 0: "0",
		1e308: "1e+308", 5e-324: "5e-324", -1e20: "-1e+20",
	} {
		assert.Equal(t, want, band.Format(v), "%v", v)
	}
}

// A bound written in source knows the line that wrote it: in a function,
// the line that called the kit; in a package variable, the variable's
// line, past helpers of the declaring package.
func TestDeclared(t *testing.T) {
	_, file, line, _ := runtime.Caller(0)
	here := band.Floor(1)
	assert.Equal(t, fmt.Sprintf("%s:%d", file, line+1), here.Declared())
	assert.Equal(t, fmt.Sprintf("%s:%d", file, countLine), countHelper(2).Declared(), "in a function: the line that called the kit")
	assert.Equal(t, fmt.Sprintf("%s:%d", file, declaredVarLine), declaredVar.Declared(), "in a package variable: its line, not its helper's")
	assert.Empty(t, band.Time(0.1).Declared(), "a time's reference is recorded, not written")
	assert.Empty(t, band.Record(band.AtMost).Declared(), "a recorded bound lives in the baselines file")
}

// countHelper builds a bound as a scenario package's helper does.
func countHelper(bound float64) band.Band {
	return band.Count(bound) // countLine
}

var declaredVar = countHelper(3) // declaredVarLine

var countLine, declaredVarLine = lineOf("// countLine"), lineOf("// declaredVarLine")

// lineOf returns the line of this file that ends with marker.
func lineOf(marker string) int {
	_, file, _, _ := runtime.Caller(0)
	data, err := os.ReadFile(file)
	if err != nil {
		panic(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasSuffix(l, marker) && !strings.Contains(l, "lineOf") {
			return i + 1
		}
	}
	panic("no line ends with " + marker)
}
