#include "textflag.h"

// func request(args *[6]uintptr, def uintptr) uintptr
//
// valgrind.h's client request for amd64: RAX points at the request and
// its arguments, RDX holds the default and receives the answer. The four
// rotations of RDI add up to 128 bits, two whole turns, and the exchange
// of RBX with itself changes nothing, so natively this returns def.
TEXT ·request(SB), NOSPLIT, $0-24
	MOVQ args+0(FP), AX
	MOVQ def+8(FP), DX
	ROLQ $3, DI
	ROLQ $13, DI
	ROLQ $61, DI
	ROLQ $51, DI
	XCHGQ BX, BX
	MOVQ DX, ret+16(FP)
	RET
