package main

import (
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/renderer"
)

func TestScreenshotWritesThePicture(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.png")
	code, stdout, stderr := perfbench(t, "screenshot", "--size", "s1", "--phase", "hover", "--steps", "2", path)
	require.Equal(t, exitPass, code, stderr)
	assert.Contains(t, stdout, "s1 gallery, 1280×800, cpu renderer, after 2 hover steps")
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, 1280, img.Bounds().Dx())
}

func TestScreenshotBadInputLeavesTheFile(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"size", []string{"--size", "s99"}, "s99"},
		{"phase", []string{"--phase", "wobble"}, "valid: "},
		{"steps without a phase", []string{"--steps", "3"}, "--steps needs --phase"},
		{"renderer", []string{"--renderer", "vulkan"}, "unknown renderer \"vulkan\" (valid: null cpu gpu)"},
		{"not a png", []string{"--size", "s1"}, ".png"},
	}
	if !slices.Contains(renderer.Names(), "gpu") {
		cases = append(cases, struct {
			name string
			args []string
			want string
		}{"gpu not built", []string{"--renderer", "gpu"}, "go build -tags gpu ./cmd/perfbench"})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "keep.png")
			if c.name == "not a png" {
				path = filepath.Join(dir, "keep.jpg")
			}
			require.NoError(t, os.WriteFile(path, []byte("before"), 0o644))
			code, _, stderr := perfbench(t, append(append([]string{"screenshot"}, c.args...), path)...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, stderr, c.want)
			assert.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %s", stderr)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, "before", string(b))
			entries, _ := os.ReadDir(dir)
			assert.Len(t, entries, 1, "no temporary file left behind")
		})
	}
}
