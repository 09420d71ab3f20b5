package ratchet

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestProcessSpread(t *testing.T) {
	assert.Equal(t, 1.5, processSpread([][]float64{{2, 2, 2}, {3, 3}, {2.5}}))
	assert.Equal(t, 0.0, processSpread([][]float64{{2, 2, 2}}), "one process has no spread")
}
