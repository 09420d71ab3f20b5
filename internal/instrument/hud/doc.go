// Package hud is the FPS monitor: an overlay any perfbench-engine document
// can mount, a sampler fed by the window's frame probe, and a probe of
// this process's resources.
//
//	h := hud.Mount(w, doc.Root(), hud.DefaultOptions) // parent: the containing block
//	h.Hide()                                          // whether it shows is the caller's choice
//	h.Show()
//
// The HUD positions itself absolutely in the parent it is mounted in.
//
// # The headline
//
// MAX FPS (the default) answers "how fast could this window redraw": 1 /
// FRAME, capped at the refresh rate the display reports. FPS answers "how
// fast is it drawing": presents in the trailing second. A window idling at
// two frames a second that could draw a hundred and twenty reads MAX 120
// and FPS 2, and only one of those would be a performance problem. A right
// click toggles the headline; a left click collapses the HUD to a tag (the
// headline alone) and back.
//
// MAX is derived, not counted: the HUD never asks for a frame in order to
// measure one, because every frame it asked for would be a full restyle,
// layout and paint charged to the application. The cap is asked of the
// display (window.Display.RefreshHz, what the platform reports), never
// inferred from present intervals — those are whole multiples of the
// panel's period and bound it only from below. The rate is asked when the
// HUD starts and again only when the window moves to a display with
// another ID. Where the display reports no rate the reading is uncapped: a
// ceiling under the truth would hide the figure the reader came for.
//
// # The rows
//
//	INTERVAL  mean interval between application presents (1 / FPS, averaged)
//	FRAME     mean draw cost (FrameInfo.Cost) of the last Window measured frames
//	P95       their 95th percentile, nearest rank (warmup below 20 frames, never 0)
//	DROP      the share of them over the frame budget
//	HITCH     ms of hitch per second of animation over them: how much later
//	          than expected frames were shown (metric.Display), coloured by
//	          Apple's bands — green good ≤ 5, amber warning 5–10, red
//	          critical ≥ 10; not-applicable under a virtual clock (every
//	          frame is drawn at the refresh it aimed at, so none could be
//	          late) and with a renderer that does not present
//	INV       requests merged into one frame; well over 1 means the window is
//	          asked to redraw faster than it draws
//	CPU       this process, top's convention: 100 is one core
//	MEM       this process's resident set
//	GPU       GPU utilisation where a source exists; missing, never 0, otherwise
//	(trace)   the last TraceLen frame costs as bars; half height is the budget
//
// FRAME, P95 and DROP are graded against the frame budget: one refresh of
// the display as it reported its rate, or one refresh at 60 Hz where it
// reports none. FrameBudget pins a budget, and the display then no longer
// replaces it.
//
// Every reading carries a quality (package metric): a window that has not
// filled reads warmup, a window that restarted at a change of display reads
// discontinuity, a source that gives nothing reads missing. Only valid
// values are numbers.
//
// # What is not measured
//
// Frames drawn before the HUD was mounted are never seen: its probe is
// attached by Mount. The first DefaultSkip frames after mounting (or after
// being shown again) are counted as presents but not measured for cost —
// the mount's own layout and cold glyphs are not what the application
// costs to run.
//
// # What the HUD costs
//
// At most one frame every TickPeriod (500 ms), and none when its readings
// did not change. The HUD has its own clock on the window's clock,
// because nothing else wakes it in a window that has stopped drawing; the
// clock also takes the CPU, MEM and GPU sample. Each tick's change to the
// overlay is made through window.TickUpdate, so the frame that shows it is
// asked for ByTick, and the sampler leaves a frame that only the tick
// asked for out of every reading. When the application asked for the same
// frame (its Reasons carry another bit), the work was wanted and the cost
// counts; the HUD's own request is not counted in INV. On a window that
// draws every refresh the tick's update rides in an application frame, so
// twice a second that frame's cost includes the overlay's update (a few
// rows of text and the trace's bars).
//
// Hidden for HiddenTicks ticks — a second — the HUD stops its clock and
// detaches its probe, and costs nothing. Shown again, it starts from an
// empty sampler: the frames the window drew meanwhile were nobody's to
// report. IdleCost measures the cost over the idle gallery.
//
// A window has one probe; the HUD attaches with Chain, after whatever
// probe the window had, and puts it back when it stops.
//
// # Definitions
//
// Defs is the one table of the HUD's readings; a test keeps this list in
// step with Defs and with what Readings emits. Every reading carries its ID
// and version, and names the clock it reads: the loop's (the window's
// scheduling clock — virtual in a harness, where its seconds are the
// scheduler's) or the process's real monotonic clock. Under a virtual
// clock CPU is not-applicable: it is CPU time per real second, and a
// virtual tick's real span is whatever the harness took.
//
// # Foreground
//
// While the window is hidden or in the background (window.SetForeground)
// the frame readings are not-foreground: its frames are nobody's to
// report. Coming back is a boundary, and the windows fill again.
//
//	ID                    version  unit                 model               clock
//	hud.fps.max           v2       fps                  derived             process
//	hud.fps               v2       fps                  rolling-count       loop
//	hud.present.interval  v2       ns                   rolling-mean        loop
//	hud.frame.cost        v2       ns                   rolling-mean        process
//	hud.frame.cost.p95    v2       ns                   rolling-percentile  process
//	hud.frame.drop        v2       share                rolling-share       process
//	hud.hitch.ratio       v3       ms/s                 interval-rate       loop
//	hud.frame.inv         v2       invalidations/frame  rolling-mean        -
//	hud.process.cpu       v2       %                    counter-rate        process
//	hud.process.mem       v1       bytes                gauge               process
//	hud.process.gpu       v1       %                    gauge               process
package hud
