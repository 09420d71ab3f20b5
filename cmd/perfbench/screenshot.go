package main

import (
	"fmt"
	"image"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/harness"
	"github.com/perfbench/perfbench/internal/check/phase"
	"github.com/perfbench/perfbench/ui/gallery"
)

func init() { subcommands = append(subcommands, newScreenshotCmd) }

func newScreenshotCmd(s *streams) *cobra.Command {
	var sizeName, phaseName, rendName string
	var steps int
	var withHUD, real bool
	cmd := &cobra.Command{
		Use:   "screenshot FILE.png",
		Short: "Render the gallery, after an optional phase, to a PNG",
		Long: `Render the gallery at one size (default s13, the shipped gallery) and
write what the renderer drew as a PNG, after --steps steps of --phase if
given. --hud mounts the FPS monitor over it; gpu needs a -tags gpu build.

Phases: ` + strings.Join(phase.Names(), " ") + `
Sizes:  ` + strings.Join(sizeNames(), " ") + `

Details: perfbench's docs/diagnosis.md and docs/gpu.md.`,
		Example: "  perfbench screenshot docs/gallery.png\n  perfbench screenshot --phase hover --steps 12 hover.png\n  perfbench screenshot --renderer gpu --size s1 gpu.png\n  perfbench screenshot --renderer gpu --hud --real \\\n      --phase hover --steps 120 hud.png",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			if !strings.EqualFold(filepath.Ext(path), ".png") {
				return harness.Usagef("screenshot: %q: the file must end in .png", path)
			}
			size, err := gallery.Parse(sizeName)
			if err != nil {
				return harness.UsageError{Err: err}
			}
			p, err := phase.Lookup(phaseName)
			if err != nil {
				return harness.UsageError{Err: err}
			}
			img, err := screenshot(rendName, p, size, steps, phase.ShotOptions{HUD: withHUD, Real: real})
			if err != nil {
				return err
			}
			if err := phase.WritePNG(path, img); err != nil {
				return err
			}
			fmt.Fprintf(s.out, "%s: %s gallery, %d×%d, %s renderer", path, size, img.Rect.Dx(), img.Rect.Dy(), rendName)
			if steps > 0 {
				fmt.Fprintf(s.out, ", after %d %s steps", steps, p.Name)
				if real {
					fmt.Fprint(s.out, " on the real clock")
				}
			}
			if withHUD {
				fmt.Fprint(s.out, ", HUD mounted")
			}
			fmt.Fprintln(s.out)
			return nil
		},
	}
	cmd.Flags().StringVar(&sizeName, "size", "s13", "gallery size")
	cmd.Flags().StringVar(&phaseName, "phase", "idle", "phase whose steps run before the picture")
	cmd.Flags().IntVar(&steps, "steps", 0, "how many of the phase's steps to run")
	cmd.Flags().BoolVar(&withHUD, "hud", false, "mount the FPS monitor over the gallery before the first step")
	cmd.Flags().BoolVar(&real, "real", false, "run the steps on the real clock, one per display refresh")
	rendererFlag(cmd, &rendName, "cpu", "renderer that draws the picture")
	return harness.Declare(cmd,
		harness.IntRange("steps", 0, harness.NoLimit, ""),
		harness.Refuse(func(fs *pflag.FlagSet) bool { return steps > 0 && !fs.Changed("phase") }, "--steps needs --phase"),
		harness.Refuse(func(*pflag.FlagSet) bool { return real && steps == 0 }, "--real needs --phase and --steps: it runs the steps on the real clock"))
}

// screenshot opens the named renderer and takes the picture with it.
func screenshot(rendName string, p *phase.Phase, size gallery.Size, steps int, o phase.ShotOptions) (*image.RGBA, error) {
	r, release, err := openRenderer(rendName)
	if err != nil {
		return nil, err
	}
	defer release()
	return phase.Screenshot(r, rendName, p, size, steps, o)
}
