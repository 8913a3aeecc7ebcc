/* The verifier's checks that op definitions call from their own hooks
 * (interfaces MLIR verifies through the op). The verifier lives in the asm
 * layer because its messages print ops and attributes (see
 * docs/architecture.md). */
#ifndef SHARC_ASM_VERIFY_INTERNAL_H
#define SHARC_ASM_VERIFY_INTERNAL_H

#include "ir/context.h"
#include "ir/ir_internal.h"
#include "support/word_memo.h"

/* sharc_verify_memo_passed, inline: the sdy hooks ask it for every
 * sharding and rule a verification meets, and nearly every answer is a hit
 * (a hash, one probe and a compare, cheaper than the call around it). */
static inline bool sharc_verify_memo_hit(const sharc_context *ctx, const uintptr_t *key,
                                         unsigned n) {
  const sharc_word_memo *m = ctx->verify_memo;
  unsigned len;
  return m && m->table.cap &&
         sharc_word_memo_find_hashed(m, sharc_word_memo_hash(key, n), key, n, &len);
}

/* FunctionOpInterface's check of `arg_attrs`/`res_attrs`: dialect-prefixed
 * names only, each verified by its dialect's verify_arg_attr hook. */
bool sharc_verify_function_arg_attrs(sharc_op *op);
/* SymbolOpInterface::verify (name, visibility, declarations, parent). */
bool sharc_verify_symbol_op(sharc_op *op);
/* SingleBlock and SingleBlockImplicitTerminator<T> on region #0: at most
 * one block, non-empty, ending with an op of `terminator` -- structural
 * traits MLIR verifies before an op's ODS constraints. */
bool sharc_verify_implicit_terminator(sharc_op *op, const sharc_op_def *terminator);
/* OneResult and OneOperand where asked, in MLIR's wording. */
bool sharc_verify_one_result_operand(sharc_op *op, bool one_result, bool one_operand);

/* sharc_verify_memoized for an op with regions whose check reads of them
 * only, per region, the number of blocks, the entry block's argument
 * types, and the name and operand types of that block's last op (a
 * stablehlo.reduce and its reducer's signature); the ops inside are
 * verified on their own. */
bool sharc_verify_memoized_entry_blocks(sharc_op *op, bool (*check)(sharc_op *op));
/* sharc_verify_memoized for a check that also reads its op's ancestors
 * (an MPMD op the topology of the function holding it): ops alike under
 * the same parent op, not only a parent of the same name. */
bool sharc_verify_memoized_in_parent(sharc_op *op, bool (*check)(sharc_op *op));
/* Both: an op with regions read as sharc_verify_memoized_entry_blocks says,
 * whose check also reads its ancestors (an mpmd.fragment the topology of
 * its function), remembered per parent op. */
bool sharc_verify_memoized_entry_blocks_in_parent(sharc_op *op, bool (*check)(sharc_op *op));

/* Verification of the functions of a module while it is parsed (see
 * verify.c): the parser names the module's body block, reports each op it
 * appends there, and hands over the top-level op it returns (NULL after
 * an error; `keep` false when something parsed later may change what the
 * functions read, a location alias defined after its use). */
typedef struct sharc_hot_verify {
  sharc_block *block;  /* the module's body */
  sharc_op *through;   /* the last op of the prefix whose functions passed */
  /* the last op of the prefix whose regions (all verified here) hold no
   * symbol user or nested symbol table, or NULL */
  sharc_op *symbols_through;
  bool stopped;        /* a function did not pass quietly: no more */
  bool symbols_stopped; /* an op ended the prefix above */
  sharc_word_memo memo; /* the checks that passed, across the functions */
} sharc_hot_verify;
void sharc_hot_verify_start(sharc_hot_verify *h, sharc_block *body);
void sharc_hot_verify_op(sharc_hot_verify *h, sharc_op *op);
void sharc_hot_verify_finish(sharc_context *ctx, sharc_hot_verify *h, sharc_op *top, bool keep);
bool sharc_hot_verify_own(sharc_hot_verify *h, sharc_op *op);

#endif
