package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Builds says which build of its side ran each process of a ratio's two
// sides: Head[k] is the build of head's k-th run, Base[k] of base's (any
// small integers: equal numbers are one build). A nil list is one build.
//
// Builds of one revision that differ only in their linker's function
// layout (go build -ldflags=-randlayout=SEED) run the same code at
// different speeds: measured on hover-storm, up to 2.8% apart. A ratio
// over a handful of them is a sample of the layouts too, and its
// interval is honest only if it says so ([Spread]).
type Builds struct{ Head, Base []int }

// Between is the between-build part of a time ratio's uncertainty: how
// much the builds of each side differ beyond what their processes' noise
// explains, and what that adds to the log ratio's variance. The zero
// Between is one build a side: nothing added, the interval [RatioAt]'s.
type Between struct {
	// Spread is the estimated standard deviation of one build's effect
	// on the logarithm of the time: 0.017 is a build that runs about
	// 1.7% faster or slower than the average layout.
	Spread float64
	// Var is what the builds add to the variance of the log ratio:
	// Spread² times the sum, over both sides, of the squared shares of
	// each build's processes (Spread²·(1/Bh + 1/Bb) for pairs spread
	// evenly over Bh and Bb builds).
	Var float64
	// Within is the variance of the log ratio from the processes' noise
	// alone, read from the distribution-free interval.
	Within float64
	// DF is the degrees of freedom of Within + Var (Welch–Satterthwaite,
	// Spread² estimated with one fewer than each side's builds): the
	// interval and the shift test take their quantiles from Student's t
	// with DF, since a handful of builds estimates Spread loosely. Zero
	// when Var is zero: the normal quantiles of one build a side.
	DF float64
}

// Inflation is how many times the log ratio's variance grows for the
// builds: (Within + Var) / Within, 1 when nothing is added.
func (b Between) Inflation() float64 {
	if b.Var <= 0 || !(b.Within > 0) {
		return 1
	}
	return (b.Within + b.Var) / b.Within
}

// Floor is the least half-width, in log, of the interval the builds
// alone leave at the upper p-quantile: what a ratio's interval narrows
// towards however many more pairs run over the same builds in the same
// shares, Student's t taken with the builds' own degrees of freedom, and
// their variance at the low end of its one-sided 97.5% interval
// (chi-squared), since a few builds estimate it loosely and a floor read
// too high would stop pairs that could still decide. Zero when the
// builds add nothing.
func (b Between) Floor(p float64) float64 {
	if b.Var <= 0 || b.DF <= 0 || math.IsInf(b.DF, 1) {
		return 0
	}
	// DF is (Within + Var)² over Var²/df, df the builds' own.
	total := b.Within + b.Var
	df := b.DF * b.Var * b.Var / (total * total)
	least := b.Var * df / distuv.ChiSquared{K: df}.Quantile(0.975)
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(p) * math.Sqrt(least)
}

// quantile is the upper p-quantile the interval and the test use: the
// normal's, or Student's t with DF when builds add variance.
func (b Between) quantile(p float64) float64 {
	if b.Var <= 0 || b.DF <= 0 || math.IsInf(b.DF, 1) {
		return distuv.UnitNormal.Quantile(p)
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: b.DF}.Quantile(p)
}

// survival is the upper tail of the distribution quantile inverts.
func (b Between) survival(z float64) float64 {
	if b.Var <= 0 || b.DF <= 0 || math.IsInf(b.DF, 1) {
		return distuv.UnitNormal.Survival(z)
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: b.DF}.Survival(z)
}

// Spread estimates the between-build part of the ratio of head to base
// when their processes ran several builds a side (builds says which),
// modelling each build's layout as a random effect on the log time of
// its processes, the same for every build of either side.
//
// Spread² is a moment estimate: for every two builds of one side, the
// Hodges–Lehmann shift d between their processes' log floors has
// expectation 0 and variance 2·Spread² + v, where v is the shift's
// variance from the processes' noise alone ((1/n + 1/n')·K, K read from
// the whole ratio's distribution-free interval, which the builds widen
// only a little); Spread² is the mean over those pairs of (d² − v)/2,
// and zero when that is negative. What it adds to the ratio is
// Spread²·Σw² over both sides' builds (w a build's share of its side's
// processes), since the ratio is near the difference of the two sides'
// process-weighted mean layouts.
//
// With one build a side there is nothing to estimate and the zero
// Between comes back: the interval is [RatioAt]'s, which then cannot see
// the layout the two builds happen to have. With several it widens the
// interval and weakens the test ([RatioAcross], [ShiftTestAcross]) by
// Inflation, so that an A/A of layout-only builds fails at the level it
// claims; only more builds, not more pairs, narrow the layouts' share.
// A builds list longer or shorter than its side's runs is a programming
// error and panics.
func Spread(head, base [][]float64, builds Builds) Between {
	h, hb := floorsByBuild(head, builds.Head, "head")
	b, bb := floorsByBuild(base, builds.Base, "base")
	if len(h) == 0 || len(b) == 0 {
		return Between{}
	}
	groupsH, groupsB := group(h, hb), group(b, bb)
	if len(groupsH) < 2 && len(groupsB) < 2 {
		return Between{}
	}
	within := withinVar(h, b)
	if !(within > 0) || math.IsInf(within, 0) {
		return Between{}
	}
	df := 0
	observed, null := 0.0, 0.0
	rng := rand.New(rand.NewPCG(3, 4))
	var buf []float64
	for _, g := range [][][]float64{groupsH, groupsB} {
		if len(g) < 2 {
			continue
		}
		df += len(g) - 1
		observed += pairSquares(g, &buf)
		// What the same sum is when the processes' builds are drawn at
		// random: the noise's share alone, whatever its shape and however
		// few processes a build ran.
		pool := slices.Concat(g...)
		shuffled := make([][]float64, len(g))
		// The sum is over every two builds: the more builds, the more
		// terms a draw averages, and the fewer draws it takes.
		pairs := len(g) * (len(g) - 1) / 2
		draws := max(8, Permutations*6/pairs)
		for range draws {
			rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
			at := 0
			for i := range g {
				shuffled[i] = pool[at : at+len(g[i])]
				at += len(g[i])
			}
			null += pairSquares(shuffled, &buf) / float64(draws)
		}
	}
	terms := 0
	for _, g := range [][][]float64{groupsH, groupsB} {
		terms += len(g) * (len(g) - 1) / 2
	}
	sum := (observed - null) / 2
	tau2 := max(sum/float64(terms), 0)
	shares := sharesSquared(groupsH, len(h)) + sharesSquared(groupsB, len(b))
	out := Between{Spread: math.Sqrt(tau2), Var: tau2 * shares, Within: within}
	if out.Var > 0 {
		// Welch–Satterthwaite, Within taken as known (its processes
		// outnumber the builds many times over).
		total := out.Within + out.Var
		out.DF = total * total / (out.Var * out.Var / float64(df))
	}
	return out
}

// Permutations is how many random draws of the processes' builds
// [Spread] takes the noise's share of the builds' differences from, for
// four builds a side (six pairs of builds); more builds take fewer, down
// to eight, since each draw averages more pairs.
const Permutations = 40

// pairSquares is the sum, over every two builds, of the squared
// Hodges–Lehmann shift between their processes; buf is scratch room.
func pairSquares(g [][]float64, buf *[]float64) float64 {
	s := 0.0
	for i := range g {
		for j := i + 1; j < len(g); j++ {
			d := hodgesLehmann(g[i], g[j], buf)
			s += d * d
		}
	}
	return s
}

// floorsByBuild returns the log floors of the runs that have one, with
// the build of each (0 for a nil list).
func floorsByBuild(runs [][]float64, builds []int, side string) (floors []float64, of []int) {
	if builds != nil && len(builds) != len(runs) {
		panic(fmt.Sprintf("band: %d %s builds for %d runs", len(builds), side, len(runs)))
	}
	for k, r := range runs {
		if f := Fastest(r); f > 0 {
			floors = append(floors, math.Log(f))
			if builds == nil {
				of = append(of, 0)
			} else {
				of = append(of, builds[k])
			}
		}
	}
	return floors, of
}

// group splits floors by build, in the order the builds first appear.
func group(floors []float64, of []int) [][]float64 {
	var ids []int
	var out [][]float64
	for i, f := range floors {
		j := slices.Index(ids, of[i])
		if j < 0 {
			ids = append(ids, of[i])
			out = append(out, nil)
			j = len(out) - 1
		}
		out[j] = append(out[j], f)
	}
	return out
}

func sharesSquared(groups [][]float64, n int) float64 {
	s := 0.0
	for _, g := range groups {
		w := float64(len(g)) / float64(n)
		s += w * w
	}
	return s
}

// hodgesLehmann is the median of every difference x − y, found in buf
// (grown as needed) without sorting them all.
func hodgesLehmann(x, y []float64, buf *[]float64) float64 {
	d := (*buf)[:0]
	for _, a := range x {
		for _, b := range y {
			d = append(d, a-b)
		}
	}
	*buf = d
	n := len(d)
	hi := nth(d, n/2)
	if n%2 == 1 {
		return hi
	}
	// nth leaves every element below the n/2-th before it.
	return (slices.Max(d[:n/2]) + hi) / 2
}

// nth reorders d so that d[k] is its k-th smallest element, every one
// before it no larger and every one after no smaller, and returns it
// (Hoare's selection).
func nth(d []float64, k int) float64 {
	lo, hi := 0, len(d)-1
	for lo < hi {
		pivot := d[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for d[i] < pivot {
				i++
			}
			for d[j] > pivot {
				j--
			}
			if i <= j {
				d[i], d[j] = d[j], d[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return d[k]
		}
	}
	return d[k]
}

// withinVar is the variance of the log shift between two sets of log
// floors, read from the width of their distribution-free 95% interval
// (half of it over the normal's 1.96); NaN when they are too few for one.
func withinVar(h, b []float64) float64 {
	d := make([]float64, 0, len(h)*len(b))
	for _, x := range h {
		for _, y := range b {
			d = append(d, x-y)
		}
	}
	slices.Sort(d)
	n, m := len(h), len(b)
	z := distuv.UnitNormal.Quantile(0.975)
	nm := float64(n * m)
	c := int(math.Floor(nm/2 - z*math.Sqrt(nm*float64(n+m+1)/12)))
	if c < 1 {
		return math.NaN()
	}
	half := (d[len(d)-c] - d[c-1]) / 2 / z
	return half * half
}
