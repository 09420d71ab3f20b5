package text

// Peek returns the cached run of text in st, if the cache holds it, without
// counting a hit and without touching the cache's recency order. It is for
// a reader of what the engine already shaped (a renderer drawing the
// display list), whose reads must not change the engine's counts or what
// the cache keeps.
func (s *Shaper) Peek(st Style, text string) (*Run, bool) {
	sr, ok := s.styles[st]
	if !ok {
		return nil, false
	}
	e, ok := sr.runs[text]
	if !ok {
		return nil, false
	}
	return &e.run, true
}

// Peek returns where the atlas keeps glyph id in st, if it holds it,
// without counting a hit, rasterising or touching the recency order: a
// renderer reads the masks the engine looked up this frame.
func (a *Atlas) Peek(st Style, id GlyphID) (Entry, bool) {
	sg, ok := a.styles[st]
	if !ok || int(id) >= len(sg.glyphs) || sg.glyphs[id] == nil {
		return Entry{}, false
	}
	return sg.glyphs[id].entry, true
}
