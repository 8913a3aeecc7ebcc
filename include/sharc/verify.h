/* Verification of IR against each operation's rules. */
#ifndef SHARC_VERIFY_H
#define SHARC_VERIFY_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Verifies `op` and everything nested in it; emits diagnostics and returns
 * false at the first violation. */
SHARC_API bool sharc_verify(sharc_op *op);

#ifdef __cplusplus
}
#endif
#endif
