package script

import "fmt"

// Want returns nil where ok holds, or else the error formatted from
// format and args: a scenario's check that its input landed, which it
// returns from its Run (the run is then Broken, not judged):
//
//	return script.Want(field.Text() == "abc", "the field holds %q, not abc", field.Text())
func Want(ok bool, format string, args ...any) error {
	if ok {
		return nil
	}
	return fmt.Errorf(format, args...)
}
