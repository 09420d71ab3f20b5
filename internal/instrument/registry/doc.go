// Package registry is the one table of the metrics perfbench defines
// ([Defs]), each computed by one of package metric's models, and the
// [Reading] of one metric in a report.
//
// Package trace's Summarize reports each Session metric with its version,
// the HUD shows the Live ones, and a test keeps the table below in step
// with Defs. A change of window, percentile method, freshness, reset rule,
// unit or valid-0 rule is a new version, and the old one stays in the
// table: a metric's version is the definition set (DefsVersion) it
// appeared in, and trace.SummarizeWith replays a trace under an older
// set, so a report read later can be reproduced by the definitions that
// made it.
// Set 2 derives every metric only from a source that can carry it (the
// trace header says what scheduled the frames and whether they were
// presented).
//
//	ID                         version  unit      model
//	frame.count                v1       frames    count
//	frame.cost.p50             v1       ns        session-aggregate
//	frame.cost.p95             v1       ns        session-aggregate
//	frame.cost.p99             v1       ns        session-aggregate
//	frame.cost.max             v1       ns        session-aggregate
//	frame.interval.p50         v2       ns        session-aggregate
//	frame.interval.p95         v2       ns        session-aggregate
//	frame.rate.avg             v2       fps       session-aggregate
//	frame.interval.dist        v2       share     rolling-distribution
//	present.count              v1       presents  count
//	present.count              v2       presents  conditional
//	present.interval.p50       v1       ns        session-aggregate
//	present.interval.p50       v2       ns        session-aggregate
//	present.interval.p90       v1       ns        session-aggregate
//	present.interval.p90       v2       ns        session-aggregate
//	present.interval.p99       v1       ns        session-aggregate
//	present.interval.p99       v2       ns        session-aggregate
//	present.interval.max       v1       ns        session-aggregate
//	present.interval.max       v2       ns        session-aggregate
//	present.jitter             v1       ns        derived
//	present.jitter             v2       ns        derived
//	present.fps.avg            v1       fps       session-aggregate
//	present.fps.avg            v2       fps       session-aggregate
//	present.fps.low1           v1       fps       session-aggregate
//	present.fps.low1           v2       fps       session-aggregate
//	present.jank               v1       frames    session-aggregate
//	present.jank               v2       frames    session-aggregate
//	display.time.p50           v3       ns        session-aggregate
//	display.time.max           v3       ns        session-aggregate
//	display.change.p95         v3       ns        session-aggregate
//	display.change.rate        v3       fps       session-aggregate
//	animation.error.p95        v3       ns        session-aggregate
//	animation.error.max        v3       ns        session-aggregate
//	hitch.time                 v3       ns        session-aggregate
//	hitch.ratio                v3       ms/s      interval-rate
//	frame.overrun.p95          v3       ns        session-aggregate
//	frame.overrun.max          v3       ns        session-aggregate
//	jank.delayed.share         v3       share     frame-window
//	jank.delayed.worst         v3       share     frame-window
//	jank.missed.run            v3       refreshes session-aggregate
//	input.count                v2       events    count
//	input.to.end.p50           v2       ns        session-aggregate
//	input.to.end.p95           v2       ns        session-aggregate
//	input.to.present.p50       v2       ns        session-aggregate
//	input.to.present.p95       v2       ns        session-aggregate
//	wait.in.share              v2       share     interval-rate
//	wait.out.share             v2       share     interval-rate
//	wait.out.p50               v2       ns        session-aggregate
//	stage.p50                  v1       ns        session-aggregate
//	stage.p50                  v2       ns        session-aggregate
//	live.present.interval      v1       ns        event-interval
//	live.present.fps           v1       fps       rolling-count
//	live.present.interval.p95  v1       ns        rolling-percentile
//	live.present.jitter        v1       ns        derived
package registry
