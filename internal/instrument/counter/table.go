package counter

// The one declaration. Every counter is a row here: its name (which is also
// the name of its constant and of its Snapshot field), its group and what it
// counts. zcounters.go is generated from this table by `go generate`
// (gen.go); TestGeneratedMatchesTable regenerates it in memory and fails if
// the two disagree, and TestSnapshotFieldsMatchTable checks the struct by
// reflection, so a counter cannot exist in one place and be missing from
// another.
//
//go:generate go run gen.go

// rows is read by gen.go and by the tests; the package itself uses the
// generated table.
var rows = []row{
	// The frame loop.
	{"FramesDrawn", neutral, "frames drawn by a window"},
	{"FramesRequested", neutral, "frames asked of the frame loop (by invalidation or animation)"},
	{"Invalidations", neutral, "calls that marked part of a window as needing a frame"},
	{"InvalidationsMerged", neutral, "invalidations that joined a frame already pending"},
	{"EventsDispatched", neutral, "input events delivered to the document"},
	{"TimersFired", neutral, "clock timers that ran"},
	{"AnimationTicks", neutral, "animated elements advanced by one frame"},
	{"ProbeCalls", neutral, "FrameProbe calls at the end of a frame"},

	// Style.
	{"ElementsRestyled", neutral, "elements whose computed style was recomputed"},
	{"StyleRulesMatched", neutral, "stylesheet rules applied while restyling"},
	{"StyleInherited", neutral, "children restyled because an inherited property changed"},
	{"NodesVisited", neutral, "tree nodes touched by any frame stage, dirty or clean"},

	// Boxes and layout.
	{"BoxesRebuilt", neutral, "layout boxes built or rebuilt from their elements"},
	{"NodesRelaidOut", neutral, "layout nodes whose size and position were computed"},
	{"LayoutsHeld", skip("NodesRelaidOut"), "layout nodes whose cached result was reused"},
	{"IntrinsicWidths", neutral, "layout nodes whose max-content width was computed (a row item's flex basis)"},
	{"TextMeasured", neutral, "text boxes measured against a width"},
	{"LinesWrapped", neutral, "lines produced by wrapping text"},

	// Text.
	{"RunsShaped", neutral, "text runs shaped from the font"},
	{"ShapedRunsCached", skip("RunsShaped"), "text runs served from the shaped-run cache"},
	{"ShapedRunsEvicted", neutral, "shaped runs dropped to bring the cache under its soft limit"},
	{"GlyphsRasterised", neutral, "glyph masks rasterised into the atlas"},
	{"GlyphCacheHits", skip("GlyphsRasterised"), "glyph lookups served by the atlas"},
	{"GlyphsEvicted", neutral, "glyph masks dropped to bring the atlas under its soft limit"},

	// Fragments and paint.
	{"FragmentsDiffed", neutral, "fragments compared with the previous frame's"},
	{"FragmentsChanged", neutral, "fragments that differed from the previous frame's"},
	{"ChunksEmitted", neutral, "display-list chunks whose primitives were emitted"},
	{"PrimitivesEmitted", neutral, "primitives written into the display list"},
	{"PrimitivesCulled", skip("PrimitivesSubmitted"), "primitives left out of a frame because they lie outside the viewport or clip"},
	{"PrimitivesSubmitted", neutral, "primitives handed to the renderer"},
	{"DrawOrderInsertions", neutral, "chunks placed into the draw-ordered display list"},
	{"ChunksRemoved", neutral, "chunks removed from the display list"},
	{"ChunksTranslated", skip("PrimitivesEmitted"), "painted chunks moved by a scroll instead of re-emitted"},
	{"DamageRects", neutral, "damage rectangles recorded"},
	{"DamageArea", neutral, "pixels covered by damage rectangles, summed"},

	// Hit testing, scrolling, lists, editing.
	{"HitIndexRebuilds", neutral, "rebuilds of the spatial hit index"},
	{"HitTests", neutral, "point queries against the hit index"},
	{"ScrollOffsetsApplied", neutral, "scroll containers whose offset changed in a frame"},
	{"ListRowsMounted", neutral, "virtual-list rows created"},
	{"ListRowsRecycled", neutral, "virtual-list rows rebound to another model row"},
	{"FocusChanges", neutral, "moves of keyboard focus"},
	{"TextEdits", neutral, "edits applied to a text field"},

	// Renderer.
	{"RendererFrames", renderer, "frames a renderer was handed"},
	{"RendererChunks", renderer, "changed chunks a renderer was handed"},
	{"RendererPrimitives", renderer, "primitives a renderer was handed"},
	{"DrawCalls", renderer, "draw calls a renderer issued (for gpu: draw calls submitted to GL)"},
	{"TextureUploads", renderer, "textures a renderer uploaded to the graphics device (glyph-atlas pages, the sprite sheet)"},
	{"TextureBytes", renderer, "bytes of texture a renderer uploaded"},
	{"SceneChunksVisited", renderer, "display-list chunks a renderer's scene examined to find the items meeting the frame's damage"},
	{"SceneChunksSkipped", skip("SceneChunksVisited"), "display-list chunks a renderer's scene left unexamined because no band of its index they lie in meets the damage"},
	{"InstancesWritten", renderer, "items a renderer drew from its scene (for gpu: instances written into the instance buffer)"},
	{"BufferBytes", renderer, "bytes of instance and uniform data a renderer uploaded to the graphics device, textures apart"},
	{"Presents", renderer, "frames a renderer presented"},
}
