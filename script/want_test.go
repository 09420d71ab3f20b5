package script_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/perfbench/perfbench/script"
)

func TestWantSaysWhatDidNotLand(t *testing.T) {
	assert.NoError(t, script.Want(true, "never %s", "shown"))
	assert.EqualError(t, script.Want(false, "the field holds %q, not %q", "ab", "abc"), `the field holds "ab", not "abc"`)
}
