package main

import (
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/renderer"
)

func TestScreenshotWritesThePicture(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.png")
	code, stdout, stderr := perfbench(t, "screenshot", "--size", "s1", "--phase", "hover", "--steps", "2", path)
	require.Equal(t, harness.ExitPass, code, stderr)
	assert.Contains(t, stdout, "s1 gallery, 1280×800, cpu renderer, after 2 hover steps")
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, 1280, img.Bounds().Dx())
}

// TestScreenshotMountsTheHUD: with --hud the FPS monitor's panel covers
// the gallery's top-left corner, and the rest of the picture is the one
// drawn without it.
func TestScreenshotMountsTheHUD(t *testing.T) {
	dir := t.TempDir()
	decode := func(args ...string) *image.RGBA {
		path := filepath.Join(dir, strings.Join(args, "")+".png")
		code, stdout, stderr := perfbench(t, append(append([]string{"screenshot", "--size", "s1", "--phase", "hover", "--steps", "40"}, args...), path)...)
		require.Equal(t, harness.ExitPass, code, stderr)
		if len(args) > 0 {
			assert.Contains(t, stdout, "HUD mounted")
		}
		f, err := os.Open(path)
		require.NoError(t, err)
		defer f.Close()
		img, err := png.Decode(f)
		require.NoError(t, err)
		rgba, ok := img.(*image.RGBA)
		if !ok {
			rgba = image.NewRGBA(img.Bounds())
			draw.Draw(rgba, img.Bounds(), img, image.Point{}, draw.Src)
		}
		return rgba
	}
	plain, with := decode(), decode("--hud")
	// The panel is 200 px wide, 8 px in: its middle differs, the far
	// corner does not.
	assert.NotEqual(t, plain.RGBAAt(100, 60), with.RGBAAt(100, 60), "the HUD's panel")
	assert.Equal(t, plain.RGBAAt(1200, 700), with.RGBAAt(1200, 700), "the gallery beside it")
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
		{"negative steps", []string{"--steps", "-1"}, "--steps must be at least 0, got -1"},
		{"real without steps", []string{"--real", "--hud"}, "--real needs --phase and --steps"},
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
			assert.Equal(t, harness.ExitUsage, code)
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
