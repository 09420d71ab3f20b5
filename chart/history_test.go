package chart

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"gonum.org/v1/plot"
)

// A title wider than the chart (a GPU driver's own description) is broken
// at spaces into lines that fit, losing no word; one that fits is kept.
func TestATitleWiderThanTheChartIsBrokenToFit(t *testing.T) {
	sty := plot.New().Title.TextStyle
	width := titleWidth
	title := "text-pressure on AMD EPYC, 2 cores, linux/amd64, go1.26.8\n" +
		"renderer gpu: llvmpipe (LLVM 15.0.6, 256 bits) (Mesa/X.org, OpenGL ES 3.2 Mesa 22.3.6)"
	got := fit(title, sty, width)
	lines := strings.Split(got, "\n")
	assert.Greater(t, len(lines), 2, "the renderer's line is broken")
	for _, l := range lines {
		assert.LessOrEqual(t, float64(sty.Width(l)), float64(width), "%q fits", l)
	}
	assert.Equal(t, strings.Fields(title), strings.Fields(got), "no word lost")
	assert.Equal(t, "hover-storm on a machine", fit("hover-storm on a machine", sty, width))
}
