package terminal

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestShortFunction(t *testing.T) {
	for in, want := range map[string]string{
		"github.com/perfbench/perfbench/scenario.spin": "scenario.spin",
		"runtime.mallocgc":                             "runtime.mallocgc",
		"gioui.org/widget.(*Editor).Layout":            "widget.(*Editor).Layout",
		"github.com/a/b.(*T[go.shape.string]).f":       "b.(*T[go.shape.string]).f",
		"github.com/a/b.F[...].func1":                  "b.F[...].func1",
		"github.com/a/b.(*T[github.com/c/d.E]).Method": "b.(*T[github.com/c/d.E]).Method",
	} {
		assert.Equal(t, want, shortFunction(in), in)
	}
}

func TestRowsWord(t *testing.T) {
	assert.Equal(t, "this row", RowsWord(1))
	assert.Equal(t, "these 3 rows", RowsWord(3))
}
