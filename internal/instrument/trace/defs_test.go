package trace

import (
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/internal/instrument/registry"
)

// TestSummarizeEmitsTheSessionDefs checks the table against what is really
// emitted, both ways: every Session metric is reported, with the version
// and unit of its definition, and nothing is reported that is not defined.
func TestSummarizeEmitsTheSessionDefs(t *testing.T) {
	for set := 1; set <= registry.DefsVersion; set++ {
		t.Run("set "+strconv.Itoa(set), func(t *testing.T) {
			f, err := os.Open("testdata/basic.jsonl")
			require.NoError(t, err)
			defer f.Close()
			s, err := SummarizeWith(f, Options{Defs: set})
			require.NoError(t, err)
			assert.Equal(t, set, s.Defs)

			want := map[string]registry.Def{}
			for _, d := range registry.Select(set, registry.Session) {
				want[d.ID] = d
			}
			emitted := map[string]bool{}
			for _, r := range s.Metrics {
				d, ok := want[r.ID]
				require.True(t, ok, "%s is emitted but not defined in set %d", r.ID, set)
				assert.Equal(t, d.Version, r.Version, r.ID)
				assert.Equal(t, d.Unit, r.Unit, r.ID)
				emitted[r.ID] = true
			}
			for id := range want {
				assert.True(t, emitted[id], "%s is defined but not emitted", id)
			}
		})
	}
}
