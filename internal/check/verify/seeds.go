package verify

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// Seeds is a random run's --seeds: a count of seeds from --seed on
// ("50"), or a range of them ("1-50", both ends included).
type Seeds struct {
	From  uint64 // 0: from --seed
	N     int
	Given bool // the flag was given: Apply changes nothing otherwise
}

var _ pflag.Value = (*Seeds)(nil)

func (f *Seeds) String() string {
	if f.From != 0 {
		return fmt.Sprintf("%d-%d", f.From, f.From+uint64(f.N)-1)
	}
	return strconv.Itoa(f.N)
}

func (f *Seeds) Type() string { return "K|A-B" }

// Set reads a count or a range, refusing anything else.
func (f *Seeds) Set(s string) error {
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("%q is neither a count (50) nor a range (1-50)", s)
		}
		*f = Seeds{N: n, Given: true}
		return nil
	}
	lo, err1 := strconv.ParseUint(a, 10, 64)
	hi, err2 := strconv.ParseUint(b, 10, 64)
	if err1 != nil || err2 != nil || lo < 1 || hi < lo {
		return fmt.Errorf("%q is not a range of seeds A-B with 1 ≤ A ≤ B", s)
	}
	*f = Seeds{From: lo, N: int(hi - lo + 1), Given: true}
	return nil
}

// Apply sets ro's seeds from f, where the flag was given.
func (f *Seeds) Apply(ro *RandomVerify) {
	if !f.Given {
		return
	}
	if f.From != 0 {
		ro.Seed = f.From
	}
	ro.Seeds = f.N
}
