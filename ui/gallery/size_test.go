package gallery

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSizesAreTheNamedSizesSmallestFirst(t *testing.T) {
	var got []string
	for i, s := range Sizes {
		got = append(got, s.String())
		if i > 0 {
			assert.Greater(t, s, Sizes[i-1])
		}
	}
	assert.Equal(t, "s0 s1 s2 s4 s8 s13 s26", strings.Join(got, " "))
	assert.Equal(t, S13, Shipped)
	assert.Equal(t, 26, S26.Sections())
}

func TestParse(t *testing.T) {
	for _, s := range Sizes {
		t.Run(s.String(), func(t *testing.T) {
			got, err := Parse(s.String())
			require.NoError(t, err)
			assert.Equal(t, s, got)
		})
	}
	for _, name := range []string{"s3", "S13", "13", "", "s13 ", "s-1", "all"} {
		t.Run("reject "+name, func(t *testing.T) {
			_, err := Parse(name)
			require.Error(t, err)
			var se *SizeError
			require.True(t, errors.As(err, &se))
			assert.Equal(t, name, se.Name)
			msg := err.Error()
			assert.NotContains(t, msg, "\n", "one line")
			assert.Contains(t, msg, "s0 s1 s2 s4 s8 s13 s26", "lists the valid names")
		})
	}
}
