// Package geom holds the engine's geometry: points and axis-aligned
// rectangles in float32 pixels. Values are plain structs, comparable with ==.
package geom

// Point is a position in pixels.
type Point struct{ X, Y float32 }

// Add returns p + q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p − q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Rect is an axis-aligned rectangle: origin X, Y and size W, H.
type Rect struct{ X, Y, W, H float32 }

// XYWH builds a rect.
func XYWH(x, y, w, h float32) Rect { return Rect{x, y, w, h} }

// Max returns the bottom-right corner.
func (r Rect) Max() Point { return Point{r.X + r.W, r.Y + r.H} }

// Empty reports whether r has no area.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Area returns W×H, or 0 when empty.
func (r Rect) Area() float32 {
	if r.Empty() {
		return 0
	}
	return r.W * r.H
}

// Translate returns r moved by d.
func (r Rect) Translate(d Point) Rect { return Rect{r.X + d.X, r.Y + d.Y, r.W, r.H} }

// Contains reports whether p lies inside r (right and bottom edges excluded).
func (r Rect) Contains(p Point) bool {
	return p.X >= r.X && p.Y >= r.Y && p.X < r.X+r.W && p.Y < r.Y+r.H
}

// Intersects reports whether r and s overlap with positive area.
func (r Rect) Intersects(s Rect) bool {
	return r.X < s.X+s.W && s.X < r.X+r.W && r.Y < s.Y+s.H && s.Y < r.Y+r.H
}

// Intersect returns the overlap of r and s (empty when they don't overlap).
func (r Rect) Intersect(s Rect) Rect {
	x0, y0 := max(r.X, s.X), max(r.Y, s.Y)
	x1, y1 := min(r.X+r.W, s.X+s.W), min(r.Y+r.H, s.Y+s.H)
	if x1 <= x0 || y1 <= y0 {
		return Rect{}
	}
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Union returns the smallest rect containing r and s; an empty operand is
// ignored.
func (r Rect) Union(s Rect) Rect {
	if r.Empty() {
		return s
	}
	if s.Empty() {
		return r
	}
	x0, y0 := min(r.X, s.X), min(r.Y, s.Y)
	x1, y1 := max(r.X+r.W, s.X+s.W), max(r.Y+r.H, s.Y+s.H)
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Inset returns r shrunk by the given edges (top, right, bottom, left);
// the size never goes below zero.
func (r Rect) Inset(e Edges) Rect {
	return Rect{r.X + e.Left, r.Y + e.Top, max(0, r.W-e.Left-e.Right), max(0, r.H-e.Top-e.Bottom)}
}

// Edges are the four sides of padding, margin or border.
type Edges struct{ Top, Right, Bottom, Left float32 }

// All returns equal edges.
func All(v float32) Edges { return Edges{v, v, v, v} }

// Sym returns edges with vertical v and horizontal h.
func Sym(v, h float32) Edges { return Edges{v, h, v, h} }

// Horizontal returns Left + Right.
func (e Edges) Horizontal() float32 { return e.Left + e.Right }

// Vertical returns Top + Bottom.
func (e Edges) Vertical() float32 { return e.Top + e.Bottom }
