package raster

import "image"

// Difference summarises how two pictures differ.
type Difference struct {
	// Pixels is how many pixels have a channel differing by more than the
	// tolerance; First is the first of them in row order.
	Pixels int
	First  image.Point
	// Max is the largest difference of any channel, 0…255.
	Max int
}

// Diff compares two pictures of the same size channel by channel; a pixel
// differs when any channel differs by more than tol. Pictures of different
// sizes differ everywhere.
func Diff(a, b *image.RGBA, tol int) Difference {
	var d Difference
	if a.Rect != b.Rect {
		d.Pixels = max(a.Rect.Dx()*a.Rect.Dy(), b.Rect.Dx()*b.Rect.Dy(), 1)
		d.Max = 255
		return d
	}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		pa := a.Pix[a.PixOffset(a.Rect.Min.X, y):a.PixOffset(a.Rect.Max.X, y)]
		pb := b.Pix[b.PixOffset(b.Rect.Min.X, y):b.PixOffset(b.Rect.Max.X, y)]
		for i := 0; i < len(pa); i += 4 {
			worst := 0
			for c := range 4 {
				v := int(pa[i+c]) - int(pb[i+c])
				worst = max(worst, v, -v)
			}
			d.Max = max(d.Max, worst)
			if worst > tol {
				if d.Pixels == 0 {
					d.First = image.Pt(a.Rect.Min.X+i/4, y)
				}
				d.Pixels++
			}
		}
	}
	return d
}
