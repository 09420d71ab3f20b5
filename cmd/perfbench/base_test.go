package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/band"
)

// gitRepo makes a repository with one commit whose ./cmd/perfbench does
// not build, and makes it the working directory.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on PATH")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                "module example.com/broken\n\ngo 1.26\n",
		"cmd/perfbench/main.go": "package main\n\nfunc main() { this does not compile }\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "."},
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "a base that does not build"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	t.Chdir(dir)
	return dir
}

// tree returns every file under dir (the .git directory too) with a hash
// of its bytes and its modification time.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out[p] = fmt.Sprintf("%x %s", sha256.Sum256(b), info.ModTime())
		return nil
	}))
	return out
}

// --base with a revision git does not know, a dirty working tree or a base
// that does not build is a one-line usage error, exit 2, and no file of
// the repository (its .git included) changes.
func TestBaseBadInputIsExitTwoAndTouchesNothing(t *testing.T) {
	dir := gitRepo(t)
	for _, tt := range []struct {
		name  string
		dirty bool
		args  []string
		want  string
	}{
		{"unknown revision", false, []string{"--base", "no-such-rev"}, `--base no-such-rev: unknown revision`},
		{"base does not build", false, []string{"--base", "HEAD"}, `--base HEAD: the base does not build: `},
		{"dirty tree", true, []string{"--base", "HEAD"}, `--base HEAD: the working tree has uncommitted changes`},
		{"both bases", false, []string{"--base", "HEAD", "--base-binary", "x"}, `--base and --base-binary both name a base`},
		{"not a binary", false, []string{"--base-binary", filepath.Join(dir, "go.mod")}, `not an executable file`},
		{"one pair", false, []string{"--base", "HEAD", "--pairs", "1"}, `--pairs must be at least 2`},
		{"negative budget", false, []string{"--base", "HEAD", "--budget", "-1s"}, `--budget must not be negative`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.dirty {
				p := filepath.Join(dir, "go.mod")
				orig, err := os.ReadFile(p)
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(p, append(orig, "// edited\n"...), 0o644))
				t.Cleanup(func() { require.NoError(t, os.WriteFile(p, orig, 0o644)) })
			}
			before := tree(t, dir)
			code, stdout, stderr := perfbench(t, append([]string{"scenarios", "test-fixed"}, tt.args...)...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Empty(t, stdout)
			// Progress lines may come first; the error is the last line,
			// and one line.
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			assert.Contains(t, lines[len(lines)-1], tt.want)
			for _, l := range lines[:len(lines)-1] {
				assert.True(t, strings.HasPrefix(l, "base: "), "only progress before the error: %q", l)
			}
			assert.Equal(t, before, tree(t, dir), "no file changed")
		})
	}
}

// The same binary on both sides: every number passes, every time's ratio
// is 1, and nothing is listed as changed.
func TestBaseBinarySameBuildPasses(t *testing.T) {
	self, err := os.Executable()
	require.NoError(t, err)
	code, stdout, stderr := perfbench(t, "scenarios", "test-fixed", "--base-binary", self, "--pairs", "2", "--budget", "0", "--json")
	require.Equal(t, exitPass, code, stderr)
	var o pairedForm
	require.NoError(t, json.Unmarshal([]byte(stdout), &o))
	assert.Equal(t, band.Pass, o.Verdict)
	require.NotEmpty(t, o.Numbers)
	for _, n := range o.Numbers {
		assert.Equal(t, band.Pass, n.Verdict, "%s", n.Name)
		assert.Empty(t, n.Note, "%s", n.Name)
		if n.Kind == band.KindTime {
			require.NotNil(t, n.Ratio)
			assert.Equal(t, 1.0, *n.Ratio)
			assert.Equal(t, 2, n.Pairs)
		}
	}
}
