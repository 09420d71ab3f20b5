//go:build amd64 || arm64

package valgrind

// request issues client request args[0] with arguments args[1:] and
// returns Valgrind's answer, or def when the program runs natively.
//
//go:noescape
func request(args *[6]uintptr, def uintptr) uintptr
