package style

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Issue 19, case 5: the *Rule that Define returns stays the class's rule
// when more rules are defined after it (it used to point into a slice
// that reallocated, and a later On bumped the generation but lost the
// variant).
func TestCase5DefinedRuleStaysLiveAfterMoreRules(t *testing.T) {
	var s Sheet
	r := s.Define("first", Props{})
	for i := range 100 {
		s.Define(string(rune('a'+i%26))+string(rune('a'+i/26)), Props{})
	}
	gen := s.Generation()
	r.On(Hover, Props{}.Background(RGB(1, 2, 3)))
	assert.Greater(t, s.Generation(), gen)
	assert.True(t, s.Has(s.Intern("first"), Hover), "the variant set through the kept *Rule")
	assert.Same(t, r, s.Rule(s.Intern("first")))
	var c Computed
	s.Compute(&c, nil, []Class{s.Intern("first")}, Hover, nil)
	assert.Equal(t, RGB(1, 2, 3), c.Background)
}

// Issue 19, case 7: a rule's base changes only through a method, which
// bumps the generation the windows over the sheet restyle by (assigning
// the exported Base field used to change the rule silently).
func TestCase7RuleBaseChangesAreSeen(t *testing.T) {
	var s Sheet
	r := s.Define("a", Props{}.Width(PxLen(10)))
	gen := s.Generation()
	r.Set(Props{}.Width(PxLen(20)))
	assert.Equal(t, gen+1, s.Generation())
	assert.Equal(t, []Class{s.Intern("a")}, s.ChangedSince(gen, nil))
	assert.Equal(t, Props{}.Width(PxLen(20)), r.Base())
	r.On(Focus, Props{}.Width(PxLen(30)))
	assert.Equal(t, Props{}.Width(PxLen(30)), r.Variant(Focus))
	r.On(Focus, Props{})
	assert.False(t, s.Has(s.Intern("a"), Focus), "zero props drop the variant")
	assert.Panics(t, func() { r.Variant(Hover | Focus) })
}
