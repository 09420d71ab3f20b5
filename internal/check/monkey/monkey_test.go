package monkey_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/perfbench/perfbench/internal/check/monkey/docgen"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/check/monkey"
	"github.com/perfbench/perfbench/ui/document"
	"github.com/perfbench/perfbench/ui/window"
)

func TestSameSeedSameRun(t *testing.T) {
	for _, doc := range monkey.Docs {
		run := func() (string, []window.NodeGeometry) {
			o := monkey.DefaultOptions
			o.Doc, o.Seed = doc, 11
			drv, err := monkey.Open(o, window.Options{})
			require.NoError(t, err)
			var acts []string
			for range 40 {
				acts = append(acts, drv.Step()...)
			}
			return strings.Join(acts, "\n"), drv.W.Geometry(nil)
		}
		a1, g1 := run()
		a2, g2 := run()
		assert.Equal(t, a1, a2, doc)
		assert.Equal(t, g1, g2, doc)
	}
	_, err := monkey.Open(monkey.Options{Doc: "nonsense"}, window.Options{})
	assert.ErrorContains(t, err, `unknown document "nonsense" (valid: random, gallery)`)
}

// The grammar reaches every element kind, nests, and builds documents of
// about the size asked for.
func TestGenerateCoversTheGrammar(t *testing.T) {
	kinds := map[document.Kind]int{}
	deepest := 0
	for seed := range uint64(20) {
		d := docgen.Generate(docgen.Seeded(seed), 300)
		n := 0
		document.Walk(d.Root(), func(x *document.Node) bool {
			kinds[x.Kind()]++
			deepest = max(deepest, x.Depth())
			n++
			return true
		})
		assert.InDelta(t, 300, n, 60, "seed %d", seed)
	}
	for _, k := range document.Kinds() {
		assert.Positive(t, kinds[k], "kind %v never generated", k)
	}
	assert.GreaterOrEqual(t, deepest, docgen.MaxDepth-1)
}

// 400 steps see every action of the vocabulary, the viewport at a tiny
// and a huge size, and handlers doing each of their effects, some of
// them while the click that called them was dispatched.
func TestDriverUsesTheWholeVocabulary(t *testing.T) {
	o := monkey.DefaultOptions
	o.Seed = 4
	drv, err := monkey.Open(o, window.Options{})
	require.NoError(t, err)
	seen := map[string]bool{}
	tiny, huge := false, false
	effects := map[string]bool{}
	dispatched := 0
	for range 400 {
		for _, a := range drv.Step() {
			seen[strings.Fields(a)[0]] = true
			if strings.HasPrefix(a, "handle clicks on ") {
				effects[strings.SplitN(strings.SplitN(a, ": ", 2)[1], " (", 2)[0]] = true
			}
		}
		if drv.Dispatched() {
			dispatched++
		}
		s := drv.W.Size()
		tiny = tiny || min(s.X, s.Y) <= 13
		huge = huge || max(s.X, s.Y) > 4000
	}
	for e := monkey.Nothing; e <= monkey.ScrollUp; e++ {
		assert.True(t, effects[e.String()], "no handler to %v in 400 steps: %v", e, effects)
	}
	assert.Positive(t, dispatched, "no handler changed the document while its click was dispatched")
	for _, verb := range []string{"move", "click", "wheel", "key", "type", "resize", "add", "remove", "set", "select",
		"new-scroll", "new-list", "new-tabs", "insert", "scroll", "redefine",
		"add", "remove", "give", "drop", "hide", "show", "handle", "give", "hostile", "misuse"} {
		assert.True(t, seen[verb], "no %q in 400 steps: %v", verb, fmt.Sprint(seen))
	}
	assert.True(t, tiny, "a viewport of 13 px or less")
	assert.True(t, huge, "a viewport of over 4000 px")
}

func TestBytesReadsZerosOnceExhausted(t *testing.T) {
	b := &docgen.Bytes{B: []byte{7, 9}}
	assert.Equal(t, 1, b.IntN(3))
	assert.False(t, b.Exhausted())
	assert.Equal(t, 9, b.IntN(10))
	assert.True(t, b.Exhausted())
	assert.Equal(t, 0, b.IntN(5))
}

// Hostile and Misuse reach every class of argument the engine must drop,
// refuse or clamp; a call let through or answered with any other panic
// fails the action itself.
func TestDriverMisusesEveryClassOfArgument(t *testing.T) {
	o := monkey.DefaultOptions
	o.Seed = 5
	drv, err := monkey.Open(o, window.Options{})
	require.NoError(t, err)
	seen := map[string]int{}
	classes := map[string]string{
		"dropped":            "input dropped",
		"far outside":        "a point far outside",
		"another document's": "another document's node",
		"removed":            "a removed node",
		"nil:":               "nil",
		"NaN":                "NaN",
		"Inf":                "an infinity",
		"Rebind of":          "a non-row or a row outside the model",
		"Select on":          "Select on a kind without panels",
		"SetCaret":           "a caret anywhere",
		"resize":             "a size refused",
		"display at":         "a refresh rate out of range",
		"scroll to the end":  "a list far down",
		"px tall":            "a class very tall",
		"(style: ":           "a style property refused",
		"past the range":     "a size past the range",
	}
	for range 400 {
		for _, a := range []monkey.Action{monkey.Hostile, monkey.Misuse, monkey.Remove} {
			what := drv.Act(a)
			for k := range classes {
				if strings.Contains(what, k) {
					seen[k]++
				}
			}
			drv.Clk.AdvanceTo(drv.W.NextRefresh())
		}
	}
	for k, c := range classes {
		assert.Positive(t, seen[k], "no %s in 400 hostile and misuse actions", c)
	}
	assert.Positive(t, drv.W.Dropped())
}

// A handler bound to the equal element of a clone changes the clone as
// the original changes the original: what lets a checker give a rebuilt
// window the live one's handlers.
func TestAHandlingBoundToACloneDoesTheSame(t *testing.T) {
	for e := monkey.Nothing; e <= monkey.ScrollUp; e++ {
		t.Run(e.String(), func(t *testing.T) {
			d := docgen.Generate(docgen.Seeded(7), 120)
			c := d.Clone()
			h := monkey.Handling{Consumes: e%2 == 0, Does: e, Class: "wide"}
			// The deepest element in tree order, which every effect takes.
			var a, b *document.Node
			document.Walk(d.Root(), func(n *document.Node) bool {
				if a == nil || n.Depth() > a.Depth() {
					a = n
				}
				return true
			})
			b = c.Node(a.ID())
			before := dump(d)
			require.Equal(t, before, dump(c))
			assert.Equal(t, h.Consumes, h.Bind(d, a)(window.Left))
			assert.Equal(t, h.Consumes, h.Bind(c, b)(window.Left))
			assert.Equal(t, dump(d), dump(c))
			assert.Equal(t, e != monkey.Nothing, dump(d) != before, "%v changed the document", e)
		})
	}
}

// dump writes a document's tree: kinds, classes, text and offsets.
func dump(d *document.Document) string {
	var b strings.Builder
	document.Walk(d.Root(), func(n *document.Node) bool {
		var cls []string
		for _, c := range n.Classes() {
			cls = append(cls, d.Sheet.Name(c))
		}
		fmt.Fprintf(&b, "%*s%v %v %q %g\n", n.Depth(), "", n.Kind(), cls, n.Text(), n.ScrollY())
		return true
	})
	return b.String()
}
