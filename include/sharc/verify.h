/* Verification of IR against each operation's rules. */
#ifndef SHARC_VERIFY_H
#define SHARC_VERIFY_H

#include "sharc/ir.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Verifies `op` and everything nested in it; emits diagnostics and returns
 * false at the first violation. For a module sharc_parse_source* just
 * returned, unchanged since, the function bodies the parser verified as it
 * finished each are not walked again (same result, same diagnostics). */
SHARC_API bool sharc_verify(sharc_op *op);

/* sharc_verify(op) for an op verified again and again as passes change it:
 * when `op` (or the op directly holding it) passed the last time, only the
 * ops marked by changes since are verified again (same diagnostics: the
 * rest passed and nothing it reads changed; src/ir/verify_marks.c says
 * what a change marks); a change others may read (to the top op, its
 * body's op list, a non-function op there, a function's signature)
 * verifies it whole. SHARC_FULL_VERIFY=1 in the environment verifies
 * whole every time, to compare. */
SHARC_API bool sharc_verify_changed(sharc_op *op);

/* The checks that passed in the verification under way, for verifiers
 * whose outcome is a pure function of uniqued things (attributes, types,
 * the op's parent): `key` names the check and everything it reads. The IR
 * does not change while it is verified, and ops alike (the layers of a
 * model) ask the same question; only passes are remembered, so a failing
 * check always runs and reports. True if `key` passed earlier in this
 * verification; false outside a verification. */
SHARC_API bool sharc_verify_memo_passed(sharc_context *ctx, const uintptr_t *key, unsigned n);
/* Records that the check `key` passed; nothing outside a verification. */
SHARC_API void sharc_verify_memo_record(sharc_context *ctx, const uintptr_t *key, unsigned n);

/* `check` on `op`, unless it passed on an op alike (same name, attributes,
 * operand and result types, parent op name, and constant-like producers of
 * its operands) earlier in this verification. For checks that read nothing
 * else: no other defining op, use or symbol. An op with regions or
 * successors is always checked (its check may read them). */
SHARC_API bool sharc_verify_memoized(sharc_op *op, bool (*check)(sharc_op *op));

#ifdef __cplusplus
}
#endif
#endif
