package geom

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRectOps(t *testing.T) {
	a := XYWH(0, 0, 10, 10)
	b := XYWH(5, 5, 10, 10)
	assert.True(t, a.Intersects(b))
	assert.Equal(t, XYWH(5, 5, 5, 5), a.Intersect(b))
	assert.Equal(t, XYWH(0, 0, 15, 15), a.Union(b))
	assert.Equal(t, a, a.Union(Rect{}))
	assert.False(t, a.Intersects(XYWH(10, 0, 5, 5)), "touching edges do not overlap")
	assert.True(t, a.Contains(Point{0, 0}))
	assert.False(t, a.Contains(Point{10, 5}))
	assert.Equal(t, XYWH(1, 2, 6, 4), a.Inset(Edges{2, 3, 4, 1}))
	assert.Equal(t, float32(0), XYWH(0, 0, -1, 5).Area())
}
