package flame

import (
	"bytes"
	"encoding/xml"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// build returns a profile with a sample per stack, innermost first, ";"
// between frames.
func build(samples map[string]int64) *profile.Profile {
	p := &profile.Profile{SampleType: []*profile.ValueType{{Type: "instructions", Unit: "count"}}}
	locs := map[string]*profile.Location{}
	for stack, v := range samples {
		s := &profile.Sample{Value: []int64{v}, Label: map[string][]string{"step": {"cross"}}}
		for _, name := range strings.Split(stack, ";") {
			l, ok := locs[name]
			if !ok {
				f := &profile.Function{ID: uint64(len(p.Function) + 1), Name: name}
				p.Function = append(p.Function, f)
				l = &profile.Location{ID: uint64(len(p.Location) + 1), Line: []profile.Line{{Function: f}}}
				p.Location = append(p.Location, l)
				locs[name] = l
			}
			s.Location = append(s.Location, l)
		}
		p.Sample = append(p.Sample, s)
	}
	return p
}

// The page is well-formed SVG; each frame's tooltip holds its exact
// counts, a frame that grew is red, one that fell blue, one that held
// grey; widths follow the larger side.
func TestWrite(t *testing.T) {
	base := build(map[string]int64{"layout;frame;main": 600, "paint;frame;main": 400})
	head := build(map[string]int64{"layout;frame;main": 600, "paint;frame;main": 300, "github.com/x/scenario.spin;frame;main": 100})
	var b bytes.Buffer
	require.NoError(t, Write(&b, base, head, Options{Key: "step", Value: "cross", Title: "hover-storm <instructions>", Width: 1016}))
	d := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	for {
		_, err := d.Token()
		if err != nil {
			assert.Equal(t, "EOF", err.Error(), "well-formed")
			break
		}
	}
	svg := b.String()
	assert.Contains(t, svg, "hover-storm &lt;instructions&gt;")
	frame := func(name string) (fill string, width float64) {
		re := regexp.MustCompile(`<title>` + regexp.QuoteMeta(name) + `&#10;[^<]*</title><rect [^>]*width="([0-9.]+)"[^>]*fill="(#[0-9a-f]{6})"`)
		m := re.FindStringSubmatch(svg)
		require.NotNil(t, m, name)
		w, _ := strconv.ParseFloat(m[1], 64)
		return m[2], w
	}
	assert.Contains(t, svg, "<title>github.com/x/scenario.spin&#10;head 100, base 0, change +100</title>")
	spinFill, spinWidth := frame("github.com/x/scenario.spin")
	paintFill, paintWidth := frame("paint")
	layoutFill, layoutWidth := frame("layout")
	assert.Equal(t, "#dc2828", spinFill, "all new: full red")
	assert.True(t, strings.HasPrefix(paintFill, "#") && paintFill[5:] > paintFill[1:3], "fell: blue, %s", paintFill)
	assert.Equal(t, "#d9d9d9", layoutFill)
	// frame's callees' larger sides add up to 1100 in its 1000 px.
	assert.InDelta(t, 100/1.1, spinWidth, 0.01)
	assert.InDelta(t, 400/1.1, paintWidth, 0.01, "base's, the larger side")
	assert.InDelta(t, 600/1.1, layoutWidth, 0.01)
	assert.Contains(t, svg, ">scenario.sp…<", "labelled by its short name, cut to its width")
}

// Stacks are drawn from their root frame where they hold one: two sides
// whose stacks reach different depths above it draw alike.
func TestRoots(t *testing.T) {
	base := build(map[string]int64{"spin;step;record;cobra": 10})
	head := build(map[string]int64{"spin;step;record": 10})
	var b bytes.Buffer
	require.NoError(t, Write(&b, base, head, Options{Roots: []string{"step"}}))
	assert.Contains(t, b.String(), "<title>spin&#10;head 10, base 10, change 0</title>")
	assert.NotContains(t, b.String(), "cobra")
	b.Reset()
	require.NoError(t, Write(&b, base, head, Options{}))
	assert.Contains(t, b.String(), "<title>cobra&#10;head 0, base 10, change -10</title>", "without roots, where they were cut")
}

// Index picks the value drawn: an allocations profile's bytes, its
// second, where the number is bytes.
func TestIndex(t *testing.T) {
	base := build(map[string]int64{"makeslice;site;step": 2})
	head := build(map[string]int64{"makeslice;site;step": 3})
	for _, p := range []*profile.Profile{base, head} {
		for _, s := range p.Sample {
			s.Value = append(s.Value, s.Value[0]*64)
		}
	}
	var b bytes.Buffer
	require.NoError(t, Write(&b, base, head, Options{Index: 1}))
	assert.Contains(t, b.String(), "<title>site&#10;head 192, base 128, change +64</title>")
}
