package gallery

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/style"
)

// kindsUnder returns the set of kinds in n's subtree.
func kindsUnder(n *document.Node) map[document.Kind]bool {
	seen := map[document.Kind]bool{}
	document.Walk(n, func(m *document.Node) bool { seen[m.Kind()] = true; return true })
	return seen
}

func TestEveryKindAtEverySize(t *testing.T) {
	for _, s := range Sizes {
		t.Run(s.String(), func(t *testing.T) {
			g := Build(s, DefaultOptions)
			seen := kindsUnder(g.Doc.Root())
			for _, k := range document.Kinds() {
				assert.True(t, seen[k], "%v missing from the whole document", k)
			}
			require.Len(t, g.Sections, int(s))
			for i, sec := range g.Sections {
				in := kindsUnder(sec)
				for _, k := range document.Kinds() {
					assert.True(t, in[k], "%v missing from section %d", k, i)
				}
			}
		})
	}
}

func TestTable(t *testing.T) {
	g := Build(Shipped, DefaultOptions)
	require.GreaterOrEqual(t, len(g.TableRows), 240)
	assert.Equal(t, document.Table, g.Table.Kind())
	assert.Equal(t, document.Scroll, g.TableScroll.Kind())
	assert.Same(t, g.TableScroll, g.Table.Parent())
	// The heading row, then the body rows in order.
	assert.Equal(t, g.TableRows, g.Table.Children()[1:])
	sheet := g.Doc.Sheet
	for i, r := range g.TableRows {
		require.Equal(t, document.Box, r.Kind())
		require.Len(t, r.Children(), 5, "row %d", i)
		for _, c := range r.Children() {
			require.Equal(t, document.Text, c.Kind())
			require.NotEmpty(t, c.Text())
		}
		var cs style.Computed
		sheet.Compute(&cs, r.Kind().Defaults(), r.Classes(), 0, nil)
		require.Equal(t, style.PxLen(TableRowHeight), cs.Height, "row %d has a fixed height", i)
		require.Equal(t, style.Row, cs.Direction)
	}

	g = Build(S0, Options{TableRows: 300})
	assert.Len(t, g.TableRows, 300)
}

func TestS26IsAboutTenThousandElements(t *testing.T) {
	// The design targets speak of a ten-thousand-control document; 5%
	// either side leaves room to reshape a section without re-arguing
	// the target.
	n := Build(S26, DefaultOptions).Controls()
	assert.InDelta(t, 10000, n, 500)
}

func TestCountsGrowWithSize(t *testing.T) {
	prev := -1
	for _, s := range Sizes {
		n := Build(s, DefaultOptions).Controls()
		assert.Greater(t, n, prev, "%v", s)
		prev = n
	}
}

func TestDocCounts(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	re := regexp.MustCompile(`(?m)^//\t(s\d+)\s+(\d+)\s+(\d+)$`)
	rows := re.FindAllStringSubmatch(string(src), -1)
	require.Len(t, rows, len(Sizes), "doc.go has a row per size")
	for i, row := range rows {
		s, err := Parse(row[1])
		require.NoError(t, err)
		assert.Equal(t, Sizes[i], s, "rows in Sizes order")
		g := Build(s, DefaultOptions)
		assert.Equal(t, row[2], strconv.Itoa(len(g.Sections)), "%v sections", s)
		assert.Equal(t, row[3], strconv.Itoa(g.Controls()), "%v elements: update the table in doc.go", s)
	}
}

// dump writes everything a build decides about each node, in tree order.
func dump(g *Gallery) string {
	var b strings.Builder
	sheet := g.Doc.Sheet
	document.Walk(g.Doc.Root(), func(n *document.Node) bool {
		fmt.Fprintf(&b, "%*s%v", n.Depth(), "", n.Kind())
		for _, c := range n.Classes() {
			fmt.Fprintf(&b, " .%s", sheet.Name(c))
		}
		fmt.Fprintf(&b, " %q st=%v v=%v sel=%d sp=%d grp=%q row=%d anim=%v\n",
			n.Text(), n.State(), n.Value(), n.Selected(), n.Sprite(), n.Group(), n.RowIndex(), n.Animated())
		if m := n.ListModel(); m != nil {
			fmt.Fprintf(&b, "%*s  model rows=%d h=%v over=%d class=%q last=%q\n",
				n.Depth(), "", m.Rows, m.RowHeight, m.Overscan, m.RowClass, m.Label(m.Rows-1))
		}
		return true
	})
	return b.String()
}

func TestBuildIsDeterministic(t *testing.T) {
	for _, s := range []Size{S0, S4, S26} {
		t.Run(s.String(), func(t *testing.T) {
			a, b := dump(Build(s, DefaultOptions)), dump(Build(s, DefaultOptions))
			require.Equal(t, a, b)
		})
	}
}

func TestAnimation(t *testing.T) {
	for _, s := range Sizes {
		t.Run(s.String(), func(t *testing.T) {
			assert.Equal(t, 1, Build(s, DefaultOptions).Doc.Animated(), "only the header's bar animates")
			idle := DefaultOptions
			idle.Animate = false
			g := Build(s, idle)
			assert.Equal(t, 0, g.Doc.Animated())
			assert.Equal(t, document.Progress, g.Progress.Kind(), "the bar is there, still")
			assert.Equal(t, 0, Build(s, Options{}).Doc.Animated(), "the zero Options are the idle variant")
		})
	}
}

func TestFirstFocusableIsTheField(t *testing.T) {
	for _, s := range Sizes {
		g := Build(s, DefaultOptions)
		var first *document.Node
		document.Walk(g.Doc.Root(), func(n *document.Node) bool {
			if first == nil && n.Kind().Focusable() {
				first = n
			}
			return first == nil
		})
		require.NotNil(t, first, "%v", s)
		assert.Equal(t, document.TextField, first.Kind(), "%v", s)
		assert.Same(t, g.Field, first, "%v", s)
	}
}

func TestListMountsThePortPlusOverscan(t *testing.T) {
	// The rows that fit, one more for a part of a row at each end, and the
	// overscan.
	want := (ListHeight+ListRowHeight-1)/ListRowHeight + 1 + ListOverscan
	base := Build(S1, DefaultOptions)
	require.Len(t, base.List.Children(), want)
	for i, r := range base.List.Children() {
		assert.Equal(t, i, r.RowIndex())
		assert.Equal(t, ListLabel(i), r.Text())
	}
	assert.Equal(t, 1000, base.ListModel.Rows)
	assert.Same(t, base.ListModel, base.List.ListModel())

	big := DefaultOptions
	big.ListRows = 8 * DefaultOptions.ListRows
	g := Build(S1, big)
	assert.Equal(t, 8000, g.ListModel.Rows)
	assert.Equal(t, base.Controls(), g.Controls(), "model rows are not elements")

	short := Build(S0, Options{ListRows: 3})
	assert.Len(t, short.List.Children(), 3)
}

func TestHandles(t *testing.T) {
	g := Build(S2, DefaultOptions)
	assert.Equal(t, S2, g.Size)
	assert.Equal(t, DefaultOptions, g.Options)
	assert.Equal(t, document.Text, g.Title.Kind())
	assert.Equal(t, []*document.Node{g.Field, g.Filter}, g.Fields)
	for _, f := range g.Fields {
		assert.Equal(t, document.TextField, f.Kind())
		assert.NotEmpty(t, f.Text())
	}
	require.NotEmpty(t, g.Buttons)
	for _, b := range g.Buttons {
		assert.Equal(t, document.Button, b.Kind())
		require.Len(t, b.Children(), 1)
		assert.Equal(t, document.Text, b.Children()[0].Kind())
	}
	assert.Equal(t, document.Checkbox, g.Check.Kind())
	assert.Equal(t, document.Slider, g.Slider.Kind())
	require.Len(t, g.Radios, 2)
	for _, r := range g.Radios {
		assert.Equal(t, document.Radio, r.Kind())
		assert.Equal(t, "density", r.Group())
	}
	assert.Equal(t, document.Progress, g.Progress.Kind())
	assert.True(t, g.Progress.Animated())

	// Tabs: the strip, then three panels, the first shown.
	require.Equal(t, document.Tabs, g.Tabs.Kind())
	require.Len(t, g.Tabs.Children(), 4)
	require.Len(t, g.Tabs.Children()[0].Children(), 3)
	assert.False(t, g.Tabs.Children()[1].Folded())
	assert.True(t, g.Tabs.Children()[2].Folded())
	assert.True(t, g.Tabs.Children()[3].Folded())
	assert.Equal(t, style.Checked, g.Tabs.Children()[0].Children()[0].State())

	assert.Equal(t, document.Text, g.Paragraph.Kind())
	assert.GreaterOrEqual(t, strings.Count(g.Paragraph.Text(), ". "), 3, "a few sentences")

	assert.Equal(t, document.Scroll, g.Rigid.Kind())
	assert.Len(t, g.RigidRows, 100)
	assert.Equal(t, g.RigidRows, g.Rigid.Children())
}

func TestBuildPanicsOnMisuse(t *testing.T) {
	assert.PanicsWithValue(t, "gallery: Build of negative size -1", func() { Build(-1, DefaultOptions) })
	assert.Panics(t, func() { Build(S0, Options{TableRows: -1}) })
}

func TestSheet(t *testing.T) {
	g := Build(S1, DefaultOptions)
	sheet := g.Doc.Sheet

	t.Run("every class is defined", func(t *testing.T) {
		// A class the sheet does not define is a typo: the element would
		// silently take its kind's defaults.
		document.Walk(g.Doc.Root(), func(n *document.Node) bool {
			for _, c := range n.Classes() {
				assert.False(t, sheet.Rule(c).Base().IsZero(), "class %q has no base rule", sheet.Name(c))
			}
			return true
		})
	})

	t.Run("hidden hides", func(t *testing.T) {
		c, ok := sheet.Lookup("hidden")
		require.True(t, ok)
		var cs style.Computed
		sheet.Compute(&cs, nil, []style.Class{c}, 0, nil)
		assert.False(t, cs.Display)
	})

	t.Run("states are paint-only", func(t *testing.T) {
		// Any state on any element of the gallery computes the same
		// layout as no state: hover, focus, press, check and disable
		// never relayout.
		states := []style.State{style.Hover, style.Focus, style.Pressed, style.Checked, style.Disabled,
			style.Hover | style.Focus | style.Pressed | style.Checked | style.Disabled}
		var changed []string
		document.Walk(g.Doc.Root(), func(n *document.Node) bool {
			var base, with style.Computed
			sheet.Compute(&base, n.Kind().Defaults(), n.Classes(), 0, nil)
			for _, st := range states {
				sheet.Compute(&with, n.Kind().Defaults(), n.Classes(), st, nil)
				if !base.LayoutEqual(&with) {
					changed = append(changed, fmt.Sprintf("%v %v", n.Kind(), st))
				}
			}
			return true
		})
		assert.Empty(t, slices.Compact(changed))
	})

	t.Run("variants exist", func(t *testing.T) {
		// Hover on rows and buttons, focus on focusables, checked on
		// checkables each change what is painted.
		for _, tc := range []struct {
			class string
			kind  document.Kind
			state style.State
		}{
			{"table-row", document.Box, style.Hover},
			{"list-row", document.Text, style.Hover},
			{"button", document.Button, style.Hover},
			{"button", document.Button, style.Focus},
			{"button", document.Button, style.Disabled},
			{"field", document.TextField, style.Focus},
			{"check", document.Checkbox, style.Focus},
			{"check", document.Checkbox, style.Checked},
			{"radio", document.Radio, style.Checked},
			{"tab", document.Button, style.Checked},
			{"slider", document.Slider, style.Focus},
		} {
			c, ok := sheet.Lookup(tc.class)
			require.True(t, ok, tc.class)
			var base, with style.Computed
			sheet.Compute(&base, tc.kind.Defaults(), []style.Class{c}, 0, nil)
			sheet.Compute(&with, tc.kind.Defaults(), []style.Class{c}, tc.state, nil)
			assert.False(t, base.PaintEqual(&with), "%s on %v", tc.class, tc.state)
		}
	})

	t.Run("hover beats the stripe", func(t *testing.T) {
		r := g.TableRows[1]
		var base, with style.Computed
		sheet.Compute(&base, r.Kind().Defaults(), r.Classes(), 0, nil)
		sheet.Compute(&with, r.Kind().Defaults(), r.Classes(), style.Hover, nil)
		assert.Equal(t, hover, with.Background)
		assert.NotEqual(t, base.Background, with.Background)
	})

	t.Run("one sheet per build", func(t *testing.T) {
		assert.NotSame(t, sheet, Build(S1, DefaultOptions).Doc.Sheet)
	})
}
