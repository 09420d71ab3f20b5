package counter

import (
	"bytes"
	"os"
	"reflect"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/counter/internal/countergen"
)

func TestGeneratedMatchesTable(t *testing.T) {
	src, err := os.ReadFile("table.go")
	require.NoError(t, err)
	parsed, err := countergen.Parse(src)
	require.NoError(t, err)
	want, err := countergen.Generate(parsed)
	require.NoError(t, err)
	got, err := os.ReadFile("zcounters.go")
	require.NoError(t, err)
	if !bytes.Equal(got, want) {
		t.Fatal("zcounters.go is out of date with table.go: run go generate ./internal/instrument/counter")
	}
	require.Len(t, parsed, len(rows))
	for i, r := range rows {
		assert.Equal(t, r.name, parsed[i].Name)
	}
}

func TestSnapshotFieldsMatchTable(t *testing.T) {
	typ := reflect.TypeFor[Snapshot]()
	require.Equal(t, Count, typ.NumField(), "one Snapshot field per counter")
	require.Len(t, rows, Count)
	for i := range Count {
		f := typ.Field(i)
		c := Counter(i)
		assert.Equal(t, reflect.Uint64, f.Type.Kind(), f.Name)
		assert.Equal(t, c.String(), f.Name, "field %d", i)
		assert.Equal(t, rows[i].name, c.String())
		assert.Equal(t, rows[i].group.kind, c.Group().Kind, c.String())
		if c.Group().Kind == Skip {
			assert.Equal(t, rows[i].group.done, c.Group().Done.String())
		}
		got, ok := Lookup(f.Name)
		assert.True(t, ok)
		assert.Equal(t, c, got)
	}
	// Writing through the array view lands in the named field.
	var s Snapshot
	s.Set(LayoutsHeld, 7)
	assert.Equal(t, uint64(7), s.LayoutsHeld)
	assert.Equal(t, uint64(7), reflect.ValueOf(s).FieldByName("LayoutsHeld").Uint())
}

func TestTableCoversTheStages(t *testing.T) {
	assert.GreaterOrEqual(t, Count, 40)
	for _, name := range []string{"ElementsRestyled", "NodesVisited", "BoxesRebuilt", "NodesRelaidOut",
		"LayoutsHeld", "FragmentsDiffed", "PrimitivesEmitted", "PrimitivesCulled", "DrawOrderInsertions",
		"HitIndexRebuilds", "ChunksTranslated", "GlyphsRasterised", "GlyphCacheHits", "ShapedRunsCached",
		"Invalidations", "FramesDrawn"} {
		_, ok := Lookup(name)
		assert.True(t, ok, name)
	}
	for _, c := range Skips() {
		assert.NotEqual(t, Skip, c.Group().Done.Group().Kind, "%s's done counter must count work done", c)
	}
}

func TestParseRejectsBadDone(t *testing.T) {
	_, err := countergen.Parse([]byte(`package counter
var rows = []row{{"A", skip("Nope"), "a"}}`))
	assert.ErrorContains(t, err, "Nope")
}

func TestSnapshotDeltaAndString(t *testing.T) {
	if !Enabled {
		t.Skip("counters compiled out")
	}
	defer Exclusive()()
	Reset()
	before := Take()
	Add(ElementsRestyled, 2)
	Inc(FramesDrawn)
	d := before.Delta(Take())
	assert.Equal(t, uint64(2), d.Get(ElementsRestyled))
	assert.Equal(t, uint64(1), d.FramesDrawn)
	assert.Equal(t, "FramesDrawn=1 ElementsRestyled=2", d.String())
	assert.Equal(t, "{}", Snapshot{}.String())
	assert.Equal(t, map[string]uint64{"FramesDrawn": 1, "ElementsRestyled": 2}, d.Map())
	assert.Equal(t, uint64(2), Load(ElementsRestyled))
	Reset()
	assert.True(t, Take().IsZero())
	// A delta across a reset reads zero rather than wrapping.
	assert.True(t, d.Delta(Snapshot{}).IsZero())
}

func TestAddIsAtomic(t *testing.T) {
	if !Enabled {
		t.Skip("counters compiled out")
	}
	defer Exclusive()()
	Reset()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 1000 {
				Inc(HitTests)
			}
		})
	}
	wg.Wait()
	assert.Equal(t, uint64(8000), Load(HitTests))
}

func BenchmarkAdd(b *testing.B) {
	for b.Loop() {
		Add(NodesVisited, 1)
	}
}
