package band

import "fmt"

// CheckDirection returns an error unless d is a count's direction.
func CheckDirection(d Direction) error {
	if d != AtMost && d != AtLeast && d != Exactly {
		return fmt.Errorf("direction %q is not %s, %s or %s", d, AtMost, AtLeast, Exactly)
	}
	return nil
}
