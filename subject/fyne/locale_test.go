package fyne_test

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/subject/fyne/internal/locale"
)

func TestQuietOnlyForACLocaleWithACodeset(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"LANG": "C.UTF-8"}, true},
		{map[string]string{"LANG": "POSIX.utf8"}, true},
		{map[string]string{"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, true},
		{map[string]string{"LC_MESSAGES": "C@euro"}, true},
		{map[string]string{"LANG": "C"}, false},           // go-locale reads it as no locale
		{map[string]string{"LANG": "de_DE.UTF-8"}, false}, // a language Fyne parses
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "fr"}, false},
		{map[string]string{"LC_ALL": "de_DE.UTF-8", "LANG": "C.UTF-8"}, false},
		{map[string]string{}, false},
	} {
		lang, ok := locale.Quiet(func(k string) string { return c.env[k] })
		assert.Equal(t, c.want, ok, "%v", c.env)
		if ok {
			assert.Equal(t, "en", lang)
		}
	}
}

// A Fyne program's process on a machine with LANG=C.UTF-8 prints nothing
// about its locale, while one whose locale Fyne cannot parse still says
// so: the process is this test binary, started again with no test to run,
// so that only its initialization speaks.
func TestAProcessUnderACLocalePrintsNoLocaleError(t *testing.T) {
	if testing.Short() {
		t.Skip("starts this test binary twice")
	}
	run := func(lang string) string {
		env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
			for _, k := range []string{"LANG=", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="} {
				if strings.HasPrefix(kv, k) {
					return true
				}
			}
			return false
		})
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(env, "LANG="+lang)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}
	assert.NotContains(t, run("C.UTF-8"), "locale")
	assert.Contains(t, run("xx_INVALID!"), "Error parsing user locale xx-INVALID!", "a locale Fyne cannot parse is still reported")
}
