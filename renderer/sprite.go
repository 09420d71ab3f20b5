package renderer

import (
	"image"
	"image/color"
	"sync"
)

// Sprites is how many sprites the sheet holds; a sprite number is taken
// modulo Sprites. SpriteSize is the side of one, in texels.
const (
	Sprites    = 16
	SpriteSize = 16
)

var (
	sheetOnce sync.Once
	sheet     *image.RGBA
)

// SpriteSheet returns the engine's sprite sheet: Sprites opaque icons of
// SpriteSize² texels side by side, sprite k at x = k·SpriteSize. Every
// renderer draws a Sprite primitive from it, scaled to the primitive's rect
// by nearest texel (the texel under each pixel's centre), so that renderers
// agree pixel for pixel. The image is shared and read-only.
func SpriteSheet() *image.RGBA {
	sheetOnce.Do(func() {
		sheet = image.NewRGBA(image.Rect(0, 0, Sprites*SpriteSize, SpriteSize))
		for k := range Sprites {
			base := hue(k)
			dark := color.RGBA{base.R / 2, base.G / 2, base.B / 2, 255}
			for y := range SpriteSize {
				for x := range SpriteSize {
					c := base
					switch {
					case x == 0 || y == 0 || x == SpriteSize-1 || y == SpriteSize-1:
						c = dark
					case (x+y+k)%SpriteSize < 2 || (k%2 == 1 && (x-y+SpriteSize)%SpriteSize < 2):
						c = color.RGBA{255, 255, 255, 255}
					}
					sheet.SetRGBA(k*SpriteSize+x, y, c)
				}
			}
		}
	})
	return sheet
}

// hue returns sprite k's colour: Sprites hues around the wheel, mid
// saturation.
func hue(k int) color.RGBA {
	h := float64(k) / Sprites * 6
	i := int(h)
	f := h - float64(i)
	const lo, hi = 70, 220
	up := uint8(lo + f*(hi-lo))
	down := uint8(hi - f*(hi-lo))
	switch i % 6 {
	case 0:
		return color.RGBA{hi, up, lo, 255}
	case 1:
		return color.RGBA{down, hi, lo, 255}
	case 2:
		return color.RGBA{lo, hi, up, 255}
	case 3:
		return color.RGBA{lo, down, hi, 255}
	case 4:
		return color.RGBA{up, lo, hi, 255}
	default:
		return color.RGBA{hi, lo, down, 255}
	}
}
