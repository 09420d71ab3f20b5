#include "textflag.h"

// func request(args *[6]uintptr, def uintptr) uintptr
//
// valgrind.h's client request for arm64: X4 points at the request and
// its arguments, X3 holds the default and receives the answer. The four
// rotations of X12 add up to 128 bits, two whole turns, and the or of X10
// with itself changes nothing, so natively this returns def.
TEXT ·request(SB), NOSPLIT, $0-24
	MOVD args+0(FP), R4
	MOVD def+8(FP), R3
	ROR $3, R12, R12
	ROR $13, R12, R12
	ROR $51, R12, R12
	ROR $61, R12, R12
	ORR R10, R10, R10
	MOVD R3, ret+16(FP)
	RET
