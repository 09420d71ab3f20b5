// Package text is the engine's text: it shapes strings with a real TrueType
// font embedded in the binary (the Go fonts), measures and wraps them for
// layout, places carets for editing, and rasterises glyph masks into an
// atlas for paint.
//
// # Shaping
//
// A Style names a face (Family, Weight, Mono) and a size in pixels. Shaping
// maps each rune to one glyph and places it by the font's advance and by the
// kerning of each pair (the font's kern table or its GPOS pair adjustments),
// unhinted. There are no ligatures, no bidirectional text and no complex
// scripts. The Go fonts carry no kerning data, so with them every pair's
// kerning is zero; a Family whose fonts have kerning is kerned.
//
// # Determinism
//
// Advances, kerning, widths and positions are computed in 26.6 fixed point,
// as the font scales them, and converted to float32 pixels last. The
// conversion is exact, so the same text in the same Style measures and
// wraps to the same bits on every machine. A Line's width is exactly the
// width of its text shaped on its own. Glyph masks are rasterised in
// floating point and feed nothing that layout reads.
//
// # Caches and soft limits
//
// A Shaper caches shaped runs by (Style, string) and an Atlas caches glyph
// masks by (Style, GlyphID). Each has a soft limit (Shaper.Limit, default
// DefaultRunLimit runs; Atlas.Limit, default DefaultGlyphLimit glyphs): a
// frame may take either past its limit, and Trim, which the engine calls on
// both at the end of every frame, evicts the least recently used entries
// until it is within the limit again. Every call counts its work in package
// counter: RunsShaped or ShapedRunsCached per Shape, ShapedRunsEvicted per
// run dropped, GlyphsRasterised or GlyphCacheHits per Lookup, GlyphsEvicted
// per glyph dropped, TextMeasured per Wrap and LinesWrapped per line.
//
// Eviction never invalidates a Run: runs are immutable and the cache only
// forgets them. An atlas Entry's position holds until the next Trim; a
// holder that keeps one across frames looks the glyph up again (a hit).
//
// # Ownership
//
// The zero Shaper and the zero Atlas are ready to use. Neither locks and
// nothing is global but the parsed Go fonts, which are read-only: all state
// lives in the values the engine owns, one goroutine at a time.
//
// # Allocation
//
// Calls served from the caches do not allocate: Shape on a cached run,
// Lookup on a cached glyph, and WrapInto when every word is cached and the
// destination Layout has room for its lines. A hover frame that repaints a
// label therefore allocates nothing here. A miss allocates the run (three
// allocations: the run, its glyphs, the copy of its text) or the mask's
// entry (and, rarely, a page); the first use of a style allocates its face.
package text
